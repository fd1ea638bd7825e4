import { Field, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import { WEBHOOK_EVENTS } from '../webhook-events';

const EVENTS_DESCRIPTION = `One or more of: ${WEBHOOK_EVENTS.join(' | ')} (docs/webhooks.md)`;

// `@Allow()` keeps each field through the global whitelisting pipe; WebhooksService checks them with
// the REST DTOs (`validateInput`: CreateWebhookDto, DashboardUpdateWebhookDto) after finding the
// webhook, then the dashboard variant's destination rules (docs/webhooks.md).

@InputType()
export class CreateWebhookInput {
  @Field() @Allow() name: string;
  @Field({ description: 'https URL (private, loopback, link-local and metadata addresses refused)' }) @Allow() url: string;
  @Field(() => [String], { description: EVENTS_DESCRIPTION }) @Allow() events: string[];
}

/** Every field that is given applies (dashboard rules: "" clears the name; url "" and events [] are refused). */
@InputType()
export class UpdateWebhookInput {
  @Field(() => String, { nullable: true }) @Allow() name?: string | null;
  @Field(() => String, { nullable: true }) @Allow() url?: string | null;
  @Field(() => [String], { nullable: true, description: EVENTS_DESCRIPTION }) @Allow() events?: string[] | null;
  @Field(() => Boolean, { nullable: true, description: 'true re-enables and resets failureCount' }) @Allow() isActive?: boolean | null;
}
