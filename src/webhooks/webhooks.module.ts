import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { PostsModule } from '../posts/posts.module';
import { PostEventsSubscriber } from './post-events.subscriber';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhooksDashboardController } from './webhooks-dashboard.controller';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';
import { WebhooksResolver } from './webhooks.resolver';
import { WebhookDelivery, WebhookDeliverySchema } from './schemas/webhook-delivery.schema';
import { Webhook, WebhookSchema } from './schemas/webhook.schema';

/**
 * Webhooks: CRUD (API key and dashboard), the outbox (`WebhooksService.enqueue`, exported; post
 * events arrive through PostEvents) and the delivery worker.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Webhook.name, schema: WebhookSchema },
      { name: WebhookDelivery.name, schema: WebhookDeliverySchema },
    ]),
    PostsModule,
    IdempotencyModule,
  ],
  controllers: [WebhooksController, WebhooksDashboardController],
  providers: [WebhooksRepository, WebhookDeliveriesRepository, WebhooksService, WebhookDeliveryWorker, PostEventsSubscriber, WebhooksResolver],
  exports: [WebhooksService],
})
export class WebhooksModule {}
