import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ScheduleModule } from '@nestjs/schedule';
import { AppConfig } from '../config/app-config.service';
import { ConnectionsModule } from '../connections/connections.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { PostsModule } from '../posts/posts.module';
import { PlatformPost, PlatformPostSchema } from '../posts/schemas/platform-post.schema';
import { PostGroup, PostGroupSchema } from '../posts/schemas/post-group.schema';
import { FirstCommentRepository } from './first-comment.repository';
import { FirstCommentService } from './first-comment.service';
import { GroupRollupRepository } from './group-rollup.repository';
import { PublicationStateRepository } from './publication-state.repository';
import { PublicationStateService } from './publication-state.service';
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
 * publication state (claims, leases, attempts, outcomes, the group rollup), the publisher
 * (platform calls, retries, reconciliation) and token upkeep. docs/publishing.md. The publication
 * state lives in the posts' documents: its repositories write only the engine's fields
 * (docs/conventions.md).
 */
@Module({
  imports: [
    ScheduleModule.forRoot(),
    MongooseModule.forFeature([
      { name: PlatformPost.name, schema: PlatformPostSchema },
      { name: PostGroup.name, schema: PostGroupSchema },
    ]),
    PostsModule,
    ConnectionsModule,
    PlatformsModule,
    MediaModule,
    WebhooksModule,
  ],
  providers: [
    { provide: PUBLISHING_SETTINGS, inject: [AppConfig], useFactory: (config: AppConfig) => publishingSettingsFrom(config.env) },
    { provide: PublishingMedia, useClass: MediaPublishingMedia },
    PublicationStateRepository,
    GroupRollupRepository,
    PublicationStateService,
    FirstCommentRepository,
    FirstCommentService,
    PublisherService,
    PublishSchedulerService,
    TokenUpkeepService,
    PostValidationService,
  ],
  controllers: [ValidatePostController],
  exports: [PublishSchedulerService, TokenUpkeepService, PostValidationService, PublicationStateService],
})
export class PublishingModule {}
