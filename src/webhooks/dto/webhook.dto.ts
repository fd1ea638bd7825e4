import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { WEBHOOK_EVENTS } from '../webhook-events';

/**
 * Bodies are checked by the service's rules (`webhook-input.ts`), not by decorators: the spec's
 * messages depend on the order and combination of fields. `@Allow()` keeps the fields through the
 * whitelisting pipe, untouched (types are part of the rules).
 */
export class CreateWebhookDto {
  @ApiProperty({ type: String, example: 'My endpoint' }) @Allow() name?: unknown;
  @ApiProperty({ type: String, example: 'https://example.com/hooks/posts' }) @Allow() url?: unknown;
  @ApiProperty({ type: [String], enum: WEBHOOK_EVENTS, example: ['post.published'] }) @Allow() events?: unknown;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ type: String }) @Allow() name?: unknown;
  @ApiPropertyOptional({ type: String }) @Allow() url?: unknown;
  @ApiPropertyOptional({ type: [String], enum: WEBHOOK_EVENTS }) @Allow() events?: unknown;
  @ApiPropertyOptional({ type: Boolean }) @Allow() isActive?: unknown;
}

export class WebhookView {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: [String], enum: WEBHOOK_EVENTS }) events: string[];
  @ApiProperty() isActive: boolean;
  @ApiProperty() failureCount: number;
  @ApiPropertyOptional() lastTriggeredAt?: string;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty() __v: number;
}

export class ListWebhooksResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: [WebhookView] }) webhooks: WebhookView[];
}

export class CreatedWebhookView {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: [String] }) events: string[];
  @ApiProperty({ description: 'Signing secret (`whsec_` + 64 hex); shown only here and on regenerate' }) secret: string;
  @ApiProperty() isActive: boolean;
  @ApiProperty() createdAt: string;
}

export class CreateWebhookResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: CreatedWebhookView }) webhook: CreatedWebhookView;
}

export class UpdatedWebhookView {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: [String] }) events: string[];
  @ApiProperty() isActive: boolean;
  @ApiProperty() updatedAt: string;
}

export class UpdateWebhookResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: UpdatedWebhookView }) webhook: UpdatedWebhookView;
}

export class RegenerateSecretResponse {
  @ApiProperty() success: boolean;
  @ApiProperty() secret: string;
}

export class WebhookSuccessResponse {
  @ApiProperty({ example: true }) success: boolean;
}

export class DeliveryAttemptResponse {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: Number, nullable: true }) statusCode: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty() durationMs: number;
}

export class DeliveryResponse {
  @ApiProperty() _id: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS }) event: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed', 'cancelled'] }) status: string;
  @ApiProperty() attemptCount: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) nextAttemptAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt: string | null;
  @ApiProperty({ type: Number, nullable: true }) lastStatusCode: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ type: [DeliveryAttemptResponse] }) attempts: DeliveryAttemptResponse[];
}

export class WebhookDeliveriesResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [DeliveryResponse] }) deliveries: DeliveryResponse[];
}
