import { Body, Controller, Delete, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { validateInput } from '../common/validation/validate-input';
import {
  CreateLinkedInCommentRequest,
  CreateLinkedInReactionRequest,
  DeleteLinkedInCommentRequest,
  DeleteLinkedInReactionRequest,
} from './dto/linkedin-social.request';
import {
  CommentCreatedResponseDoc,
  CommentDeletedResponseDoc,
  LinkedInSocialFailureDoc,
  ReactionCreatedResponseDoc,
  ReactionDeletedResponseDoc,
} from './dto/linkedin-social.responses';
import { LinkedInSocialMessages as M } from './linkedin-social.errors';
import {
  LinkedInSocialService,
  type CommentCreatedResponse,
  type CommentDeletedResponse,
  type ReactionCreatedResponse,
  type ReactionDeletedResponse,
} from './linkedin-social.service';

/**
 * The deletes take their parameters from the body or the query string (the reference's
 * contract): a field in the body wins over the same field in the query.
 */
function bodyOrQuery(body: unknown, query: Record<string, unknown>): Record<string, unknown> {
  const fromBody = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const given = Object.fromEntries(Object.entries(fromBody).filter(([, v]) => v !== undefined));
  return { ...query, ...given };
}

const NOT_FOUND = { status: 404, type: ErrorResponse, description: M.linkedInNotFound };
const POSTED_ID = { name: 'postedId', required: false, description: 'The post URN (or in the body)' };
const PLATFORM_ID = { name: 'platformId', required: false, description: 'The LinkedIn connection (or in the body)' };

/** Reactions and comments on LinkedIn posts, as one of the caller's LinkedIn connections. */
@ApiTags('linkedin')
@ApiKeyAuth()
@Controller('api/v1')
export class LinkedInSocialController {
  constructor(private readonly social: LinkedInSocialService) {}

  @Post('linkedin-reactions')
  @HttpCode(201)
  @FailureMessage(M.createReactionFailed)
  @ApiOperation({ summary: 'React to a LinkedIn post (LIKE, PRAISE, EMPATHY, INTEREST, APPRECIATION, ENTERTAINMENT)' })
  @ApiResponse({ status: 201, type: ReactionCreatedResponseDoc })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: [M.reactionFieldsRequired, M.platformIdString, M.postedIdInvalid, M.reactionTypeInvalid, M.platformIdInvalid].join(' | '),
  })
  @ApiResponse(NOT_FOUND)
  @ApiResponse({ status: 500, type: LinkedInSocialFailureDoc, description: `${M.createReactionFailed} (details: LinkedIn's message)` })
  createReaction(@Ctx() ctx: RequestContext, @Body() body: CreateLinkedInReactionRequest): Promise<ReactionCreatedResponse> {
    return this.social.createReaction(ctx, body);
  }

  @Delete('linkedin-reactions')
  @HttpCode(200)
  @FailureMessage(M.deleteReactionFailed)
  @ApiOperation({ summary: "Remove the connection's reaction from a LinkedIn post (parameters in the body or the query)" })
  @ApiQuery(POSTED_ID)
  @ApiQuery(PLATFORM_ID)
  @ApiBody({ type: DeleteLinkedInReactionRequest, required: false })
  @ApiResponse({ status: 200, type: ReactionDeletedResponseDoc })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: [M.deleteReactionFieldsRequired, M.platformIdString, M.postedIdInvalid, M.platformIdInvalid].join(' | '),
  })
  @ApiResponse(NOT_FOUND)
  @ApiResponse({ status: 500, type: LinkedInSocialFailureDoc, description: `${M.deleteReactionFailed} (details: LinkedIn's message)` })
  deleteReaction(@Ctx() ctx: RequestContext, @Body() body: unknown, @Query() query: Record<string, unknown>): Promise<ReactionDeletedResponse> {
    return this.social.deleteReaction(ctx, validateInput(DeleteLinkedInReactionRequest, bodyOrQuery(body, query)));
  }

  @Post('linkedin-comments')
  @HttpCode(201)
  @FailureMessage(M.createCommentFailed)
  @ApiOperation({ summary: 'Comment on a LinkedIn post, or reply to a comment (parentComment)' })
  @ApiResponse({ status: 201, type: CommentCreatedResponseDoc })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: [
      M.commentFieldsRequired,
      M.platformIdString,
      M.postedIdInvalid,
      M.messageString,
      M.messageEmpty,
      M.messageTooLong,
      M.parentCommentInvalid,
      M.platformIdInvalid,
    ].join(' | '),
  })
  @ApiResponse(NOT_FOUND)
  @ApiResponse({ status: 500, type: LinkedInSocialFailureDoc, description: `${M.createCommentFailed} (details: LinkedIn's message)` })
  createComment(@Ctx() ctx: RequestContext, @Body() body: CreateLinkedInCommentRequest): Promise<CommentCreatedResponse> {
    return this.social.createComment(ctx, body);
  }

  @Delete('linkedin-comments')
  @HttpCode(200)
  @FailureMessage(M.deleteCommentFailed)
  @ApiOperation({ summary: "Delete one of the connection's comments on a LinkedIn post (parameters in the body or the query)" })
  @ApiQuery(POSTED_ID)
  @ApiQuery({ name: 'commentId', required: false, description: 'The comment id or URN (or in the body)' })
  @ApiQuery(PLATFORM_ID)
  @ApiBody({ type: DeleteLinkedInCommentRequest, required: false })
  @ApiResponse({ status: 200, type: CommentDeletedResponseDoc })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: [M.deleteCommentFieldsRequired, M.platformIdString, M.postedIdInvalid, M.commentIdInvalid, M.platformIdInvalid].join(' | '),
  })
  @ApiResponse(NOT_FOUND)
  @ApiResponse({ status: 500, type: LinkedInSocialFailureDoc, description: `${M.deleteCommentFailed} (details: LinkedIn's message)` })
  deleteComment(@Ctx() ctx: RequestContext, @Body() body: unknown, @Query() query: Record<string, unknown>): Promise<CommentDeletedResponse> {
    return this.social.deleteComment(ctx, validateInput(DeleteLinkedInCommentRequest, bodyOrQuery(body, query)));
  }
}
