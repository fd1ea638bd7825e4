import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** A create-post `Idempotency-Key`: written in the same transaction as the group it created. */
@Schema({ collection: 'post_idempotency_keys', timestamps: { createdAt: true, updatedAt: false } })
export class IdempotencyKey {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;
  @Prop({ type: String, required: true })
  key: string;
  /** SHA-256 of the canonical JSON of the request body. */
  @Prop({ type: String, required: true })
  requestHash: string;
  /** The first response, replayed for a repeat. */
  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  response: Record<string, unknown>;
  createdAt: Date;
}

export const IdempotencyKeySchema = SchemaFactory.createForClass(IdempotencyKey);
// The unique index is what makes concurrent duplicates safe: the second insert fails (E11000).
IdempotencyKeySchema.index({ userId: 1, key: 1 }, { unique: true });
IdempotencyKeySchema.index({ createdAt: 1 }, { expireAfterSeconds: IDEMPOTENCY_TTL_SECONDS });

/** A stored idempotency key as a lean read returns it. */
export type IdempotencyKeyRecord = IdempotencyKey & { _id: Types.ObjectId };
