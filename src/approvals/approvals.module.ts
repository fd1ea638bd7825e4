import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { QueueModule } from '../queue/queue.module';
import { ApprovalsController } from './approvals.controller';
import { ApprovalsResolver } from './approvals.resolver';
import { ApprovalsService } from './approvals.service';

/** Approving or rejecting a team editor's post: it schedules through the posts and queue modules. */
@Module({
  imports: [PostsModule, QueueModule],
  controllers: [ApprovalsController],
  providers: [ApprovalsService, ApprovalsResolver],
  exports: [ApprovalsService],
})
export class ApprovalsModule {}
