import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { ConnectionsService, type ConnectionRef } from '../connections/connections.service';
import { PostsService } from '../posts/posts.service';
import { QueueSchedulesRepository } from './queue-schedules.repository';
import { QueueMessages } from './queue.errors';
import { nextFreeSlots, scheduleProblem, SEARCH_HORIZON_DAYS, type SlotSchedule, type WeeklySlot } from './slot-schedule';

/** A connection's schedule as the routes answer it. */
export interface ScheduleView extends SlotSchedule {
  platformId: string;
  /** false: never set, the defaults shown (UTC, no slots). */
  configured: boolean;
}

const DEFAULT_ZONE = 'UTC';

/** Posting schedules per connection and the free slots they give (docs/queue.md). */
@Injectable()
export class QueueService {
  constructor(
    private readonly schedules: QueueSchedulesRepository,
    private readonly connections: ConnectionsService,
    private readonly posts: PostsService,
  ) {}

  async getSchedule(ctx: RequestContext, platformId: string): Promise<ScheduleView> {
    const [connection] = await this.owned(ctx, [platformId]);
    const stored = (await this.schedules.findFor(ctx.userId, [connection.id])).get(connection.id);
    return stored
      ? { platformId: connection.platformId, configured: true, ...stored }
      : { platformId: connection.platformId, configured: false, timeZone: DEFAULT_ZONE, slots: [], paused: false };
  }

  /** Replaces the whole schedule; a bad field is a 400 naming it, and nothing changes. */
  async replaceSchedule(ctx: RequestContext, platformId: string, body: { timeZone?: unknown; slots?: unknown; paused?: unknown }): Promise<ScheduleView> {
    const problem = scheduleProblem({ timeZone: body.timeZone ?? DEFAULT_ZONE, slots: body.slots ?? [] });
    if (problem) throw ApiError.badRequest(problem);
    if (body.paused !== undefined && typeof body.paused !== 'boolean') throw ApiError.badRequest(QueueMessages.pausedNotBoolean);
    const [connection] = await this.owned(ctx, [platformId]);
    const slots = ((body.slots ?? []) as WeeklySlot[]).map(({ weekday, time }) => ({ weekday, time }));
    const schedule: SlotSchedule = { timeZone: (body.timeZone as string | undefined) ?? DEFAULT_ZONE, slots, paused: body.paused === true };
    await this.schedules.replace(ctx.userId, connection.id, schedule);
    return { platformId: connection.platformId, configured: true, ...schedule };
  }

  /**
   * The next `count` (1–50) times that are a slot of every one of these connections and held by
   * none of their pending posts (a post at exactly a slot's time holds it, however it was timed).
   */
  async nextSlots(ctx: RequestContext, platformIds: string[], count: unknown = 5, now = new Date()): Promise<Date[]> {
    if (!platformIds.length) throw ApiError.badRequest(QueueMessages.platformsRequired);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 50) throw ApiError.badRequest(QueueMessages.countRange);
    const connections = await this.owned(ctx, platformIds);
    const stored = await this.schedules.findFor(
      ctx.userId,
      connections.map((c) => c.id),
    );
    const until = new Date(now.getTime() + SEARCH_HORIZON_DAYS * 24 * 60 * 60 * 1000);
    const held = await this.posts.scheduledTimesOf(
      ctx,
      connections.map((c) => c.platformId),
      now,
      until,
    );
    const schedules = connections.map((c) => stored.get(c.id) ?? { timeZone: DEFAULT_ZONE, slots: [], paused: false });
    const taken = connections.map((c) => new Set((held[c.platformId] ?? []).map((d) => d.getTime())));
    return nextFreeSlots(schedules, taken, now, { count: n });
  }

  /** The caller's connections by compound id, in the order asked; any other id is a 404. */
  private async owned(ctx: RequestContext, platformIds: string[]): Promise<ConnectionRef[]> {
    const unique = [...new Set(platformIds)];
    const found = await this.connections.findOwned(ctx.userId, unique);
    const byId = new Map(found.map((c) => [c.platformId, c]));
    const ordered = unique.map((id) => byId.get(id));
    if (ordered.some((c) => !c)) throw ApiError.notFound(QueueMessages.connectionNotFound);
    return ordered as ConnectionRef[];
  }
}
