import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AuditService } from '../audit/audit.service';
import { sessionContext } from '../auth/guards/session.guard';
import { personOf, type RequestContext } from '../auth/request-context';
import { UsersService } from '../auth/users.service';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { PostsService } from '../posts/posts.service';
import type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';
import type { PostGroupRecord } from '../posts/schemas/post-group.schema';
import { TeamsService } from '../teams/teams.service';
import { ReviewLinksRepository } from './review-links.repository';
import type { ReviewLinkRecord } from './schemas/review-link.schema';

export const REVIEW_LINK_DEFAULT_HOURS = 72;
export const REVIEW_LINK_MAX_HOURS = 30 * 24;

export const ReviewMessages = {
  hoursInvalid: `expiresInHours must be an integer from 1 to ${REVIEW_LINK_MAX_HOURS}`,
  notFound: 'Review link not found',
  gone: 'This review link has expired or was revoked. Ask for a new one.',
  decisionInvalid: "decision must be 'approved' or 'commented'",
  commentRequired: 'Write a comment to send',
  commentTooLong: 'The comment can be at most 2000 characters',
  nameTooLong: 'The name can be at most 100 characters',
};

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** A usable link with what its page shows. */
export interface ReviewHolder {
  link: ReviewLinkRecord;
  group: PostGroupRecord;
  platformPosts: PlatformPostRecord[];
  accountName: string;
}

/**
 * Review links (docs/teams.md): a tokenised, expiring link for someone outside the team to see a
 * post as each network will show it and approve it or comment, without an account. A decision is
 * the reviewer's word: it is kept on the link, logged and told to the approvers, and never
 * schedules the post itself (the team's approval does).
 */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly links: ReviewLinksRepository,
    private readonly posts: PostsService,
    private readonly users: UsersService,
    private readonly teams: TeamsService,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
  ) {}

  async create(ctx: RequestContext, postGroupId: string, rawHours: unknown): Promise<{ link: ReviewLinkRecord; url: string }> {
    const hours = rawHours === undefined || rawHours === null ? REVIEW_LINK_DEFAULT_HOURS : Number(rawHours);
    if (!Number.isInteger(hours) || hours < 1 || hours > REVIEW_LINK_MAX_HOURS) throw ApiError.badRequest(ReviewMessages.hoursInvalid);
    await this.posts.get(ctx, postGroupId);
    const token = randomBytes(32).toString('base64url');
    const link = await this.links.create({
      accountId: ctx.userId,
      postGroupId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + hours * 3_600_000),
      createdBy: personOf(ctx).id,
    });
    await this.audit.record('review_link.created', {
      target: { type: 'post_group', id: postGroupId },
      details: { linkId: String(link._id), expiresAt: link.expiresAt.toISOString() },
    });
    return { link, url: `${this.config.publicBaseUrl}/review/${token}` };
  }

  async ofPost(ctx: RequestContext, postGroupId: string): Promise<ReviewLinkRecord[]> {
    await this.posts.get(ctx, postGroupId);
    return this.links.ofPost(ctx.userId, postGroupId);
  }

  async revoke(ctx: RequestContext, id: string): Promise<void> {
    if (!(await this.links.revoke(ctx.userId, id, new Date()))) throw ApiError.notFound(ReviewMessages.notFound);
    await this.audit.record('review_link.revoked', { target: { type: 'review_link', id } });
  }

  /** The link's post, while the link is usable (not revoked, not expired, the post still there); else null (410). */
  async holderOf(token: unknown): Promise<ReviewHolder | null> {
    if (typeof token !== 'string' || !token || token.length > 100) return null;
    const link = await this.links.findByTokenHash(sha256(token));
    if (!link || link.revokedAt || link.expiresAt.getTime() <= Date.now()) return null;
    const account = await this.users.findSummary(String(link.accountId));
    if (!account) return null;
    try {
      const { group, platformPosts } = await this.posts.get(sessionContext(account), String(link.postGroupId));
      return { link, group, platformPosts, accountName: account.displayName ?? account.email };
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  }

  /** The reviewer's decision: kept on the link, in the audit log, and told to the approvers. Null when the link is no longer usable. */
  async decide(holder: ReviewHolder, raw: { decision?: unknown; comment?: unknown; name?: unknown }): Promise<'approved' | 'commented' | null> {
    const decision = raw.decision;
    if (decision !== 'approved' && decision !== 'commented') throw ApiError.badRequest(ReviewMessages.decisionInvalid);
    const comment = typeof raw.comment === 'string' && raw.comment.trim() ? raw.comment.trim() : null;
    const name = typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : null;
    if (decision === 'commented' && !comment) throw ApiError.badRequest(ReviewMessages.commentRequired);
    if (comment && [...comment].length > 2000) throw ApiError.badRequest(ReviewMessages.commentTooLong);
    if (name && [...name].length > 100) throw ApiError.badRequest(ReviewMessages.nameTooLong);
    if (!(await this.links.addDecision(holder.link._id, { at: new Date(), decision, comment, name }))) return null;

    const accountId = String(holder.link.accountId);
    const postGroupId = String(holder.group._id);
    await this.audit.record(decision === 'approved' ? 'post.review_approved' : 'post.review_commented', {
      accountId,
      actor: { type: 'review_link', linkId: String(holder.link._id), ...(name ? { name } : {}) },
      target: { type: 'post_group', id: postGroupId },
      ...(comment ? { details: { comment } } : {}),
    });
    const account = await this.users.findSummary(accountId);
    if (account) {
      const who = name ?? 'A reviewer';
      const ctx = sessionContext(account);
      const verb = decision === 'approved' ? 'approved' : 'commented on';
      void this.teams.notify(
        await this.teams.approvers(ctx),
        `${who} ${verb} a post`,
        `${who} ${verb} post ${postGroupId} through its review link.${comment ? `\n\n${comment}` : ''}\n`,
      );
    }
    return decision;
  }
}
