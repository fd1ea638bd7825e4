import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../auth/request-context';
import { PostApprovalsService } from '../posts/post-approvals.service';
import { PostsService } from '../posts/posts.service';
import { QueueService } from '../queue/queue.service';

/**
 * An approver's decisions (docs/teams.md): approving schedules the post as its editor asked (the
 * time, now when that has passed or none was given, or the next queue slot) with every check
 * scheduling has; a refusal (a limit, no free slot, a deleted post) leaves it pending. Rejecting
 * keeps it a draft, with the comment.
 */
@Injectable()
export class ApprovalsService {
  constructor(
    private readonly approvals: PostApprovalsService,
    private readonly posts: PostsService,
    private readonly queue: QueueService,
  ) {}

  async approve(ctx: RequestContext, postGroupId: string): Promise<void> {
    const { approval, confirm, undo } = await this.approvals.decide(ctx, postGroupId, 'approved', null);
    try {
      if (approval.queue) await this.queue.add(ctx, { postGroupId });
      else await this.posts.update(ctx, postGroupId, { schedule: { status: 'scheduled', scheduledTime: approval.scheduledTime ?? new Date() } });
    } catch (err) {
      await undo();
      throw err;
    }
    await confirm();
    void this.approvals.tellRequester(ctx, approval, 'Your post was approved', `Your post ${postGroupId} was approved and is scheduled.\n`);
  }

  async reject(ctx: RequestContext, postGroupId: string, comment: string | null): Promise<void> {
    const { approval, confirm } = await this.approvals.decide(ctx, postGroupId, 'rejected', comment?.trim() ? comment.trim() : null);
    await confirm();
    void this.approvals.tellRequester(
      ctx,
      approval,
      'Your post was sent back',
      `Your post ${postGroupId} was not approved.${comment ? `\n\n${comment}` : ''}\n`,
    );
  }
}
