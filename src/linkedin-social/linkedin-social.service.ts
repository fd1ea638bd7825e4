import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { ConnectionsService } from '../connections/connections.service';
import { PlatformError, type PlatformCredentials } from '../platforms/platform-adapter';
import type { PlatformEndpoints } from '../platforms/platform-endpoints';
import { PLATFORM_ENDPOINTS } from '../platforms/platforms.module';
import { LinkedInSocial, type LinkedInReaction } from '../platforms/linkedin/linkedin.social';
import type {
  CreateLinkedInCommentRequest,
  CreateLinkedInReactionRequest,
  DeleteLinkedInCommentRequest,
  DeleteLinkedInReactionRequest,
} from './dto/linkedin-social.request';
import { LinkedInSocialMessages as M } from './linkedin-social.errors';

export interface ReactionCreatedResponse {
  success: true;
  reaction: LinkedInReaction;
}
export interface ReactionDeletedResponse {
  success: true;
  reaction: null;
  deleted: string;
}
export interface CommentCreatedResponse {
  success: true;
  comment: { id: string; commentUrn: string; message: string };
}
export interface CommentDeletedResponse {
  success: true;
  deleted: string;
}

/**
 * Reactions and comments on LinkedIn posts as one of the caller's LinkedIn connections. Every
 * method takes a checked request (its DTO: REST's pipe or `validateInput`) and makes exactly one
 * LinkedIn call. A refusal by LinkedIn (or no answer) is the route's 500 with LinkedIn's message
 * in `details` and its status in `linkedinStatus`; the token never leaves the request headers.
 */
@Injectable()
export class LinkedInSocialService {
  private readonly logger = new Logger(LinkedInSocialService.name);
  private readonly linkedin: LinkedInSocial;

  constructor(
    private readonly connections: ConnectionsService,
    @Inject(PLATFORM_ENDPOINTS) endpoints: PlatformEndpoints,
  ) {
    this.linkedin = new LinkedInSocial(endpoints);
  }

  async createReaction(ctx: RequestContext, q: CreateLinkedInReactionRequest): Promise<ReactionCreatedResponse> {
    const credentials = await this.credentials(ctx, q.platformId);
    const reaction = await this.call(M.createReactionFailed, () => this.linkedin.createReaction(credentials, q.postedId, q.reactionType));
    return { success: true, reaction };
  }

  async deleteReaction(ctx: RequestContext, q: DeleteLinkedInReactionRequest): Promise<ReactionDeletedResponse> {
    const credentials = await this.credentials(ctx, q.platformId);
    const deleted = await this.call(M.deleteReactionFailed, () => this.linkedin.deleteReaction(credentials, q.postedId));
    return { success: true, reaction: null, deleted };
  }

  async createComment(ctx: RequestContext, q: CreateLinkedInCommentRequest): Promise<CommentCreatedResponse> {
    const credentials = await this.credentials(ctx, q.platformId);
    const parent = q.parentComment ? { parentComment: q.parentComment } : {};
    const comment = await this.call(M.createCommentFailed, () => this.linkedin.createComment(credentials, q.postedId, q.message, parent));
    return { success: true, comment: { id: comment.id, commentUrn: comment.commentUrn, message: comment.message } };
  }

  async deleteComment(ctx: RequestContext, q: DeleteLinkedInCommentRequest): Promise<CommentDeletedResponse> {
    const credentials = await this.credentials(ctx, q.platformId);
    await this.call(M.deleteCommentFailed, () => this.linkedin.deleteComment(credentials, q.postedId, q.commentId));
    return { success: true, deleted: q.commentId };
  }

  /** The acting user's LinkedIn connection with that compound id, with its decrypted tokens. */
  private async credentials(ctx: RequestContext, platformId: string): Promise<PlatformCredentials> {
    const [connection] = (await this.connections.findOwned(ctx.userId, [platformId])).filter((c) => c.platform === 'linkedin');
    if (!connection) throw ApiError.notFound(M.linkedInNotFound);
    return this.connections.getCredentials(ctx.userId, connection.id);
  }

  private async call<T>(failure: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      this.logger.warn({ code: err.code, httpStatus: err.httpStatus, platformError: err.options.platformError }, failure);
      throw new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, failure, {
        details: err.options.platformError ?? err.message,
        ...(err.httpStatus ? { linkedinStatus: err.httpStatus } : {}),
      });
    }
  }
}
