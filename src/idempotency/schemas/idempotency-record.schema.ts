import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

/** How long a first result is replayed for a repeated key (create-post's header, MCP's argument). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/**
 * One idempotency key of one user in one scope (`create-post`, or an MCP tool's name). Inserted
 * `pending` before the call runs (the unique index makes a concurrent duplicate stop here instead
 * of running twice), then `done` with the first result, encrypted (it may hold a webhook secret or
 * a signed upload URL). A call that fails deletes its record, so it may be retried.
 */
@Schema({ collection: 'idempotency_records', timestamps: { createdAt: true, updatedAt: false } })
export class IdempotencyRecord {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;
  @Prop({ type: String, required: true })
  scope: string;
  @Prop({ type: String, required: true })
  key: string;
  /** SHA-256 of the canonical JSON of the call's input (without the key). */
  @Prop({ type: String, required: true })
  requestHash: string;
  @Prop({ type: String, required: true, enum: ['pending', 'done'] })
  state: 'pending' | 'done';
  /** Who runs the pending call; a pending record past `lockedUntil` may be taken over (a crashed run). */
  @Prop({ type: String, required: true })
  lockToken: string;
  @Prop({ type: Date, required: true })
  lockedUntil: Date;
  /** AES-256-GCM of the result's JSON (TokenCipher format). */
  @Prop({ type: String })
  result?: string;
  createdAt: Date;
}

export const IdempotencyRecordSchema = SchemaFactory.createForClass(IdempotencyRecord);
IdempotencyRecordSchema.index({ userId: 1, scope: 1, key: 1 }, { unique: true });
IdempotencyRecordSchema.index({ createdAt: 1 }, { expireAfterSeconds: IDEMPOTENCY_TTL_SECONDS });

export type IdempotencyRecordData = IdempotencyRecord & { _id: Types.ObjectId };
