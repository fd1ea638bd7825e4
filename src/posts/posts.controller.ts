import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { FailureMessage } from '../common/failure-message';
import { CreatePostDto, CreatePostResponse } from './dto/create-post.dto';
import { ListPostsQueryDto, ListPostsResponse } from './dto/list-posts.query.dto';
import { ErrorResponse } from '../common/error.response';
import { LimitExceededResponse, PostDetailResponse, PostLogsResponse, SuccessResponse } from './dto/post-detail.response';
import { UpdatePostDto, UpdatePostResponse } from './dto/update-post.dto';
import { toListPostsResponse, toPostDetail, toPostLogsResponse } from './posts.mapper';
import { toUpdatePostInput } from './post-rules';
import { textEditsOf } from './post-edits';
import { PostsService } from './posts.service';
import { PostMessages } from './posts.errors';

const GROUP_ID_PARAM = { name: 'postGroupId', description: '24-character hexadecimal post group id' };

/** REST routes of post groups: parse → PostsService → its explicit response. */
@ApiTags('posts')
@ApiKeyAuth()
@ApiHeader({ name: 'x-api-key', required: true, description: 'API key' })
@ApiResponse({ status: 401, type: ErrorResponse, description: 'API key is required | Invalid API key | Invalid API key owner' })
@ApiResponse({ status: 403, type: ErrorResponse, description: 'API access / MCP access / workspace errors' })
@Controller('api/v1')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get('list-posts')
  @FailureMessage('Failed to list posts')
  @ApiOperation({ summary: 'List post groups (filtered, sorted, paginated)' })
  @ApiResponse({ status: 200, type: ListPostsResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Invalid status… | Invalid sortBy… | Invalid fromDate format | Invalid toDate format' })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to list posts' })
  async list(@Ctx() ctx: RequestContext, @Query() query: ListPostsQueryDto) {
    return toListPostsResponse(await this.posts.list(ctx, query, 'summaries'));
  }

  @Post('create-post')
  @HttpCode(200)
  @FailureMessage('Failed to create post group')
  @ApiOperation({ summary: 'Create a post group: a draft without scheduledTime, scheduled with one' })
  // `@Headers` under @ApiHeader's own name: the document then lists the header once, optional (Nest reads it lowercased).
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Optional (1-255 visible ASCII characters): a repeat within 24 h with the same body returns the first response',
  })
  @ApiResponse({ status: 200, type: CreatePostResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      'Content is required | Platforms are required | At least one platform is required | Platforms must be an array | Invalid platforms JSON format | Invalid platform ID format: <id> | Platform connection not found: <id> | Invalid scheduled time format | Invalid platformSettings JSON | platformSettings must be an object | Invalid contentOverrides JSON | contentOverrides must be an object | contentOverrides key "<key>" is not one of the chosen platforms… | firstComment must be a non-empty string | firstComment is not supported on <platforms>… | firstComment exceeds the character limit on <platforms>… | Invalid Idempotency-Key header',
  })
  @ApiResponse({ status: 403, type: LimitExceededResponse, description: 'Limit-exceeded body' })
  @ApiResponse({ status: 409, type: ErrorResponse, description: 'Idempotency-Key reused with a different request body' })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to create post group' })
  create(@Ctx() ctx: RequestContext, @Body() body: CreatePostDto, @Headers('Idempotency-Key') idempotencyKey?: string): Promise<CreatePostResponse> {
    return this.posts.create(ctx, { ...body }, idempotencyKey);
  }

  @Get('get-post/:postGroupId')
  @FailureMessage('Failed to fetch post group')
  @ApiOperation({ summary: 'One post group with its platform posts' })
  @ApiParam(GROUP_ID_PARAM)
  @ApiResponse({ status: 200, type: PostDetailResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: PostMessages.notFound })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to fetch post group (also for a malformed id)' })
  async get(@Ctx() ctx: RequestContext, @Param('postGroupId') postGroupId: string) {
    const { group, platformPosts } = await this.posts.get(ctx, postGroupId);
    return toPostDetail(group, platformPosts);
  }

  @Put('update-post/:postGroupId')
  @FailureMessage('Failed to update post')
  @ApiOperation({ summary: 'Schedule, reschedule or move back to draft' })
  @ApiParam(GROUP_ID_PARAM)
  @ApiResponse({ status: 200, type: UpdatePostResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      "Either status or scheduledTime must be provided | Status must be either 'draft' or 'scheduled' | Invalid scheduled time format | Cannot update post: post is currently in {status} status | Cannot edit post: publishing has already started | contentOverrides… | firstComment…",
  })
  @ApiResponse({ status: 403, type: LimitExceededResponse, description: 'Limit-exceeded body' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: PostMessages.notFound })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to update post (also for a malformed id)' })
  update(@Ctx() ctx: RequestContext, @Param('postGroupId') postGroupId: string, @Body() body: UpdatePostDto): Promise<UpdatePostResponse> {
    return this.posts.update(ctx, postGroupId, { schedule: toUpdatePostInput({ ...body }), edits: textEditsOf(body) });
  }

  @Delete('delete-post/:postGroupId')
  @FailureMessage('Failed to delete post group')
  @ApiOperation({ summary: 'Delete a group, its platform posts, logs and media records (any status)' })
  @ApiParam(GROUP_ID_PARAM)
  @ApiResponse({ status: 200, type: SuccessResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: PostMessages.notFound })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to delete post group (rolled back; also for a malformed id)' })
  remove(@Ctx() ctx: RequestContext, @Param('postGroupId') postGroupId: string) {
    return this.posts.delete(ctx, postGroupId);
  }

  @Get('post-logs/:postGroupId')
  @FailureMessage('Failed to get post logs')
  @ApiOperation({ summary: 'Publish log of a group, oldest first (first 100)' })
  @ApiParam(GROUP_ID_PARAM)
  @ApiResponse({ status: 200, type: PostLogsResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: PostMessages.notFound })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to get post logs (also for a malformed id)' })
  async logs(@Ctx() ctx: RequestContext, @Param('postGroupId') postGroupId: string) {
    return toPostLogsResponse(await this.posts.logsOf(ctx, postGroupId));
  }
}
