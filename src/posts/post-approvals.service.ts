import { Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import { personOf, type RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { Transactions } from '../database/transactions';
import { TeamsService } from '../teams/teams.service';
import type { CreatePostDto } from './dto/create-post.dto';
import { hasEdits } from './post-edits';
import { PostEvents } from './post-events';
import { PostMessages } from './posts.errors';
import { PostGroupsRepository } from './post-groups.repository';
import { PostsService, type PostChange } from './posts.service';
import type { MediaAltText } from './media-cleanup';
import type { PostApproval, PostGroupRecord } from './schemas/post-group.schema';

export const ApprovalMessages = {
  notAwaiting: 'This post is not awaiting approval',
  commentTooLong: 'comment must be at most 2000 characters',
};

/** What an editor asked for: a time (null: as soon as approved) or the next queue slot. */
export interface ApprovalAsk {
  scheduledTime: Date | null;
  queue: boolean;
}

/**
 * Approval before publishing (docs/teams.md): in an account that requires it, a team editor's
 * post that would be scheduled, queued or published stays a draft with a pending approval, so
 * list-posts and get-post stay what the spec says; an approver then schedules it as asked (the
 * approvals module) or rejects it with a comment. Editing an approved post that has not gone out
 * sends it back for approval.
 */
@Injectable()
export class PostApprovalsService {
  private readonly logger = new Logger(PostApprovalsService.name);

  constructor(
    private readonly posts: PostsService,
    private readonly groups: PostGroupsRepository,
    private readonly teams: TeamsService,
    private readonly events: PostEvents,
    private readonly transactions: Transactions,
  ) {}

  needsApproval(ctx: RequestContext): Promise<boolean> {
    return this.teams.needsApproval(ctx);
  }

  /** create-post for an editor who needs approval: a draft, with the asked time waiting for approval. */
  async createAwaitingApproval(
    ctx: RequestContext,
    body: CreatePostDto,
    options: { mediaIds?: string[]; mediaAltTexts?: MediaAltText[] },
    ask: { queue: boolean },
  ): Promise<string> {
    const scheduledTime = body.scheduledTime ? new Date(body.scheduledTime) : null;
    const { postGroupId } = await this.posts.create(ctx, { ...body, scheduledTime: undefined } as CreatePostDto, undefined, options);
    // A draft asked for nothing: it is not waiting for anyone.
    if (scheduledTime || ask.queue) await this.request(ctx, postGroupId, { scheduledTime, queue: ask.queue });
    return postGroupId;
  }

  /**
   * update for an editor who needs approval: a move to scheduled becomes a request (the edits
   * are applied, the group stays or becomes a draft); edits to an approved post that has not gone
   * out send it back for approval. Anything else is an ordinary update.
   */
  async updateAwaitingApproval(ctx: RequestContext, postGroupId: string, change: PostChange): Promise<void> {
    const { group } = await this.posts.get(ctx, postGroupId);
    const schedule = change.schedule;
    const wantsSchedule = !!schedule && schedule.status !== 'draft' && (schedule.status === 'scheduled' || group.status === 'scheduled');
    const reopens = !!change.edits && hasEdits(change.edits) && group.approval?.state === 'approved' && group.status === 'scheduled';
    if (!wantsSchedule && !reopens) {
      await this.posts.update(ctx, postGroupId, change);
      return;
    }
    if (change.edits && hasEdits(change.edits)) await this.posts.update(ctx, postGroupId, { edits: change.edits });
    if (group.status === 'scheduled') await this.posts.update(ctx, postGroupId, { schedule: { status: 'draft' } });
    // Without a new time, the one asked before (a draft awaiting approval keeps it on its approval).
    const asked = schedule?.scheduledTime ?? group.scheduledTime ?? group.approval?.scheduledTime ?? null;
    await this.request(ctx, postGroupId, { scheduledTime: asked, queue: false });
  }

  /** add-to-queue of a draft for an editor who needs approval: the request, for the next slot once approved. */
  async requestQueueSlot(ctx: RequestContext, postGroupId: string): Promise<string> {
    const { group } = await this.posts.get(ctx, postGroupId);
    if (group.status !== 'draft') throw ApiError.badRequest(PostMessages.notQueueable(group.status));
    await this.request(ctx, postGroupId, { scheduledTime: null, queue: true });
    return postGroupId;
  }

  /** The request: the group's approval `pending`, its event, and a note to each approver. */
  async request(ctx: RequestContext, postGroupId: string, ask: ApprovalAsk): Promise<void> {
    const person = personOf(ctx);
    const requestedAt = new Date();
    const approval: PostApproval = {
      state: 'pending',
      requestedBy: new Types.ObjectId(person.id),
      requestedAt,
      scheduledTime: ask.scheduledTime,
      queue: ask.queue,
    };
    await this.transactions.run(async () => {
      await this.groups.setApproval(ctx.userId, postGroupId, approval);
      await this.events.postApprovalRequested([
        { userId: ctx.userId, postGroupId, requestedBy: person.email, scheduledTime: ask.scheduledTime, queue: ask.queue, requestedAt },
      ]);
    });
    const to = (await this.teams.approvers(ctx)).filter((email) => email !== person.email);
    const when = ask.queue ? 'at the next queue slot' : ask.scheduledTime ? `for ${ask.scheduledTime.toISOString()}` : 'as soon as it is approved';
    void this.teams.notify(
      to,
      `${person.email} asks you to approve a post`,
      `${person.email} asks for a post to be published ${when}.\n\nPost group: ${postGroupId}\n`,
    );
  }

  /** The account's posts waiting for approval, oldest request first. */
  awaiting(ctx: RequestContext, limit = 100): Promise<PostGroupRecord[]> {
    return this.groups.awaitingApproval(ctx.userId, limit);
  }

  /** The group's pending approval; 400 when it has none (decided meanwhile, or never asked). */
  async pending(ctx: RequestContext, postGroupId: string): Promise<{ group: PostGroupRecord; approval: PostApproval }> {
    const { group } = await this.posts.get(ctx, postGroupId);
    if (group.approval?.state !== 'pending') throw ApiError.badRequest(ApprovalMessages.notAwaiting);
    return { group, approval: group.approval };
  }

  /**
   * Claims the decision, only while the approval is still pending (of two approvers one wins; the
   * other gets `This post is not awaiting approval`). The caller then schedules the post and calls
   * `confirm` (the event), or `undo` when scheduling was refused (a limit, a deleted post).
   */
  async decide(
    ctx: RequestContext,
    postGroupId: string,
    decision: 'approved' | 'rejected',
    comment: string | null,
  ): Promise<{ approval: PostApproval; confirm: () => Promise<void>; undo: () => Promise<void> }> {
    if (comment !== null && [...comment].length > 2000) throw ApiError.badRequest(ApprovalMessages.commentTooLong);
    const { approval } = await this.pending(ctx, postGroupId);
    const person = personOf(ctx);
    const decidedAt = new Date();
    const decided: PostApproval = { ...approval, state: decision, decidedBy: new Types.ObjectId(person.id), decidedAt, ...(comment ? { comment } : {}) };
    if (!(await this.groups.setApproval(ctx.userId, postGroupId, decided, 'pending'))) throw ApiError.badRequest(ApprovalMessages.notAwaiting);
    return {
      approval,
      confirm: () => this.events.postApprovalDecided([{ userId: ctx.userId, postGroupId, decision, decidedBy: person.email, comment, decidedAt }]),
      undo: async () => void (await this.groups.setApproval(ctx.userId, postGroupId, approval, decision)),
    };
  }

  /** Tells the editor who asked (best effort). */
  async tellRequester(ctx: RequestContext, approval: PostApproval, subject: string, text: string): Promise<void> {
    const members = await this.teams.members(ctx);
    const requester = members.find((m) => m.userId === String(approval.requestedBy));
    if (requester) await this.teams.notify([requester.email], subject, text);
    else this.logger.debug({ requestedBy: String(approval.requestedBy) }, 'The requester is no longer a member: not told');
  }
}
