import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, ArrayNotEmpty, IsString, ValidateBy } from 'class-validator';
import { WhenPresent, WhenTruthy } from '../../common/validation/field-rules';
import { parseUrl } from '../url-rules';
import { DELIVERY_STATUSES } from '../schemas/webhook-delivery.schema';
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from '../webhook-events';
import { invalidEventsMessage, WebhookMessages } from '../webhooks.errors';

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
        return invalidEventsMessage(invalid, onCreate ? WEBHOOK_EVENTS : undefined);
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
  name?: string;

  @WhenPresent()
  @IsWebhookUrl()
  url?: string;

  @Transform(({ value }: { value: unknown }) => (value === '' ? [] : asList({ value })))
  @WhenPresent()
  @KnownEvents(false)
  @ArrayNotEmpty({ message: WebhookMessages.required })
  events?: WebhookEvent[];

  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : typeof value === 'boolean' ? value : undefined))
  @Allow()
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

export class DeliveryResponse {
  @ApiProperty() _id: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS }) event: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status: string;
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
