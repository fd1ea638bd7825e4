import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import { MediaRecord, type ConvertedFile, type MediaMetadata, type MediaRecordData, type MediaState } from './schemas/media-record.schema';

export type NewMediaRecord = Omit<MediaRecordData, '_id' | 'userId' | 'createdAt' | 'updatedAt' | 'state' | 'metadata' | 'attached'> & {
  state?: MediaState;
  metadata?: Partial<MediaMetadata>;
  attached?: boolean;
};

/**
 * Media records; plain objects out. User-facing methods take the acting `userId`. The few
 * unscoped methods are named for who may call them: the signed upload route (the URL's HMAC is
 * the capability) and the system sweep.
 */
@Injectable()
export class MediaRecordsRepository {
  constructor(@InjectModel(MediaRecord.name) private readonly model: Model<MediaRecord>) {}

  async create(userId: string, record: NewMediaRecord): Promise<MediaRecordData> {
    const [doc] = await this.model.create([{ ...record, metadata: { format: 'unknown', ...record.metadata }, userId: new Types.ObjectId(userId) }]);
    return doc.toObject() as unknown as MediaRecordData;
  }

  async setAttached(userId: string, mediaId: string): Promise<void> {
    await this.model.updateOne({ mediaId, userId }, { $set: { attached: true } }).exec();
  }

  findOne(userId: string, mediaId: string): Promise<MediaRecordData | null> {
    return this.model.findOne({ mediaId, userId }).lean<MediaRecordData>().exec();
  }

  findBySession(userId: string, sessionId: string): Promise<MediaRecordData | null> {
    return this.model.findOne({ userId, sessionId }).lean<MediaRecordData>().exec();
  }

  /** Attached, not failed media of these groups, oldest first. */
  findForGroups(userId: string, postGroupIds: string[], states: MediaState[] = ['pending', 'uploaded']): Promise<MediaRecordData[]> {
    return this.model
      .find({ userId, postGroupId: { $in: postGroupIds }, attached: true, state: { $in: states } })
      .sort({ addedAt: 1, _id: 1 })
      .lean<MediaRecordData[]>()
      .exec();
  }

  /** These records of the user, by media id (any group, any state). */
  findMany(userId: string, mediaIds: string[]): Promise<MediaRecordData[]> {
    return this.model
      .find({ userId, mediaId: { $in: mediaIds } })
      .lean<MediaRecordData[]>()
      .exec();
  }

  /** Links unattached records to a group; returns how many it linked (all or the caller aborts). */
  async attachMany(userId: string, mediaIds: string[], postGroupId: string): Promise<number> {
    const result = await this.model.updateMany({ userId, mediaId: { $in: mediaIds }, attached: false }, { $set: { postGroupId, attached: true } }).exec();
    return result.modifiedCount;
  }

  async deleteForGroup(userId: string, postGroupId: string): Promise<MediaRecordData[]> {
    const records = await this.model.find({ userId, postGroupId }).lean<MediaRecordData[]>().exec();
    if (records.length) await this.model.deleteMany({ userId, postGroupId }).exec();
    return records;
  }

  async deleteOne(userId: string, mediaId: string): Promise<boolean> {
    const result = await this.model.deleteOne({ userId, mediaId }).exec();
    return result.deletedCount === 1;
  }

  async update(userId: string, mediaId: string, set: Record<string, unknown>, unset: string[] = []): Promise<void> {
    await this.model.updateOne({ userId, mediaId }, { $set: set, ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, ''])) } : {}) }).exec();
  }

  async setConverted(userId: string, mediaId: string, converted: ConvertedFile): Promise<void> {
    await this.model.updateOne({ userId, mediaId }, { $set: { converted } }).exec();
  }

  // ── the signed upload route (the URL's signature is the capability) ───────────────────────

  findForUpload(mediaId: string): Promise<MediaRecordData | null> {
    return this.model.findOne({ mediaId }).lean<MediaRecordData>().exec();
  }

  /**
   * The URL's one use, taken atomically: only one request can move a pending, unclaimed,
   * unexpired record to claimed, however many arrive at once.
   */
  claimUpload(mediaId: string, now: Date): Promise<MediaRecordData | null> {
    return this.model
      .findOneAndUpdate(
        { mediaId, state: 'pending', uploadClaimedAt: null, uploadExpiresAt: { $gt: now } },
        { $set: { uploadClaimedAt: now } },
        { returnDocument: 'after' },
      )
      .lean<MediaRecordData>()
      .exec();
  }

  /** An interrupted upload stored nothing: give the URL back for a retry until it expires. */
  async releaseClaim(mediaId: string, claimedAt: Date): Promise<void> {
    await this.model.updateOne({ mediaId, state: 'pending', uploadClaimedAt: claimedAt }, { $unset: { uploadClaimedAt: '' } }).exec();
  }

  /** The public file route: an uploaded record owning this key (original or converted). */
  findServable(key: string): Promise<MediaRecordData | null> {
    return this.model
      .findOne({ state: 'uploaded', $or: [{ fileName: key }, { 'converted.fileName': key }] })
      .lean<MediaRecordData>()
      .exec();
  }

  // ── system sweep ──────────────────────────────────────────────────────────────────────────

  /** Pending uploads whose URL expired before `cutoff` (never completed). */
  findStalePending(cutoff: Date, limit: number): Promise<MediaRecordData[]> {
    return this.model
      .find({ state: 'pending', source: { $ne: 'process-video' }, uploadExpiresAt: { $lt: cutoff } })
      .limit(limit)
      .lean<MediaRecordData[]>()
      .exec();
  }

  /** S3 uploads not yet seen complete (the app is not in their upload path). */
  findPendingS3(limit: number): Promise<MediaRecordData[]> {
    return this.model
      .find({ state: 'pending', storageDriver: 's3', source: { $ne: 'process-video' }, type: { $ne: null } })
      .sort({ addedAt: 1 })
      .limit(limit)
      .lean<MediaRecordData[]>()
      .exec();
  }

  /** Which of these storage keys belong to a record (original or converted file). */
  async knownKeys(keys: string[]): Promise<Set<string>> {
    const records = await this.model
      .find({ $or: [{ fileName: { $in: keys } }, { 'converted.fileName': { $in: keys } }] })
      .select({ fileName: 1, converted: 1 })
      .lean<Array<Pick<MediaRecordData, 'fileName' | 'converted'>>>()
      .exec();
    const known = new Set<string>();
    for (const r of records) {
      known.add(r.fileName);
      if (r.converted?.fileName) known.add(r.converted.fileName);
    }
    return known;
  }

  async deleteSystem(mediaId: string): Promise<void> {
    await this.model.deleteOne({ mediaId }).exec();
  }
}
