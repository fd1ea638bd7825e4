import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/** Who did it: a person (the owner or a team member), an API key, an MCP client, a review link's visitor, or the service itself. */
export interface AuditActor {
  type: 'owner' | 'member' | 'api_key' | 'mcp' | 'review_link' | 'system';
  /** A review link's id, and the name its visitor gave (if any). */
  linkId?: string;
  name?: string;
  userId?: string;
  email?: string;
  role?: string;
  keyPrefix?: string;
}

/** One thing that happened in an account. Never holds a secret (keys by prefix, links never). */
@Schema({ collection: 'audit_log', timestamps: false })
export class AuditEntry {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  accountId: Types.ObjectId;

  @Prop({ type: Date, required: true })
  at: Date;

  @Prop({ type: String, required: true })
  action: string;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  actor: AuditActor;

  /** What it was done to: `{ type: 'post_group' | 'connection' | 'api_key' | 'webhook' | 'member' | 'invite', id }`. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  target: { type: string; id: string } | null;

  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  details: Record<string, unknown> | null;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
AuditEntrySchema.index({ accountId: 1, at: -1, _id: -1 });
AuditEntrySchema.index({ at: 1 });
export type AuditEntryRecord = AuditEntry & { _id: Types.ObjectId };
