import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { McpIdempotencyRecord, type McpIdempotencyRecordData } from './schemas/mcp-idempotency-record.schema';

export interface IdempotencyScope {
  userId: string;
  tool: string;
  key: string;
}

const filter = (s: IdempotencyScope) => ({ userId: new Types.ObjectId(s.userId), tool: s.tool, key: s.key });

@Injectable()
export class McpIdempotencyRepository {
  constructor(@InjectModel(McpIdempotencyRecord.name) private readonly model: Model<McpIdempotencyRecord>) {}

  find(scope: IdempotencyScope): Promise<McpIdempotencyRecordData | null> {
    return this.model.findOne(filter(scope)).lean<McpIdempotencyRecordData>().exec();
  }

  /** Throws E11000 when a record for this key exists (the unique index is the lock). */
  async insertPending(scope: IdempotencyScope, requestHash: string, lockToken: string, lockedUntil: Date): Promise<void> {
    await this.model.create({ ...filter(scope), requestHash, state: 'pending', lockToken, lockedUntil });
  }

  /** Takes over a pending record whose runner's lease expired; false when someone else holds it. */
  async takeOver(scope: IdempotencyScope, lockToken: string, now: Date, lockedUntil: Date): Promise<boolean> {
    const res = await this.model
      .updateOne({ ...filter(scope), state: 'pending', lockedUntil: { $lt: now } }, { $set: { lockToken, lockedUntil } })
      .exec();
    return res.modifiedCount === 1;
  }

  async complete(scope: IdempotencyScope, lockToken: string, result: string): Promise<void> {
    await this.model.updateOne({ ...filter(scope), state: 'pending', lockToken }, { $set: { state: 'done', result } }).exec();
  }

  /** The call failed: the key is free again, so a retry runs the tool. */
  async release(scope: IdempotencyScope, lockToken: string): Promise<void> {
    await this.model.deleteOne({ ...filter(scope), state: 'pending', lockToken }).exec();
  }

  async deleteExpired(scope: IdempotencyScope, olderThan: Date): Promise<void> {
    await this.model.deleteOne({ ...filter(scope), createdAt: { $lt: olderThan } }).exec();
  }
}
