import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { LimitExceededResponse } from '../posts/dto/post-detail.response';
import { PostMessages } from '../posts/posts.errors';
import { RetryPostBody, RetryPostResponse, UnpublishFailedResponse, UnpublishPostBody, UnpublishPostResponse } from './dto/recovery.dto';
import { RecoveryMessages as M } from './recovery.errors';
import { RecoveryService } from './recovery.service';

const GROUP_ID_PARAM = { name: 'postGroupId', description: '24-character hexadecimal post group id' };
// `@Headers` under @ApiHeader's own name: the document then lists the header once, optional (Nest reads it lowercased).
const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Optional (1-255 visible ASCII characters): a repeat within 24 h with the same body returns the first response',
};

/** Retry a failed post, unpublish a published one (docs/recovery.md). */
@ApiTags('posts')
@ApiKeyAuth()
@ApiHeader({ name: 'x-api-key', required: true, description: 'API key' })
@ApiResponse({ status: 401, type: ErrorResponse, description: 'API key is required | Invalid API key | Invalid API key owner' })
@ApiResponse({ status: 404, type: ErrorResponse, description: PostMessages.notFound })
@Controller('api/v1')
export class RecoveryController {
  constructor(private readonly recovery: RecoveryService) {}

  @Post('retry-post/:postGroupId')
  @HttpCode(200)
  @FailureMessage('Failed to retry post')
  @ApiOperation({ summary: 'Put failed platform posts of a group back to publish now (published ones never are)' })
  @ApiParam(GROUP_ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiBody({ type: RetryPostBody, required: false })
  @ApiResponse({ status: 200, type: RetryPostResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: `${M.platformIdsInvalid} | ${M.forceInvalid} | Platform not in this post group: <id> | ${M.nothingToRetry} | Only failed posts can be retried: the post on <id> is <status> | Platform connection not found: <id> | a post check's refusal | Invalid Idempotency-Key header`,
  })
  @ApiResponse({ status: 403, type: LimitExceededResponse, description: 'Limit-exceeded body (as on scheduling)' })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description: `The outcome of the post on <id> is unknown… retry with force: true | ${M.retryConflict} | Idempotency-Key reused with a different request body`,
  })
  retry(
    @Ctx() ctx: RequestContext,
    @Param('postGroupId') postGroupId: string,
    @Body() body: Record<string, unknown>,
    @Headers('Idempotency-Key') idempotencyKey?: string,
  ) {
    return this.recovery.retry(ctx, postGroupId, body, idempotencyKey);
  }

  @Post('unpublish-post/:postGroupId')
  @HttpCode(200)
  @FailureMessage('Failed to unpublish post')
  @ApiOperation({ summary: "Delete a group's published platform posts from their platforms, where the platform's API allows" })
  @ApiParam(GROUP_ID_PARAM)
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiBody({ type: UnpublishPostBody, required: false })
  @ApiResponse({ status: 200, type: UnpublishPostResponse, description: 'At least one was deleted; each result says how its platform answered' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: `${M.platformIdsInvalid} | Platform not in this post group: <id> | ${M.nothingToUnpublish} | Only published posts can be unpublished: the post on <id> is <status> | TikTok has no API to delete a post: delete it in TikTok itself (also Instagram) | Invalid Idempotency-Key header`,
  })
  @ApiResponse({ status: 409, type: ErrorResponse, description: 'Idempotency-Key reused with a different request body' })
  @ApiResponse({ status: 502, type: UnpublishFailedResponse, description: 'Every platform refused or could not be reached: the posts stay published' })
  unpublish(
    @Ctx() ctx: RequestContext,
    @Param('postGroupId') postGroupId: string,
    @Body() body: Record<string, unknown>,
    @Headers('Idempotency-Key') idempotencyKey?: string,
  ) {
    return this.recovery.unpublish(ctx, postGroupId, body, idempotencyKey);
  }
}
