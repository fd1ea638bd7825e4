import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, ArrayNotEmpty, IsIn, IsString, ValidateBy } from 'class-validator';
import { WhenGiven, WhenPresent, WhenTruthy } from '../../common/validation/field-rules';
import { PageQueryDto, PaginationDto } from '../../posts/dto/list-posts.query.dto';
import { parseUrl } from '../url-rules';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../schemas/webhook-delivery.schema';
import { isWebhookEvent, SPEC_WEBHOOK_EVENTS, WEBHOOK_EVENTS, type WebhookEvent } from '../webhook-events';
import { invalidEventsMessage, TEST_EVENT, WebhookMessages } from '../webhooks.errors';

/**
 * Webhook bodies. WebhooksService checks them (`validateInput`) after finding the webhook, so an
 * unknown id answers 404 before a bad body's 400; the destination rules (private addresses,
 * HTTPS) depend on configuration and run in the service after these checks.
 */

/** A string the URL parser accepts. */
const IsWebhookUrl = (): PropertyDecorator =>
  ValidateBy({
    name: 'isWebhookUrl',
    validator: { validate: (v) => typeof v === 'string' && parseUrl(v) !== null, defaultMessage: () => WebhookMessages.invalidUrl },
  });

/** Every item a known event; the message lists each unknown one (and, on create, the valid ones). */
const KnownEvents = (onCreate: boolean): PropertyDecorator =>
  ValidateBy({
    name: 'knownEvents',
    validator: {
      // Not a list: the presence checks answer.
      validate: (v) => !Array.isArray(v) || v.every(isWebhookEvent),
      defaultMessage: (args) => {
        const invalid = (args?.value as unknown[]).filter((e) => !isWebhookEvent(e)).map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
        return invalidEventsMessage(invalid, onCreate ? SPEC_WEBHOOK_EVENTS : undefined);
      },
    },
  });

/** Create: name, url and a non-empty events array, all three, before anything else is checked. */
const RequiresWebhookFields = (): PropertyDecorator =>
  ValidateBy({
    name: 'requiresWebhookFields',
    validator: {
      validate: (_v, args) => {
        const { name, url, events } = args?.object as Record<string, unknown>;
        return !!name && typeof name === 'string' && !!url && Array.isArray(events) && events.length > 0;
      },
      defaultMessage: () => WebhookMessages.required,
    },
  });

/** One event may be sent bare; it counts as a list of one. */
const asList = ({ value }: { value: unknown }): unknown => (value === undefined || value === null || Array.isArray(value) ? value : [value]);

/** POST body of both variants. */
export class CreateWebhookDto {
  @RequiresWebhookFields()
  @ApiProperty({ type: String, example: 'My endpoint' })
  name: string;

  @IsWebhookUrl()
  @ApiProperty({ type: String, example: 'https://example.com/hooks/posts' })
  url: string;

  @KnownEvents(true)
  @ApiProperty({ type: [String], enum: WEBHOOK_EVENTS, example: ['post.published'] })
  events: WebhookEvent[];
}

/** PATCH body, API route (spec): name, url and events apply only when truthy (events [] is ignored); isActive only when a boolean. */
export class UpdateWebhookDto {
  @WhenTruthy()
  @IsString({ message: WebhookMessages.required })
  @ApiPropertyOptional({ type: String })
  name?: string;

  @WhenTruthy()
  @IsWebhookUrl()
  @ApiPropertyOptional({ type: String })
  url?: string;

  @Transform(asList)
  @WhenTruthy()
  @KnownEvents(false)
  @ApiPropertyOptional({ type: [String], enum: WEBHOOK_EVENTS })
  events?: WebhookEvent[];

  @Transform(({ value }) => (typeof value === 'boolean' ? value : undefined))
  @Allow()
  @ApiPropertyOptional({ type: Boolean })
  isActive?: boolean;
}

/**
 * PATCH body, dashboard route: every field that is present applies — name "" clears the name,
 * url "" is `Invalid URL format`, events [] or "" is the required-fields message; isActive also
 * takes the form strings "true"/"false" (anything else is ignored).
 */
export class DashboardUpdateWebhookDto {
  @WhenPresent()
  @IsString({ message: WebhookMessages.required })
  @ApiPropertyOptional({ type: String, description: '"" clears the name' })
  name?: string;

  @WhenPresent()
  @IsWebhookUrl()
  @ApiPropertyOptional({ type: String })
  url?: string;

  @Transform(({ value }: { value: unknown }) => (value === '' ? [] : asList({ value })))
  @WhenPresent()
  @KnownEvents(false)
  @ArrayNotEmpty({ message: WebhookMessages.required })
  @ApiPropertyOptional({ type: [String], enum: WEBHOOK_EVENTS, description: 'Not empty' })
  events?: WebhookEvent[];

  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : typeof value === 'boolean' ? value : undefined))
  @Allow()
  @ApiPropertyOptional({ type: Boolean, description: 'Also the form strings "true" and "false"' })
  isActive?: boolean;
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

/** Events a delivery may carry: the subscribable ones and the test event. */
export const DELIVERY_EVENTS = [...WEBHOOK_EVENTS, TEST_EVENT] as const;

/** One delivery as every REST answer shows it (never the webhook's secret; the signature is computed when sent). */
export class DeliveryResponse {
  @ApiProperty() _id: string;
  @ApiProperty() webhookId: string;
  @ApiProperty({ enum: DELIVERY_EVENTS }) event: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status: string;
  @ApiProperty({ description: 'Attempts made so far' }) attemptCount: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next attempt is due (pending only)' })
  nextAttemptAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "The last attempt's HTTP status (null: none yet, or no answer)" })
  lastStatusCode: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed (`HTTP 500`, `Timed out after 10000 ms`, `Refused: …`)' })
  lastError: string | null;
  @ApiProperty({ type: [DeliveryAttemptResponse] }) attempts: DeliveryAttemptResponse[];
  @ApiProperty({ description: 'The exact JSON body sent (and signed) on every attempt' }) payload: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class WebhookDeliveriesResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [DeliveryResponse] }) deliveries: DeliveryResponse[];
}

/** A repeated query parameter arrives as an array: the first value counts; '' and null count as absent. */
function given(value: unknown): unknown {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return first === undefined || first === null || first === '' ? undefined : first;
}

/**
 * GET /api/v1/webhooks/:id/deliveries (and list_webhook_deliveries): page and limit clamped as
 * list-posts clamps them; event and status are exact names, anything else is refused.
 */
export class ListDeliveriesQueryDto extends PageQueryDto {
  @Transform(({ value }) => given(value))
  @WhenGiven()
  @IsIn(DELIVERY_EVENTS, { message: WebhookMessages.invalidDeliveryEvent(DELIVERY_EVENTS) })
  @ApiPropertyOptional({ enum: DELIVERY_EVENTS, description: 'Only deliveries of this event; empty means all' })
  event?: (typeof DELIVERY_EVENTS)[number];

  @Transform(({ value }) => given(value))
  @WhenGiven()
  @IsIn(DELIVERY_STATUSES, { message: WebhookMessages.invalidDeliveryStatus(DELIVERY_STATUSES) })
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES, description: 'Only deliveries with this outcome; empty means all' })
  status?: DeliveryStatus;
}

export class DeliveryPageResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [DeliveryResponse], description: 'Newest first' }) deliveries: DeliveryResponse[];
  @ApiProperty({ type: PaginationDto }) pagination: PaginationDto;
}

/** The answer of test and redeliver: the new delivery, queued (it is sent by the worker right after). */
export class QueuedDeliveryResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: DeliveryResponse }) delivery: DeliveryResponse;
}
