import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { IdempotencyRecord, type IdempotencyRecordData } from './schemas/idempotency-record.schema';

/** Whose key, for what: the unique identity of one idempotent call. */
export interface IdempotencyScope {
  userId: string;
  scope: string;
  key: string;
}

const filter = (s: IdempotencyScope) => ({ userId: new Types.ObjectId(s.userId), scope: s.scope, key: s.key });

@Injectable()
export class IdempotencyRepository {
  constructor(@InjectModel(IdempotencyRecord.name) private readonly model: Model<IdempotencyRecord>) {}

  find(scope: IdempotencyScope): Promise<IdempotencyRecordData | null> {
    return this.model.findOne(filter(scope)).lean<IdempotencyRecordData>().exec();
  }

  /** Throws E11000 when a record for this key exists (the unique index is the lock). */
  async insertPending(scope: IdempotencyScope, requestHash: string, lockToken: string, lockedUntil: Date): Promise<void> {
    await this.model.create({ ...filter(scope), requestHash, state: 'pending', lockToken, lockedUntil });
  }

  /** Takes over a pending record whose runner's lease expired; false when someone else holds it. */
  async takeOver(scope: IdempotencyScope, lockToken: string, now: Date, lockedUntil: Date): Promise<boolean> {
    const res = await this.model.updateOne({ ...filter(scope), state: 'pending', lockedUntil: { $lt: now } }, { $set: { lockToken, lockedUntil } }).exec();
    return res.modifiedCount === 1;
  }

  /** Records the result; false when the lease was lost to another runner (nothing changes). */
  async complete(scope: IdempotencyScope, lockToken: string, result: string): Promise<boolean> {
    const res = await this.model.updateOne({ ...filter(scope), state: 'pending', lockToken }, { $set: { state: 'done', result } }).exec();
    return res.modifiedCount === 1;
  }

  /** The call failed: the key is free again, so a retry runs it. */
  async release(scope: IdempotencyScope, lockToken: string): Promise<void> {
    await this.model.deleteOne({ ...filter(scope), state: 'pending', lockToken }).exec();
  }

  async deleteExpired(scope: IdempotencyScope, olderThan: Date): Promise<void> {
    await this.model.deleteOne({ ...filter(scope), createdAt: { $lt: olderThan } }).exec();
  }
}
