import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Session, type SessionRecord } from './schemas/session.schema';

@Injectable()
export class SessionsRepository {
  constructor(@InjectModel(Session.name) private readonly model: Model<Session>) {}

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.model.create({ userId: new Types.ObjectId(userId), tokenHash, expiresAt });
  }

  /** A live session (the TTL monitor is lazy, so expiry is checked here too). */
  findLive(tokenHash: string, now: Date): Promise<SessionRecord | null> {
    return this.model
      .findOne({ tokenHash, expiresAt: { $gt: now } })
      .lean<SessionRecord>()
      .exec();
  }

  /** Sliding expiry, written only when it moves by more than `minStep` (not on every request). */
  async extend(id: Types.ObjectId, expiresAt: Date, minStepBefore: Date): Promise<void> {
    await this.model.updateOne({ _id: id, expiresAt: { $lt: minStepBefore } }, { $set: { expiresAt } }).exec();
  }

  /** The user's live sessions, newest first. */
  listLive(userId: string, now: Date): Promise<SessionRecord[]> {
    return this.model
      .find({ userId: new Types.ObjectId(userId), expiresAt: { $gt: now } })
      .sort({ createdAt: -1, _id: -1 })
      .lean<SessionRecord[]>()
      .exec();
  }

  /** One of the user's sessions by id; false when it is not theirs (or gone). */
  async deleteOwned(userId: string, id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: new Types.ObjectId(id), userId: new Types.ObjectId(userId) }).exec();
    return result.deletedCount === 1;
  }

  /** Every session of the user but the one with `keepTokenHash`; returns how many ended. */
  async deleteOthers(userId: string, keepTokenHash: string | null): Promise<number> {
    const result = await this.model.deleteMany({ userId: new Types.ObjectId(userId), ...(keepTokenHash ? { tokenHash: { $ne: keepTokenHash } } : {}) }).exec();
    return result.deletedCount;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.model.deleteOne({ tokenHash }).exec();
  }
}
