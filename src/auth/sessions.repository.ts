import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { Repository } from '../database/repository';
import { Session, type SessionRecord } from './schemas/session.schema';

@Injectable()
export class SessionsRepository extends Repository<SessionRecord> {
  constructor(@InjectModel(Session.name) model: Model<Session>) {
    super(model);
  }

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.insertOne({ userId: this.oid(userId), tokenHash, expiresAt });
  }

  /** A live session (the TTL monitor is lazy, so expiry is checked here too). */
  findLive(tokenHash: string, now: Date): Promise<SessionRecord | null> {
    return this.findOne({ tokenHash: String(tokenHash), expiresAt: { $gt: now } });
  }

  /** Sliding expiry, written only when it moves by more than `minStep` (not on every request). */
  async extend(id: Types.ObjectId, expiresAt: Date, minStepBefore: Date): Promise<void> {
    await this.updateOne({ _id: id, expiresAt: { $lt: minStepBefore } }, { $set: { expiresAt } });
  }

  /** The user's live sessions, newest first. */
  listLive(userId: string, now: Date): Promise<SessionRecord[]> {
    return this.find({ userId: this.oid(userId), expiresAt: { $gt: now } }, { sort: { createdAt: -1, _id: -1 } });
  }

  /** One of the user's sessions by id; false when it is not theirs (or gone). */
  async deleteOwned(userId: string, id: string): Promise<boolean> {
    return (await this.deleteOne({ _id: this.oid(id), userId: this.oid(userId) })) === 1;
  }

  /** Every session of the user but the one with `keepTokenHash`; returns how many ended. */
  deleteOthers(userId: string, keepTokenHash: string | null): Promise<number> {
    return this.deleteMany({ userId: this.oid(userId), ...(keepTokenHash ? { tokenHash: { $ne: keepTokenHash } } : {}) });
  }

  /** The account the session acts in (null: the user's own). */
  async setAccount(tokenHash: string, accountId: string | null): Promise<void> {
    await this.updateOne({ tokenHash: String(tokenHash) }, { $set: { accountId: accountId ? this.oid(accountId) : null } });
  }

  async delete(tokenHash: string): Promise<void> {
    await this.deleteOne({ tokenHash: String(tokenHash) });
  }
}
