import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import {
  CreateWebhookDto,
  CreateWebhookResponse,
  ListWebhooksResponse,
  RegenerateSecretResponse,
  UpdateWebhookDto,
  UpdateWebhookResponse,
  WebhookSuccessResponse,
} from './dto/webhook.dto';
import { WebhookMessages as M } from './webhooks.errors';
import { WebhooksService } from './webhooks.service';

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
}
