import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import { IdempotencyRecord, type IdempotencyRecordData } from './schemas/idempotency-record.schema';

/** Whose key, for what: the unique identity of one idempotent call. */
export interface IdempotencyScope {
  userId: string;
  scope: string;
  key: string;
}

@Injectable()
export class IdempotencyRepository extends Repository<IdempotencyRecordData> {
  constructor(@InjectModel(IdempotencyRecord.name) model: Model<IdempotencyRecord>) {
    super(model);
  }

  private identity(s: IdempotencyScope) {
    return { userId: this.oid(s.userId), scope: String(s.scope), key: String(s.key) };
  }

  findRecord(scope: IdempotencyScope): Promise<IdempotencyRecordData | null> {
    return this.findOne(this.identity(scope));
  }

  /** Throws E11000 when a record for this key exists (the unique index is the lock). */
  async insertPending(scope: IdempotencyScope, requestHash: string, lockToken: string, lockedUntil: Date): Promise<void> {
    await this.insertOne({ ...this.identity(scope), requestHash, state: 'pending', lockToken, lockedUntil });
  }

  /** Takes over a pending record whose runner's lease expired; false when someone else holds it. */
  async takeOver(scope: IdempotencyScope, lockToken: string, now: Date, lockedUntil: Date): Promise<boolean> {
    const res = await this.updateOne({ ...this.identity(scope), state: 'pending', lockedUntil: { $lt: now } }, { $set: { lockToken, lockedUntil } });
    return res.modified === 1;
  }

  /** Records the result; false when the lease was lost to another runner (nothing changes). */
  async complete(scope: IdempotencyScope, lockToken: string, result: string): Promise<boolean> {
    const res = await this.updateOne({ ...this.identity(scope), state: 'pending', lockToken }, { $set: { state: 'done', result } });
    return res.modified === 1;
  }

  /** The call failed: the key is free again, so a retry runs it. */
  async release(scope: IdempotencyScope, lockToken: string): Promise<void> {
    await this.deleteOne({ ...this.identity(scope), state: 'pending', lockToken });
  }

  async deleteExpired(scope: IdempotencyScope, olderThan: Date): Promise<void> {
    await this.deleteOne({ ...this.identity(scope), createdAt: { $lt: olderThan } });
  }
}
