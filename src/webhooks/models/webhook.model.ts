import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import type { DeliveryRecord } from '../webhook-deliveries.repository';
import type { WebhookRecord } from '../webhooks.repository';
import { deliveryAttempts } from '../webhooks.mapper';

@ObjectType('Webhook')
export class WebhookModel {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() url: string;
  @Field(() => [String]) events: string[];
  @Field() isActive: boolean;
  @Field(() => Int, { description: 'Consecutive failed attempts (5 disable the webhook)' }) failureCount: number;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Last successful delivery' }) lastTriggeredAt: Date | null;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime) updatedAt: Date;
  @Field(() => String, {
    nullable: true,
    description: 'The signing secret: only in the answers of createWebhook and regenerateWebhookSecret, null elsewhere',
  })
  secret: string | null;
}

@ObjectType('WebhookDeliveryAttempt')
export class WebhookDeliveryAttemptModel {
  @Field(() => GraphQLISODateTime) at: Date;
  @Field() ok: boolean;
  @Field(() => Int, { nullable: true }) statusCode: number | null;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => Int) durationMs: number;
}

@ObjectType('WebhookDelivery')
export class WebhookDeliveryModel {
  @Field(() => ID) id: string;
  @Field(() => ID) webhookId: string;
  @Field() event: string;
  @Field({ description: 'pending | delivered | failed | cancelled' }) status: string;
  @Field(() => Int) attemptCount: number;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the next attempt is due (pending only)' }) nextAttemptAt: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) deliveredAt: Date | null;
  @Field(() => Int, { nullable: true }) lastStatusCode: number | null;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => [WebhookDeliveryAttemptModel]) attempts: WebhookDeliveryAttemptModel[];
  @Field({ description: 'The exact JSON body sent (and signed)' }) payload: string;
  @Field(() => GraphQLISODateTime) createdAt: Date;
}

@ObjectType('WebhookDeliveryPage')
export class WebhookDeliveryPageModel {
  @Field(() => [WebhookDeliveryModel]) items: WebhookDeliveryModel[];
  @Field(() => Int) totalItems: number;
  @Field(() => Int) page: number;
  @Field(() => Int) limit: number;
  @Field(() => Int) totalPages: number;
}

export function toWebhookModel(w: WebhookRecord, secret: string | null = null): WebhookModel {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    events: w.events,
    isActive: w.isActive,
    failureCount: w.failureCount,
    lastTriggeredAt: w.lastTriggeredAt,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    secret,
  };
}

export function toDeliveryModel(d: DeliveryRecord): WebhookDeliveryModel {
  const { nextAttemptAt, lastStatusCode, lastError, attempts } = deliveryAttempts(d);
  return {
    id: d.id,
    webhookId: d.webhookId,
    event: d.event,
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAt,
    deliveredAt: d.deliveredAt,
    lastStatusCode,
    lastError,
    attempts,
    payload: d.payload,
    createdAt: d.createdAt,
  };
}
