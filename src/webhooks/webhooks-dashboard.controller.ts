import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { FailureMessage } from '../common/failure-message';
import { CreateWebhookDto, UpdateWebhookDto } from './dto/webhook.dto';
import { WebhookMessages as M } from './webhooks.errors';
import { WebhooksService } from './webhooks.service';

/**
 * `/webhooks` (dashboard session): the same service with the dashboard rules (variant
 * `dashboard`: empty strings apply, re-enabling resets failureCount, ::1 and *.localhost blocked),
 * plus the delivery history. Outside the public API document.
 */
@ApiExcludeController()
@SessionAuth()
@Controller('webhooks')
export class WebhooksDashboardController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @FailureMessage(M.listFailed)
  list(@Ctx() ctx: RequestContext) {
    return this.webhooks.list(ctx.userId);
  }

  @Post()
  @HttpCode(201)
  @FailureMessage(M.createFailed)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateWebhookDto) {
    return this.webhooks.create(ctx.userId, body, 'dashboard');
  }

  @Patch(':id')
  @FailureMessage(M.updateFailed)
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: UpdateWebhookDto) {
    return this.webhooks.update(ctx.userId, id, body, 'dashboard');
  }

  @Delete(':id')
  @FailureMessage(M.deleteFailed)
  remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.webhooks.remove(ctx.userId, id);
  }

  @Post(':id/regenerate-secret')
  @HttpCode(200)
  @FailureMessage(M.regenerateFailed)
  regenerate(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.webhooks.regenerateSecret(ctx.userId, id);
  }

  @Get(':id/deliveries')
  @FailureMessage('Failed to list deliveries')
  deliveries(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.webhooks.listDeliveries(ctx.userId, id);
  }
}
