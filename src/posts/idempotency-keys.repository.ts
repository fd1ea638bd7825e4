import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import { IdempotencyKey, type IdempotencyKeyRecord } from './schemas/idempotency-key.schema';

@Injectable()
export class IdempotencyKeysRepository {
  constructor(@InjectModel(IdempotencyKey.name) private readonly model: Model<IdempotencyKey>) {}

  find(userId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    return this.model.findOne({ userId, key }).lean<IdempotencyKeyRecord>().exec();
  }

  /** Throws E11000 when a concurrent request with the same key committed first. */
  async insert(
    userId: string,
    record: { key: string; requestHash: string; response: Record<string, unknown> },
  ): Promise<void> {
    await this.model.create([{ ...record, userId: new Types.ObjectId(userId) }]);
  }

  /** Drops an expired record the TTL monitor has not reached yet. */
  async deleteExpired(userId: string, key: string, olderThan: Date): Promise<void> {
    await this.model.deleteOne({ userId, key, createdAt: { $lt: olderThan } }).exec();
  }
}
