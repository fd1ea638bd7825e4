import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { LimitExceededResponse } from '../posts/dto/post-detail.response';
import {
  AddToQueueDto,
  AddToQueueResponse,
  MoveInQueueDto,
  NextSlotsResponse,
  QueueResponse,
  QueueScheduleResponse,
  QueueTimeZoneDto,
  QueueTimeZoneResponse,
  ReorderQueueDto,
  ReplaceScheduleDto,
} from './dto/queue.dto';
import { toQueueBody } from './queue.mapper';
import { QueueMessages as M } from './queue.errors';
import { QueueService } from './queue.service';

const SCHEDULE_ERRORS =
  'timeZone must be an IANA time zone, such as Europe/Berlin | slots must be a list of { weekday, time } | slots[i].weekday must be one of … | slots[i].time must be HH:mm, from 00:00 to 23:59 | slots[i] repeats … | slots: at most 70 a week | paused must be true or false';

/** `/api/v1/queue` (API key): posting schedules per connection, their free slots, and the queued posts (docs/queue.md). */
@ApiTags('queue')
@ApiKeyAuth()
@ApiHeader({ name: 'x-api-key', required: true, description: 'API key' })
@ApiResponse({ status: 401, type: ErrorResponse, description: 'API key is required | Invalid API key | Invalid API key owner' })
@Controller('api/v1/queue')
export class QueueController {
  constructor(private readonly queue: QueueService) {}

  @Get('time-zone')
  @ApiOperation({ summary: "The account's default zone for queue schedules (UTC until set)" })
  @ApiResponse({ status: 200, type: QueueTimeZoneResponse })
  async defaultZone(@Ctx() ctx: RequestContext) {
    return { success: true, timeZone: await this.queue.defaultZone(ctx) };
  }

  @Put('time-zone')
  @ApiBody({ type: QueueTimeZoneDto })
  @ApiOperation({ summary: "Set the account's default zone; the queues of schedules without their own zone move onto their slots in it" })
  @ApiResponse({ status: 200, type: QueueTimeZoneResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'timeZone must be an IANA time zone, such as Europe/Berlin' })
  async setDefaultZone(@Ctx() ctx: RequestContext, @Body() body: Record<string, unknown>) {
    return { success: true, timeZone: await this.queue.setDefaultZone(ctx, body?.timeZone) };
  }

  @Get('schedules/:platformId')
  @ApiOperation({ summary: "A connection's weekly posting schedule (the account's zone and no slots until one is set)" })
  @ApiResponse({ status: 200, type: QueueScheduleResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  async getSchedule(@Ctx() ctx: RequestContext, @Param('platformId') platformId: string) {
    return { success: true, schedule: await this.queue.getSchedule(ctx, platformId) };
  }

  @Put('schedules/:platformId')
  @ApiBody({ type: ReplaceScheduleDto })
  @ApiOperation({ summary: "Replace a connection's weekly posting schedule; its queued posts move onto the new slots, in order" })
  @ApiResponse({ status: 200, type: QueueScheduleResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: SCHEDULE_ERRORS })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  async replaceSchedule(@Ctx() ctx: RequestContext, @Param('platformId') platformId: string, @Body() body: Record<string, unknown>) {
    return { success: true, schedule: await this.queue.replaceSchedule(ctx, platformId, body ?? {}) };
  }

  @Get('next-slots')
  @ApiOperation({ summary: 'The next free slots shared by these connections (a post to all of them would get the first)' })
  @ApiQuery({ name: 'platforms', required: true, description: 'Compound connection ids, comma-separated' })
  @ApiQuery({ name: 'count', required: false, description: 'How many, 1–50; default 5' })
  @ApiResponse({ status: 200, type: NextSlotsResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${M.platformsRequired} | ${M.countRange}` })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  async nextSlots(@Ctx() ctx: RequestContext, @Query('platforms') platforms?: unknown, @Query('count') count?: unknown) {
    const ids =
      typeof platforms === 'string'
        ? platforms
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean)
        : [];
    const slots = await this.queue.nextSlots(ctx, ids, count ?? 5);
    return { success: true, slots: slots.map((d) => d.toISOString()) };
  }

  @Post('add')
  @HttpCode(200)
  @FailureMessage('Failed to add post to queue')
  @ApiBody({ type: AddToQueueDto })
  @ApiOperation({ summary: 'Schedule a new post, or a draft, at the next free slot shared by its connections' })
  // `@Headers` under @ApiHeader's own name: the document then lists the header once, optional (Nest reads it lowercased).
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Optional (1-255 visible ASCII characters): a repeat within 24 h with the same body returns the first response',
  })
  @ApiResponse({ status: 200, type: AddToQueueResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: `create-post's body messages | ${M.noScheduledTime} | ${M.draftOrNew} | ${M.postGroupIdRequired} | Only a draft can be added to the queue; this post is <status> | ${M.noFreeSlot} | Invalid Idempotency-Key header`,
  })
  @ApiResponse({ status: 403, type: LimitExceededResponse, description: 'Limit-exceeded body (the next free slot lies beyond a limit)' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'Post group not found' })
  @ApiResponse({ status: 409, type: ErrorResponse, description: `Idempotency-Key reused with a different request body | ${M.queueBusy}` })
  add(@Ctx() ctx: RequestContext, @Body() body: Record<string, unknown>, @Headers('Idempotency-Key') idempotencyKey?: string) {
    return this.queue.add(ctx, body ?? {}, idempotencyKey);
  }

  @Get('posts/:platformId')
  @ApiOperation({ summary: "A connection's queue: its schedule and its queued posts in order" })
  @ApiResponse({ status: 200, type: QueueResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  async queueOf(@Ctx() ctx: RequestContext, @Param('platformId') platformId: string) {
    return { success: true, queue: toQueueBody(await this.queue.queueOf(ctx, platformId)) };
  }

  @Post('posts/:platformId/reorder')
  @HttpCode(200)
  @ApiBody({ type: ReorderQueueDto })
  @ApiOperation({ summary: 'Close the gaps in a queue (compact) or put it in a random order (shuffle)' })
  @ApiResponse({ status: 200, type: QueueResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: M.orderInvalid })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  @ApiResponse({ status: 409, type: ErrorResponse, description: M.queueBusy })
  async reorder(@Ctx() ctx: RequestContext, @Param('platformId') platformId: string, @Body() body: Record<string, unknown>) {
    return { success: true, queue: toQueueBody(await this.queue.reorder(ctx, platformId, body?.order)) };
  }

  @Post('posts/:platformId/move')
  @HttpCode(200)
  @ApiBody({ type: MoveInQueueDto })
  @ApiOperation({ summary: 'Swap a queued post with the one before (up) or after (down) it' })
  @ApiResponse({ status: 200, type: QueueResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: `${M.directionInvalid} | ${M.postGroupIdRequired} | ${M.alreadyFirst} | ${M.alreadyLast} | ${M.heldCannotMove} | ${M.swapNeedsSameAccounts}`,
  })
  @ApiResponse({ status: 404, type: ErrorResponse, description: `${M.connectionNotFound} | ${M.notInQueue}` })
  @ApiResponse({ status: 409, type: ErrorResponse, description: M.queueBusy })
  async move(@Ctx() ctx: RequestContext, @Param('platformId') platformId: string, @Body() body: Record<string, unknown>) {
    return { success: true, queue: toQueueBody(await this.queue.move(ctx, platformId, body?.postGroupId, body?.direction)) };
  }
}
