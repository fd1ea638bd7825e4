import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { LimitsModule } from '../limits/limits.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { PostsModule } from '../posts/posts.module';
import { PublishingModule } from '../publishing/publishing.module';
import { RecoveryController } from './recovery.controller';
import { RecoveryResolver } from './recovery.resolver';
import { RecoveryService } from './recovery.service';

/**
 * When a post did not go out as wanted: retry failed platform posts, unpublish published ones
 * (docs/recovery.md). The rules live here; the state changes are the publishing engine's.
 */
@Module({
  imports: [PostsModule, PublishingModule, ConnectionsModule, PlatformsModule, LimitsModule, IdempotencyModule],
  controllers: [RecoveryController],
  providers: [RecoveryService, RecoveryResolver],
  exports: [RecoveryService],
})
export class RecoveryModule {}
