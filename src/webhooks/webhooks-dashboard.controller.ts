import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import {
  CreateWebhookDto,
  CreateWebhookResponse,
  ListWebhooksResponse,
  RegenerateSecretResponse,
  DashboardUpdateWebhookDto,
  UpdateWebhookResponse,
  WebhookDeliveriesResponse,
  WebhookSuccessResponse,
} from './dto/webhook.dto';
import { WebhookMessages as M } from './webhooks.errors';
import { WebhooksService } from './webhooks.service';

/**
 * `/webhooks` (dashboard session): the same service with the dashboard rules (variant
 * `dashboard`: empty strings apply, re-enabling resets failureCount, ::1 and *.localhost blocked),
 * plus the delivery history.
 */
@ApiTags('webhooks (dashboard)')
@SessionAuth()
@Controller('webhooks')
export class WebhooksDashboardController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({ summary: 'List your webhooks' })
  @ApiResponse({ status: 200, type: ListWebhooksResponse })
  @FailureMessage(M.listFailed)
  list(@Ctx() ctx: RequestContext) {
    return this.webhooks.list(ctx.userId);
  }

  @Post()
  @ApiBody({ type: CreateWebhookDto })
  @ApiOperation({ summary: 'Create a webhook (dashboard rules)' })
  @ApiResponse({ status: 201, type: CreateWebhookResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Invalid name, URL or events (docs/webhooks.md)' })
  @HttpCode(201)
  @FailureMessage(M.createFailed)
  create(@Ctx() ctx: RequestContext, @Body() body: Record<string, unknown>) {
    return this.webhooks.create(ctx.userId, body, 'dashboard');
  }

  @Patch(':id')
  @ApiBody({ type: DashboardUpdateWebhookDto })
  @ApiOperation({ summary: 'Update a webhook; re-enabling resets failureCount' })
  @ApiResponse({ status: 200, type: UpdateWebhookResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Invalid name, URL or events' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'Webhook not found' })
  @ApiParam({ name: 'id', description: 'Webhook id (24 hex characters)' })
  @FailureMessage(M.updateFailed)
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    return this.webhooks.update(ctx.userId, id, body, 'dashboard');
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook and its queued deliveries' })
  @ApiResponse({ status: 200, type: WebhookSuccessResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'Webhook not found' })
  @ApiParam({ name: 'id', description: 'Webhook id (24 hex characters)' })
  @FailureMessage(M.deleteFailed)
  remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.webhooks.remove(ctx.userId, id);
  }

  @Post(':id/regenerate-secret')
  @ApiOperation({ summary: 'Replace the signing secret of a webhook' })
  @ApiResponse({ status: 200, type: RegenerateSecretResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'Webhook not found' })
  @ApiParam({ name: 'id', description: 'Webhook id (24 hex characters)' })
  @HttpCode(200)
  @FailureMessage(M.regenerateFailed)
  regenerate(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.webhooks.regenerateSecret(ctx.userId, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'Recent deliveries of a webhook and their attempts' })
  @ApiResponse({ status: 200, type: WebhookDeliveriesResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'Webhook not found' })
  @ApiParam({ name: 'id', description: 'Webhook id (24 hex characters)' })
  @FailureMessage('Failed to list deliveries')
  deliveries(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.webhooks.listDeliveries(ctx.userId, id);
  }
}
