import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { NextSlotsResponse, QueueScheduleResponse, ReplaceScheduleDto } from './dto/queue.dto';
import { QueueMessages as M } from './queue.errors';
import { QueueService } from './queue.service';

const SCHEDULE_ERRORS =
  'timeZone must be an IANA time zone, such as Europe/Berlin | slots must be a list of { weekday, time } | slots[i].weekday must be one of … | slots[i].time must be HH:mm, from 00:00 to 23:59 | slots[i] repeats … | slots: at most 70 a week | paused must be true or false';

/** `/api/v1/queue` (API key): posting schedules per connection and their free slots (docs/queue.md). */
@ApiTags('queue')
@ApiKeyAuth()
@ApiHeader({ name: 'x-api-key', required: true, description: 'API key' })
@ApiResponse({ status: 401, type: ErrorResponse, description: 'API key is required | Invalid API key | Invalid API key owner' })
@Controller('api/v1/queue')
export class QueueController {
  constructor(private readonly queue: QueueService) {}

  @Get('schedules/:platformId')
  @ApiOperation({ summary: "A connection's weekly posting schedule (UTC and no slots until one is set)" })
  @ApiResponse({ status: 200, type: QueueScheduleResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  async getSchedule(@Ctx() ctx: RequestContext, @Param('platformId') platformId: string) {
    return { success: true, schedule: await this.queue.getSchedule(ctx, platformId) };
  }

  @Put('schedules/:platformId')
  @ApiBody({ type: ReplaceScheduleDto })
  @ApiOperation({ summary: "Replace a connection's weekly posting schedule" })
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
}
