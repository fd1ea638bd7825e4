import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/**
 * A user's webhook. The signing secret is stored only as AES-256-GCM ciphertext
 * (`secretEncrypted`), never selected by listing queries.
 */
@Schema({ collection: 'webhooks', timestamps: true })
export class Webhook {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, index: true })
  userId: Types.ObjectId;

  @Prop({ type: String, default: '' })
  name: string;

  @Prop({ type: String, required: true })
  url: string;

  @Prop({ type: [String], required: true })
  events: string[];

  @Prop({ type: String, required: true })
  secretEncrypted: string;

  @Prop({ type: Boolean, default: true })
  isActive: boolean;

  /** Consecutive failed delivery attempts; the fifth disables the webhook. */
  @Prop({ type: Number, default: 0 })
  failureCount: number;

  @Prop({ type: Date })
  lastTriggeredAt?: Date;

  createdAt: Date;
  updatedAt: Date;
}

export const WebhookSchema = SchemaFactory.createForClass(Webhook);
