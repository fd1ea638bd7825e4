import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Kept for the dashboard's delivery history, then removed by the TTL index. */
export const DELIVERY_RETENTION_SECONDS = 30 * 24 * 3600;

@Schema({ _id: false })
export class DeliveryAttempt {
  @Prop({ type: Date, required: true })
  at: Date;

  @Prop({ type: Boolean, required: true })
  ok: boolean;

  @Prop({ type: Number, default: null })
  statusCode: number | null;

  /** Why it failed (`HTTP 500`, `Timed out after 10000 ms`, `Refused: …`); null on success. */
  @Prop({ type: String, default: null })
  error: string | null;

  @Prop({ type: Number, required: true })
  durationMs: number;
}
const DeliveryAttemptSchema = SchemaFactory.createForClass(DeliveryAttempt);

/**
 * The outbox: one document per (event, subscribed webhook), written in the same transaction as
 * the change that caused it. `availableAt` is both the due time and the lease: a worker claims a
 * due pending delivery by moving `availableAt` past its lease and setting `leaseToken`; completion
 * only applies with the same token. A crashed worker's claim becomes due again when the lease ends.
 */
@Schema({ collection: 'webhook_deliveries', timestamps: true })
export class WebhookDelivery {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  webhookId: Types.ObjectId;

  @Prop({ type: String, required: true })
  event: string;

  /** The exact JSON body sent on every attempt (so retries are byte-identical). */
  @Prop({ type: String, required: true })
  payload: string;

  @Prop({ type: String, enum: DELIVERY_STATUSES, default: 'pending' })
  status: DeliveryStatus;

  @Prop({ type: Date, required: true })
  availableAt: Date;

  @Prop({ type: String, default: null })
  leaseToken: string | null;

  @Prop({ type: Number, default: 0 })
  attemptCount: number;

  @Prop({ type: [DeliveryAttemptSchema], default: [] })
  attempts: DeliveryAttempt[];

  @Prop({ type: Date, default: null })
  deliveredAt: Date | null;

  createdAt: Date;
  updatedAt: Date;
}

export const WebhookDeliverySchema = SchemaFactory.createForClass(WebhookDelivery);
WebhookDeliverySchema.index({ status: 1, availableAt: 1 });
// A worker's next deliveries to the receiver it just served (claimBatchFor): walked in order and
// stopped after the batch, `_id` breaking ties (an event's deliveries share one `availableAt`);
// without `_id` in the index every due delivery of the receiver was read and sorted per batch.
WebhookDeliverySchema.index({ webhookId: 1, status: 1, availableAt: 1, _id: 1 });
WebhookDeliverySchema.index({ userId: 1, webhookId: 1, createdAt: -1 });
WebhookDeliverySchema.index({ createdAt: 1 }, { expireAfterSeconds: DELIVERY_RETENTION_SECONDS });
