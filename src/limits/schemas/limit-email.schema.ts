import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/**
 * The limit-reached e-mail of one billing owner for one billing month. The document is both the
 * once-per-month marker (unique (ownerId, period): the insert decides, never read-then-write)
 * and the outbox entry: without SMTP the message stays here (`status: stored`).
 */
@Schema({ collection: 'limit_emails', timestamps: true })
export class LimitEmail {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  ownerId: Types.ObjectId;

  /** Billing period start, ISO: the dedupe key with ownerId. */
  @Prop({ type: String, required: true })
  period: string;

  @Prop({ type: String, required: true })
  code: string;

  @Prop({ type: String, required: true })
  to: string;

  @Prop({ type: String, required: true })
  from: string;

  @Prop({ type: String, required: true })
  subject: string;

  @Prop({ type: String, required: true })
  text: string;

  /** pending → sent (SMTP accepted it) | stored (no SMTP configured) | failed (SMTP refused). */
  @Prop({ type: String, required: true, enum: ['pending', 'sent', 'stored', 'failed'] })
  status: 'pending' | 'sent' | 'stored' | 'failed';

  @Prop({ type: String, default: null })
  failure: string | null;

  @Prop({ type: Date, default: null })
  sentAt: Date | null;

  createdAt: Date;
  updatedAt: Date;
}

export const LimitEmailSchema = SchemaFactory.createForClass(LimitEmail);
LimitEmailSchema.index({ ownerId: 1, period: 1 }, { unique: true });
