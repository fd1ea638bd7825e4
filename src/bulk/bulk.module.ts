import { Module } from '@nestjs/common';
import { EngagementModule } from '../engagement/engagement.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { MediaModule } from '../media/media.module';
import { PostsModule } from '../posts/posts.module';
import { PublishingModule } from '../publishing/publishing.module';
import { QueueModule } from '../queue/queue.module';
import { BulkDashboardController } from './bulk-dashboard.controller';
import { BulkHttpSetup } from './bulk-http';
import { BulkImportReader } from './bulk-import.reader';
import { BulkController } from './bulk.controller';
import { BulkResolver } from './bulk.resolver';
import { BulkService } from './bulk.service';

/**
 * Bulk import and export of posts (docs/bulk.md): no collection of its own, only other modules'
 * services (posts, queue, validate-post, media, engagement metrics). Exports BulkService (MCP).
 */
@Module({
  imports: [PostsModule, QueueModule, PublishingModule, MediaModule, EngagementModule, IdempotencyModule],
  controllers: [BulkController, BulkDashboardController],
  providers: [BulkService, BulkImportReader, BulkHttpSetup, BulkResolver],
  exports: [BulkService],
})
export class BulkModule {}
