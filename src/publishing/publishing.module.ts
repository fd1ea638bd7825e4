import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AppConfig } from '../config/app-config.service';
import { ConnectionsModule } from '../connections/connections.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { PostsModule } from '../posts/posts.module';
import { PostValidationService } from './post-validation.service';
import { PublishSchedulerService } from './publish-scheduler.service';
import { PublisherService } from './publisher.service';
import { MediaModule } from '../media/media.module';
import { MediaPublishingMedia, PublishingMedia } from './publishing-media';
import { PUBLISHING_SETTINGS, publishingSettingsFrom } from './publishing-settings';
import { TokenUpkeepService } from './token-upkeep.service';
import { ValidatePostController } from './validate-post.controller';
import { WebhooksModule } from '../webhooks/webhooks.module';

/**
 * The publishing engine: the scheduler tick (claims due platform posts with a lease), the
 * publisher (platform calls, retries, reconciliation) and token upkeep. docs/publishing.md.
 */
@Module({
  imports: [ScheduleModule.forRoot(), PostsModule, ConnectionsModule, PlatformsModule, MediaModule, WebhooksModule],
  providers: [
    { provide: PUBLISHING_SETTINGS, inject: [AppConfig], useFactory: (config: AppConfig) => publishingSettingsFrom(config.env) },
    { provide: PublishingMedia, useClass: MediaPublishingMedia },
    PublisherService,
    PublishSchedulerService,
    TokenUpkeepService,
    PostValidationService,
  ],
  controllers: [ValidatePostController],
  exports: [PublishSchedulerService, TokenUpkeepService, PostValidationService],
})
export class PublishingModule {}
