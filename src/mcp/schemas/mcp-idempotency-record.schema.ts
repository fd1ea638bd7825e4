import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/** How long a tool result is replayed for a repeated `idempotencyKey` (as create-post's Idempotency-Key). */
export const MCP_IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/**
 * One `idempotencyKey` of an MCP tool call. Inserted `pending` before the tool runs (the unique
 * index makes a concurrent duplicate fail here instead of running twice), then `done` with the
 * first result, encrypted (it may hold a webhook secret or a signed upload URL).
 */
@Schema({ collection: 'mcp_idempotency_records', timestamps: { createdAt: true, updatedAt: false } })
export class McpIdempotencyRecord {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;
  @Prop({ type: String, required: true })
  tool: string;
  @Prop({ type: String, required: true })
  key: string;
  /** SHA-256 of the canonical JSON of the arguments (without the key). */
  @Prop({ type: String, required: true })
  requestHash: string;
  @Prop({ type: String, required: true, enum: ['pending', 'done'] })
  state: 'pending' | 'done';
  /** Who runs the pending call; a pending record past `lockedUntil` may be taken over (crashed run). */
  @Prop({ type: String, required: true })
  lockToken: string;
  @Prop({ type: Date, required: true })
  lockedUntil: Date;
  /** AES-256-GCM of the result's JSON (TokenCipher format). */
  @Prop({ type: String })
  result?: string;
  createdAt: Date;
}

export const McpIdempotencyRecordSchema = SchemaFactory.createForClass(McpIdempotencyRecord);
McpIdempotencyRecordSchema.index({ userId: 1, tool: 1, key: 1 }, { unique: true });
McpIdempotencyRecordSchema.index({ createdAt: 1 }, { expireAfterSeconds: MCP_IDEMPOTENCY_TTL_SECONDS });

export interface McpIdempotencyRecordData {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  tool: string;
  key: string;
  requestHash: string;
  state: 'pending' | 'done';
  lockToken: string;
  lockedUntil: Date;
  result?: string;
  createdAt: Date;
}
