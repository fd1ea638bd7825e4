import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { clampLimit, clampPage } from '../posts/list-posts.query';
import { CreateWebhookInput, UpdateWebhookInput } from './dto/webhook.inputs';
import { toDeliveryModel, toWebhookModel, WebhookDeliveryModel, WebhookDeliveryPageModel, WebhookModel } from './models/webhook.model';
import { MAX_WEBHOOKS_PER_USER } from './webhooks.errors';
import { WebhooksService } from './webhooks.service';

/** Dashboard GraphQL for webhooks: WebhooksService with the dashboard variant's rules (as /webhooks). */
@Resolver(() => WebhookModel)
@GqlSessionAuth()
export class WebhooksResolver {
  constructor(private readonly service: WebhooksService) {}

  // Cost: a webhook's fields once per webhook a user may have.
  @Query(() => [WebhookModel], { complexity: ({ childComplexity }) => 1 + childComplexity * MAX_WEBHOOKS_PER_USER })
  async webhooks(@Ctx() ctx: RequestContext): Promise<WebhookModel[]> {
    return (await this.service.listRecords(ctx.userId)).map((w) => toWebhookModel(w));
  }

  @Query(() => WebhookDeliveryPageModel, {
    description: 'Newest first; page ≥ 1, limit 1-100 (default 20), clamped like posts',
    complexity: ({ args, childComplexity }) => 1 + childComplexity * clampLimit(args.limit),
  })
  async webhookDeliveries(
    @Ctx() ctx: RequestContext,
    @Args('webhookId', { type: () => ID }) webhookId: string,
    @Args('page', { type: () => Int, nullable: true }) page?: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number | null,
  ): Promise<WebhookDeliveryPageModel> {
    const p = clampPage(page);
    const l = clampLimit(limit);
    const { items, total } = await this.service.pageDeliveries(ctx.userId, webhookId, p, l);
    return { items: items.map(toDeliveryModel), totalItems: total, page: p, limit: l, totalPages: Math.ceil(total / l) };
  }

  @Mutation(() => WebhookModel, { description: 'The answer carries the signing secret (only here and in regenerateWebhookSecret)' })
  async createWebhook(@Ctx() ctx: RequestContext, @Args('input', { type: () => CreateWebhookInput }) input: CreateWebhookInput): Promise<WebhookModel> {
    const { webhook, secret } = await this.service.createRecord(ctx.userId, { ...input }, 'dashboard');
    return toWebhookModel(webhook, secret);
  }

  @Mutation(() => WebhookModel)
  async updateWebhook(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('input', { type: () => UpdateWebhookInput }) input: UpdateWebhookInput,
  ): Promise<WebhookModel> {
    return toWebhookModel(await this.service.updateRecord(ctx.userId, id, { ...input }, 'dashboard'));
  }

  @Mutation(() => Boolean, { description: 'The webhook and its queued deliveries' })
  async deleteWebhook(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.service.remove(ctx.userId, id);
    return true;
  }

  @Mutation(() => WebhookModel, { description: 'A new signing secret, in this answer only; the old one stops signing at once' })
  async regenerateWebhookSecret(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<WebhookModel> {
    const { secret } = await this.service.regenerateSecret(ctx.userId, id);
    return toWebhookModel(await this.service.getRecord(ctx.userId, id), secret);
  }

  @Mutation(() => WebhookDeliveryModel, { description: 'Queues a signed `webhook.test` delivery to this webhook' })
  async sendTestWebhook(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<WebhookDeliveryModel> {
    return toDeliveryModel(await this.service.sendTest(ctx.userId, id));
  }

  @Mutation(() => WebhookDeliveryModel, { description: 'Queues a finished delivery again (same event, same payload bytes)' })
  async redeliverWebhook(@Ctx() ctx: RequestContext, @Args('deliveryId', { type: () => ID }) deliveryId: string): Promise<WebhookDeliveryModel> {
    return toDeliveryModel(await this.service.redeliver(ctx.userId, deliveryId));
  }
}
