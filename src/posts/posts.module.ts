import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/auth.module';
import { ConnectionsModule } from '../connections/connections.module';
import { LimitsModule } from '../limits/limits.module';
import { MediaCleanupRegistry } from './media-cleanup';
import { PlatformIdUpgrade } from './platform-id-upgrade';
import { PlatformPostsRepository } from './platform-posts.repository';
import { PostChecks } from './post-checks';
import { PostEvents } from './post-events';
import { PostGroupsRepository } from './post-groups.repository';
import { PostLogsRepository } from './post-logs.repository';
import { PostsController } from './posts.controller';
import { UsageController } from './usage.controller';
import { UsageResolver } from './usage.resolver';
import { PostsResolver } from './posts.resolver';
import { PostScheduling } from './post-scheduling';
import { PostsService } from './posts.service';
import { QueuedPostsService } from './queued-posts.service';
import { PlatformPost, PlatformPostSchema } from './schemas/platform-post.schema';
import { PostGroup, PostGroupSchema } from './schemas/post-group.schema';
import { PostLog, PostLogSchema } from './schemas/post-log.schema';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { TeamsModule } from '../teams/teams.module';
import { PostApprovalsService } from './post-approvals.service';

/**
 * Post groups, platform posts and post logs. Exports PostsService (media, publishing, recovery),
 * PostScheduling (recovery checks a retry as a scheduling), PostEvents
 * (webhooks subscribe), MediaCleanupRegistry (the media module registers its cleanup) and
 * PostLogsRepository (the publishing engine writes its steps to the post log).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PostGroup.name, schema: PostGroupSchema },
      { name: PlatformPost.name, schema: PlatformPostSchema },
      { name: PostLog.name, schema: PostLogSchema },
    ]),
    AuthModule,
    ConnectionsModule,
    LimitsModule,
    IdempotencyModule,
    PlatformsModule,
    TeamsModule,
  ],
  controllers: [PostsController, UsageController],
  providers: [
    PostGroupsRepository,
    PlatformPostsRepository,
    PostLogsRepository,
    PostEvents,
    PostChecks,
    MediaCleanupRegistry,
    PostScheduling,
    PostsService,
    PostApprovalsService,
    QueuedPostsService,
    PostsResolver,
    UsageResolver,
    PlatformIdUpgrade,
  ],
  exports: [PostsService, PostApprovalsService, QueuedPostsService, PostScheduling, PostEvents, PostChecks, MediaCleanupRegistry, PostLogsRepository],
})
export class PostsModule {}
