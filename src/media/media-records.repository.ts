import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository, type Filter } from '../database/repository';
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
export class MediaRecordsRepository extends Repository<MediaRecordData> {
  constructor(@InjectModel(MediaRecord.name) model: Model<MediaRecord>) {
    super(model);
  }

  /** One record of the user (media ids are strings: a non-string matches nothing). */
  private owned(userId: string, mediaId: string): Filter {
    return { userId: this.oid(userId), mediaId: String(mediaId) };
  }

  create(userId: string, record: NewMediaRecord): Promise<MediaRecordData> {
    return this.insertOne({ ...record, metadata: { format: 'unknown', ...record.metadata }, userId: this.oid(userId) });
  }

  async setAttached(userId: string, mediaId: string): Promise<void> {
    await this.updateOne(this.owned(userId, mediaId), { $set: { attached: true } });
  }

  findOwned(userId: string, mediaId: string): Promise<MediaRecordData | null> {
    return this.findOne(this.owned(userId, mediaId));
  }

  findBySession(userId: string, sessionId: string): Promise<MediaRecordData | null> {
    return this.findOne({ userId: this.oid(userId), sessionId: String(sessionId) });
  }

  /** Attached, not failed media of these groups, oldest first. */
  findForGroups(userId: string, postGroupIds: string[], states: MediaState[] = ['pending', 'uploaded']): Promise<MediaRecordData[]> {
    return this.find(
      { userId: this.oid(userId), postGroupId: { $in: postGroupIds.map(String) }, attached: true, state: { $in: states } },
      { sort: { addedAt: 1, _id: 1 } },
    );
  }

  /** These records of the user, by media id (any group, any state). */
  findMany(userId: string, mediaIds: string[]): Promise<MediaRecordData[]> {
    return this.find({ userId: this.oid(userId), mediaId: { $in: mediaIds.map(String) } });
  }

  /** Links unattached records to a group; returns how many it linked (all or the caller aborts). */
  async attachMany(userId: string, mediaIds: string[], postGroupId: string): Promise<number> {
    const result = await this.updateMany(
      { userId: this.oid(userId), mediaId: { $in: mediaIds.map(String) }, attached: false },
      { $set: { postGroupId: String(postGroupId), attached: true } },
    );
    return result.modified;
  }

  async deleteForGroup(userId: string, postGroupId: string): Promise<MediaRecordData[]> {
    const filter = { userId: this.oid(userId), postGroupId: String(postGroupId) };
    const records = await this.find(filter);
    if (records.length) await this.deleteMany(filter);
    return records;
  }

  async deleteOwned(userId: string, mediaId: string): Promise<boolean> {
    return (await this.deleteOne(this.owned(userId, mediaId))) === 1;
  }

  async update(userId: string, mediaId: string, set: Record<string, unknown>, unset: string[] = []): Promise<void> {
    await this.updateOne(this.owned(userId, mediaId), { $set: set, ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, ''])) } : {}) });
  }

  /** Sets the alt text, or removes it when undefined. */
  async setAltText(userId: string, mediaId: string, altText: string | undefined): Promise<void> {
    await this.updateOne(this.owned(userId, mediaId), altText ? { $set: { altText } } : { $unset: { altText: '' } });
  }

  /** createPost's alt texts of the records it just attached (mediaId → alt text). */
  async setAltTexts(userId: string, altTexts: ReadonlyMap<string, string | undefined>): Promise<void> {
    for (const [mediaId, altText] of altTexts) await this.setAltText(userId, mediaId, altText);
  }

  async setConverted(userId: string, mediaId: string, converted: ConvertedFile): Promise<void> {
    await this.updateOne(this.owned(userId, mediaId), { $set: { converted } });
  }

  // ── the signed upload route (the URL's signature is the capability) ───────────────────────

  findForUpload(mediaId: string): Promise<MediaRecordData | null> {
    return this.findOne({ mediaId: String(mediaId) });
  }

  /**
   * The URL's one use, taken atomically: only one request can move a pending, unclaimed,
   * unexpired record to claimed, however many arrive at once.
   */
  claimUpload(mediaId: string, now: Date): Promise<MediaRecordData | null> {
    return this.findOneAndUpdate(
      { mediaId: String(mediaId), state: 'pending', uploadClaimedAt: null, uploadExpiresAt: { $gt: now } },
      { $set: { uploadClaimedAt: now } },
      { returnDocument: 'after' },
    );
  }

  /** An interrupted upload stored nothing: give the URL back for a retry until it expires. */
  async releaseClaim(mediaId: string, claimedAt: Date): Promise<void> {
    await this.updateOne({ mediaId: String(mediaId), state: 'pending', uploadClaimedAt: claimedAt }, { $unset: { uploadClaimedAt: '' } });
  }

  /** The public file route: an uploaded record owning this key (original or converted). */
  findServable(key: string): Promise<MediaRecordData | null> {
    const name = String(key);
    return this.findOne({ state: 'uploaded', $or: [{ fileName: name }, { 'converted.fileName': name }] });
  }

  // ── system sweep ──────────────────────────────────────────────────────────────────────────

  /** Pending uploads whose URL expired before `cutoff` (never completed). */
  findStalePending(cutoff: Date, limit: number): Promise<MediaRecordData[]> {
    return this.find({ state: 'pending', source: { $ne: 'process-video' }, uploadExpiresAt: { $lt: cutoff } }, { limit });
  }

  /** S3 uploads not yet seen complete (the app is not in their upload path). */
  /** Pending uploads straight to the store named `storageDriver` (not process-video's, which the server stores). */
  findPendingDirect(storageDriver: string, limit: number): Promise<MediaRecordData[]> {
    return this.find({ state: 'pending', storageDriver, source: { $ne: 'process-video' }, type: { $ne: null } }, { sort: { addedAt: 1 }, limit });
  }

  /** Which of these storage keys belong to a record (original or converted file). */
  async knownKeys(keys: string[]): Promise<Set<string>> {
    const records = await this.find<Pick<MediaRecordData, 'fileName' | 'converted'>>(
      { $or: [{ fileName: { $in: keys } }, { 'converted.fileName': { $in: keys } }] },
      { projection: { fileName: 1, converted: 1 } },
    );
    const known = new Set<string>();
    for (const r of records) {
      known.add(r.fileName);
      if (r.converted?.fileName) known.add(r.converted.fileName);
    }
    return known;
  }

  async deleteSystem(mediaId: string): Promise<void> {
    await this.deleteOne({ mediaId: String(mediaId) });
  }
}
