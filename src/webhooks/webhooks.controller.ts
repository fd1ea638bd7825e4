import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { DELIVERY_STATUSES } from './schemas/webhook-delivery.schema';
import {
  CreateWebhookDto,
  CreateWebhookResponse,
  DELIVERY_EVENTS,
  DeliveryPageResponse,
  ListWebhooksResponse,
  QueuedDeliveryResponse,
  RegenerateSecretResponse,
  UpdateWebhookDto,
  UpdateWebhookResponse,
  WebhookSuccessResponse,
} from './dto/webhook.dto';
import { WebhookMessages as M } from './webhooks.errors';
import { WebhooksService } from './webhooks.service';

const ID_PARAM = { name: 'id', description: 'Webhook id (24 hex characters)' };
// `@Headers` under @ApiHeader's own name: the document then lists the header once, optional (Nest reads it lowercased).
const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description:
    'Optional (1-255 visible ASCII characters): a repeat within 24 h for the same webhook (and delivery) returns the first response and queues nothing',
};
const IDEMPOTENCY_CONFLICTS = 'Idempotency-Key reused with a different request body | A request with this Idempotency-Key is still in progress; retry later';

const URL_ERRORS = `${M.invalidUrl} | ${M.httpsRequired} | ${M.localhostBlocked} | ${M.privateBlocked} | ${M.linkLocalBlocked} | ${M.metadataBlocked}`;

/** `/api/v1/webhooks` (API key): parse → WebhooksService (variant `api`) → its response. */
@ApiTags('webhooks')
@ApiKeyAuth()
@ApiHeader({ name: 'x-api-key', required: true, description: 'API key' })
@ApiResponse({ status: 401, type: ErrorResponse, description: 'API key is required | Invalid API key | Invalid API key owner' })
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @FailureMessage(M.listFailed)
  @ApiOperation({ summary: 'List webhooks (without secrets)' })
  @ApiResponse({ status: 200, type: ListWebhooksResponse })
  list(@Ctx() ctx: RequestContext) {
    return this.webhooks.list(ctx.userId);
  }

  @Post()
  @HttpCode(201)
  @FailureMessage(M.createFailed)
  @ApiBody({ type: CreateWebhookDto })
  @ApiOperation({ summary: 'Create a webhook; the response carries the signing secret (only here and on regenerate)' })
  @ApiResponse({ status: 201, type: CreateWebhookResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${M.required} | Invalid events: … | ${URL_ERRORS} | ${M.maxReached}` })
  create(@Ctx() ctx: RequestContext, @Body() body: Record<string, unknown>) {
    return this.webhooks.create(ctx.userId, body, 'api');
  }

  @Patch(':id')
  @ApiBody({ type: UpdateWebhookDto })
  @FailureMessage(M.updateFailed)
  @ApiOperation({ summary: 'Update name/url/events (applied when truthy) and isActive (when boolean)' })
  @ApiResponse({ status: 200, type: UpdateWebhookResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `Invalid events: … | ${URL_ERRORS}` })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.notFound })
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    return this.webhooks.update(ctx.userId, id, body, 'api');
  }

  @Delete(':id')
  @FailureMessage(M.deleteFailed)
  @ApiOperation({ summary: 'Delete a webhook (and its queued deliveries)' })
  @ApiResponse({ status: 200, type: WebhookSuccessResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.notFound })
  remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.webhooks.remove(ctx.userId, id);
  }

  @Post(':id/regenerate-secret')
  @HttpCode(200)
  @FailureMessage(M.regenerateFailed)
  @ApiOperation({ summary: 'Replace the signing secret; the new one is returned once' })
  @ApiResponse({ status: 200, type: RegenerateSecretResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.notFound })
  regenerate(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.webhooks.regenerateSecret(ctx.userId, id);
  }

  @Get(':id/deliveries')
  @FailureMessage(M.listDeliveriesFailed)
  @ApiOperation({ summary: "A webhook's deliveries (kept 30 days), newest first, paged; optionally of one event and/or outcome" })
  @ApiParam(ID_PARAM)
  @ApiQuery({ name: 'page', required: false, type: Number, description: 'Default 1; below 1 → 1' })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'Default 20; clamped to 1-100; 0, NaN or empty → 20' })
  @ApiQuery({ name: 'event', required: false, enum: DELIVERY_EVENTS, description: 'Exact event name; empty means all' })
  @ApiQuery({ name: 'status', required: false, enum: DELIVERY_STATUSES, description: 'Exact outcome; empty means all' })
  @ApiResponse({ status: 200, type: DeliveryPageResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Invalid event. Must be one of: … | Invalid status. Must be one of: …' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.notFound })
  deliveries(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.webhooks.listDeliveryPage(ctx.userId, id, query);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @FailureMessage(M.redeliverFailed)
  @ApiOperation({ summary: 'Queue a finished delivery again: same event and payload bytes, a new delivery id; sent by the worker right after' })
  @ApiParam(ID_PARAM)
  @ApiParam({ name: 'deliveryId', description: "Delivery id (_id from the webhook's deliveries)" })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiResponse({ status: 202, type: QueuedDeliveryResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${M.webhookDisabled} | ${M.deliveryQueued} | Invalid Idempotency-Key header` })
  @ApiResponse({ status: 404, type: ErrorResponse, description: `${M.notFound} | ${M.deliveryNotFound}` })
  @ApiResponse({ status: 409, type: ErrorResponse, description: IDEMPOTENCY_CONFLICTS })
  redeliver(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('deliveryId') deliveryId: string, @Headers('Idempotency-Key') idempotencyKey?: string) {
    return this.webhooks.queueRedelivery(ctx.userId, id, deliveryId, idempotencyKey);
  }

  @Post(':id/test')
  @HttpCode(202)
  @FailureMessage(M.testFailed)
  @ApiOperation({ summary: 'Queue a signed `webhook.test` delivery to this webhook (as the dashboard’s test); sent by the worker right after' })
  @ApiParam(ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiResponse({ status: 202, type: QueuedDeliveryResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${M.webhookDisabled} | Invalid Idempotency-Key header` })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.notFound })
  @ApiResponse({ status: 409, type: ErrorResponse, description: IDEMPOTENCY_CONFLICTS })
  test(@Ctx() ctx: RequestContext, @Param('id') id: string, @Headers('Idempotency-Key') idempotencyKey?: string) {
    return this.webhooks.queueTest(ctx.userId, id, idempotencyKey);
  }
}
