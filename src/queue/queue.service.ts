import { Injectable, Logger } from '@nestjs/common';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { validateInput } from '../common/validation/validate-input';
import { isObjectIdString } from '../database/object-id';
import { ConnectionsService, type ConnectionRef } from '../connections/connections.service';
import { IdempotencyService, type CommitResult } from '../idempotency/idempotency.service';
import { LimitsService } from '../limits/limits.service';
import { CreatePostDto } from '../posts/dto/create-post.dto';
import { toCreatePostInput, type CreatePostInput } from '../posts/post-rules';
import type { MediaAltText } from '../posts/media-cleanup';
import { CREATE_POST_IDEMPOTENCY, QueueSlotUnavailable } from '../posts/posts.errors';
import { PostsService } from '../posts/posts.service';
import { QueuedPostsService, type QueuedGroup, type QueueMove } from '../posts/queued-posts.service';
import { QueueDefaultsRepository } from './queue-defaults.repository';
import { QueueSchedulesRepository, type StoredSchedule } from './queue-schedules.repository';
import { planQueue } from './queue-plan';
import { QueueMessages } from './queue.errors';
import { nextFreeSlots, scheduleProblem, SEARCH_HORIZON_DAYS, type SlotSchedule, type WeeklySlot } from './slot-schedule';

/** A connection's schedule as the routes answer it. */
export interface ScheduleView extends SlotSchedule {
  platformId: string;
  /** false: never set, the defaults shown (the account's zone, no slots). */
  configured: boolean;
  /** `connection`: its own zone; `account`: it follows the account's default zone. */
  timeZoneSource: 'connection' | 'account';
}

/** add-to-queue's answer: the post and the slot it got. */
export interface QueueAddResult {
  success: true;
  postGroupId: string;
  scheduledTime: string;
}

/** A connection's queue: its schedule and its queued posts in order. */
export interface QueueView {
  platformId: string;
  schedule: ScheduleView;
  posts: QueuedGroup[];
}

/** What add-to-queue takes: a new post (create-post's fields but the time), or a draft. */
export type QueueAddition = { input: CreatePostInput; mediaIds?: string[]; mediaAltTexts?: MediaAltText[]; notifyLimits?: boolean } | { postGroupId: string };

export type QueueOrder = 'compact' | 'shuffle';

const DEFAULT_ZONE = 'UTC';
/** Free slots tried per round, and rounds, before a busy queue answers 409. */
const SLOTS_PER_ROUND = 10;
const ROUNDS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Posting schedules per connection, the free slots they give, and the queue: adding a post at the
 * next free slot, listing, and re-timing queued posts when a schedule changes or the person
 * reorders them (docs/queue.md). The posts module owns the posts; this decides their slots.
 */
@Injectable()
export class QueueService {
  private readonly logger = new Logger(QueueService.name);

  constructor(
    private readonly schedules: QueueSchedulesRepository,
    private readonly defaults: QueueDefaultsRepository,
    private readonly connections: ConnectionsService,
    private readonly posts: PostsService,
    private readonly queuedPosts: QueuedPostsService,
    private readonly idempotency: IdempotencyService,
    private readonly limits: LimitsService,
  ) {}

  // ── schedules ─────────────────────────────────────────────────────────────────────────────

  async getSchedule(ctx: RequestContext, platformId: string): Promise<ScheduleView> {
    const [connection] = await this.owned(ctx, [platformId]);
    const [stored, zone] = await Promise.all([this.schedules.findFor(ctx.userId, [connection.id]), this.defaultZone(ctx)]);
    return viewOf(connection, stored.get(connection.id), zone);
  }

  /**
   * Replaces the whole schedule (a bad field is a 400 naming it, and nothing changes), then
   * re-times the connection's queue onto the new slots, in order. Without `timeZone` (or null)
   * it follows the account's default zone.
   */
  async replaceSchedule(ctx: RequestContext, platformId: string, body: { timeZone?: unknown; slots?: unknown; paused?: unknown }): Promise<ScheduleView> {
    const ownZone = body.timeZone ?? undefined;
    const problem = scheduleProblem({ timeZone: ownZone ?? DEFAULT_ZONE, slots: body.slots ?? [] });
    if (problem) throw ApiError.badRequest(problem);
    if (body.paused !== undefined && typeof body.paused !== 'boolean') throw ApiError.badRequest(QueueMessages.pausedNotBoolean);
    const [connection] = await this.owned(ctx, [platformId]);
    const slots = ((body.slots ?? []) as WeeklySlot[]).map(({ weekday, time }) => ({ weekday, time }));
    const schedule: StoredSchedule = { ...(ownZone ? { timeZone: ownZone as string } : {}), slots, paused: body.paused === true };
    await this.schedules.replace(ctx.userId, connection.id, schedule);
    await this.retime(ctx, connection, 'keep');
    return viewOf(connection, schedule, await this.defaultZone(ctx));
  }

  /** The account's default zone: what schedules without their own use (UTC until set). */
  async defaultZone(ctx: RequestContext): Promise<string> {
    return (await this.defaults.timeZoneOf(ctx.userId)) ?? DEFAULT_ZONE;
  }

  /** Sets the account's default zone; the queues of the schedules following it move onto their slots in it. */
  async setDefaultZone(ctx: RequestContext, timeZone: unknown): Promise<string> {
    const problem = scheduleProblem({ timeZone, slots: [] });
    if (problem) throw ApiError.badRequest(problem);
    await this.defaults.setTimeZone(ctx.userId, timeZone as string);
    for (const connectionId of await this.schedules.followingDefaultZone(ctx.userId)) {
      await this.retime(ctx, { id: connectionId, platformId: connectionId }, 'keep');
    }
    return timeZone as string;
  }

  // ── free slots ────────────────────────────────────────────────────────────────────────────

  /**
   * The next `count` (1–50) times that are a slot of every one of these connections and held by
   * none of their pending posts (a post at exactly a slot's time holds it, however it was timed).
   */
  async nextSlots(ctx: RequestContext, platformIds: string[], count: unknown = 5, now = new Date()): Promise<Date[]> {
    if (!platformIds.length) throw ApiError.badRequest(QueueMessages.platformsRequired);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 50) throw ApiError.badRequest(QueueMessages.countRange);
    return this.freeSlots(ctx, await this.owned(ctx, platformIds), now, n);
  }

  // ── add ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Puts a post at the next free slot of its connections: a new one (create-post's fields, no
   * `scheduledTime`) or the draft `postGroupId`. With an `Idempotency-Key` a repeat gets the first
   * answer, as on create-post. Concurrent adds never share a slot (the posts' unique claim): a
   * lost slot is retried with the next free one. `options.notifyLimits: false`: a limit refusal
   * sends no limit-reached e-mail (a bulk dry run).
   */
  add(
    ctx: RequestContext,
    body: unknown,
    idempotencyKey?: string,
    options: { mediaIds?: string[]; mediaAltTexts?: MediaAltText[]; notifyLimits?: boolean } = {},
  ): Promise<QueueAddResult> {
    // The body is checked before the key, as create-post does.
    const addition = toQueueAddition(body, options);
    if ('input' in addition && options.notifyLimits === false) addition.notifyLimits = false;
    if (!idempotencyKey) return this.place(ctx, addition);
    return this.idempotency.run<QueueAddResult>(
      { userId: ctx.userId, scope: 'add-to-queue', key: idempotencyKey, input: body, messages: CREATE_POST_IDEMPOTENCY },
      (commit) => this.place(ctx, addition, commit),
    );
  }

  private async place(ctx: RequestContext, addition: QueueAddition, commit?: CommitResult<QueueAddResult>): Promise<QueueAddResult> {
    const connections = await this.posts.queueTargetOf(ctx, addition);
    for (let round = 0; round < ROUNDS; round++) {
      const slots = await this.freeSlots(ctx, connections, new Date(), SLOTS_PER_ROUND);
      if (!slots.length) throw ApiError.badRequest(QueueMessages.noFreeSlot);
      for (const slot of slots) {
        const result = (posted: { postGroupId: string }): QueueAddResult => ({
          success: true,
          postGroupId: posted.postGroupId,
          scheduledTime: slot.toISOString(),
        });
        try {
          const posted = await this.posts.scheduleAtQueueSlot(ctx, addition, slot, commit && ((r) => commit(result(r))));
          return result(posted);
        } catch (err) {
          if (!(err instanceof QueueSlotUnavailable)) throw err;
        }
      }
    }
    throw ApiError.conflict(QueueMessages.queueBusy);
  }

  // ── the queue ─────────────────────────────────────────────────────────────────────────────

  async queueOf(ctx: RequestContext, platformId: string): Promise<QueueView> {
    const [connection] = await this.owned(ctx, [platformId]);
    const [stored, zone, posts] = await Promise.all([
      this.schedules.findFor(ctx.userId, [connection.id]),
      this.defaultZone(ctx),
      this.queuedPosts.queueOf(ctx, connection.id),
    ]);
    return { platformId: connection.platformId, schedule: viewOf(connection, stored.get(connection.id), zone), posts };
  }

  /**
   * Closes the gaps (`compact`: every queued post to the earliest free slots, in order) or puts
   * the queue in a random order onto the same slots (`shuffle`).
   */
  async reorder(ctx: RequestContext, platformId: string, order: unknown): Promise<QueueView> {
    if (order !== 'compact' && order !== 'shuffle') throw ApiError.badRequest(QueueMessages.orderInvalid);
    const [connection] = await this.owned(ctx, [platformId]);
    await this.retime(ctx, connection, order === 'compact' ? 'keep' : 'shuffle');
    return this.queueOf(ctx, platformId);
  }

  /**
   * Swaps a queued post with the one before (`up`) or after it (`down`) in the connection's
   * queue: they exchange slots, so both must post to the same accounts and be scheduled.
   */
  async move(ctx: RequestContext, platformId: string, postGroupId: unknown, direction: unknown): Promise<QueueView> {
    if (direction !== 'up' && direction !== 'down') throw ApiError.badRequest(QueueMessages.directionInvalid);
    if (!isObjectIdString(postGroupId)) throw ApiError.badRequest(QueueMessages.postGroupIdRequired);
    const [connection] = await this.owned(ctx, [platformId]);
    const queue = await this.queuedPosts.queueOf(ctx, connection.id);
    const index = queue.findIndex((g) => g.postGroupId === postGroupId);
    if (index < 0) throw ApiError.notFound(QueueMessages.notInQueue);
    const other = queue[direction === 'up' ? index - 1 : index + 1];
    if (!other) throw ApiError.badRequest(direction === 'up' ? QueueMessages.alreadyFirst : QueueMessages.alreadyLast);
    const post = queue[index];
    if (post.status !== 'scheduled' || other.status !== 'scheduled') throw ApiError.badRequest(QueueMessages.heldCannotMove);
    if ([...post.connectionIds].sort().join() !== [...other.connectionIds].sort().join()) throw ApiError.badRequest(QueueMessages.swapNeedsSameAccounts);
    try {
      await this.queuedPosts.retime(ctx, [
        { postGroupId: post.postGroupId, slot: other.queuedFor },
        { postGroupId: other.postGroupId, slot: post.queuedFor },
      ]);
    } catch (err) {
      if (err instanceof QueueSlotUnavailable) throw ApiError.conflict(QueueMessages.queueBusy);
      throw err;
    }
    return this.queueOf(ctx, platformId);
  }

  /**
   * Re-plans the connection's queue from now (its posts in their order, or shuffled) and moves
   * them; a concurrent change makes it plan again. Explicitly timed posts never move.
   */
  private async retime(ctx: RequestContext, connection: Pick<ConnectionRef, 'id' | 'platformId'>, order: 'keep' | 'shuffle'): Promise<void> {
    for (let round = 0; round < ROUNDS; round++) {
      const queue = await this.queuedPosts.queueOf(ctx, connection.id);
      if (!queue.length) return;
      const moves = await this.planFor(ctx, order === 'shuffle' ? shuffled(queue) : queue, new Date());
      try {
        await this.queuedPosts.retime(ctx, moves);
        const held = moves.filter((m) => !m.slot).length;
        this.logger.log(`Re-timed the queue of ${connection.platformId}: ${moves.length - held} on slots, ${held} held`);
        return;
      } catch (err) {
        if (!(err instanceof QueueSlotUnavailable)) throw err;
      }
    }
    throw ApiError.conflict(QueueMessages.queueBusy);
  }

  /** Slots for these queued groups in this order, around every other pending post of their connections. */
  private async planFor(ctx: RequestContext, queue: QueuedGroup[], now: Date): Promise<QueueMove[]> {
    const connectionIds = [...new Set(queue.flatMap((g) => g.connectionIds))];
    const platformIdOf = new Map(queue.flatMap((g) => g.connectionIds.map((id, i) => [id, g.platformIds[i]] as const)));
    const stored = await this.resolvedSchedules(ctx, connectionIds);
    const times = await this.posts.scheduledTimesOf(ctx, [...platformIdOf.values()], now, new Date(now.getTime() + SEARCH_HORIZON_DAYS * DAY_MS));
    // The queued posts being moved free their own times.
    const moving = new Map<string, number[]>();
    for (const group of queue.filter((g) => g.status === 'scheduled'))
      for (const id of group.connectionIds) moving.set(id, [...(moving.get(id) ?? []), group.queuedFor.getTime()]);
    const taken = new Map(connectionIds.map((id) => [id, withoutOnce(times[platformIdOf.get(id)!] ?? [], moving.get(id) ?? [])]));
    return planQueue(queue, stored, taken, now, { spacingMs: this.limits.minPostSpacingMs });
  }

  /** Free slots shared by these connections after `after`. */
  private async freeSlots(ctx: RequestContext, connections: ConnectionRef[], after: Date, count: number): Promise<Date[]> {
    const stored = await this.resolvedSchedules(
      ctx,
      connections.map((c) => c.id),
    );
    const schedules = connections.map((c) => stored.get(c.id) ?? { timeZone: DEFAULT_ZONE, slots: [], paused: false });
    if (schedules.some((s) => s.paused || !s.slots.length)) return [];
    const held = await this.posts.scheduledTimesOf(
      ctx,
      connections.map((c) => c.platformId),
      after,
      new Date(after.getTime() + SEARCH_HORIZON_DAYS * DAY_MS),
    );
    const taken = connections.map((c) => (held[c.platformId] ?? []).map((d) => d.getTime()));
    return nextFreeSlots(schedules, taken, after, { count, spacingMs: this.limits.minPostSpacingMs });
  }

  /** The stored schedules of these connections, each in its zone (its own or the account's). */
  private async resolvedSchedules(ctx: RequestContext, connectionIds: string[]): Promise<Map<string, SlotSchedule>> {
    const [stored, zone] = await Promise.all([this.schedules.findFor(ctx.userId, connectionIds), this.defaultZone(ctx)]);
    return new Map([...stored].map(([id, schedule]) => [id, { ...schedule, timeZone: schedule.timeZone ?? zone }]));
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

function viewOf(connection: Pick<ConnectionRef, 'platformId'>, stored: StoredSchedule | undefined, accountZone: string): ScheduleView {
  const base = { platformId: connection.platformId, configured: !!stored, slots: stored?.slots ?? [], paused: stored?.paused ?? false };
  return stored?.timeZone
    ? { ...base, timeZone: stored.timeZone, timeZoneSource: 'connection' }
    : { ...base, timeZone: accountZone, timeZoneSource: 'account' };
}

/** add-to-queue's body as an addition: `{ postGroupId }` (a draft), or create-post's fields without a time. */
export function toQueueAddition(body: unknown, media: { mediaIds?: string[]; mediaAltTexts?: MediaAltText[] } = {}): QueueAddition {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (fields.scheduledTime !== undefined) throw ApiError.badRequest(QueueMessages.noScheduledTime);
  if (fields.postGroupId !== undefined) {
    if (
      fields.content !== undefined ||
      fields.platforms !== undefined ||
      fields.platformSettings !== undefined ||
      fields.contentOverrides !== undefined ||
      fields.firstComment !== undefined
    )
      throw ApiError.badRequest(QueueMessages.draftOrNew);
    if (!isObjectIdString(fields.postGroupId)) throw ApiError.badRequest(QueueMessages.postGroupIdRequired);
    return { postGroupId: fields.postGroupId };
  }
  return {
    input: toCreatePostInput(validateInput(CreatePostDto, fields)),
    ...(media.mediaIds?.length ? { mediaIds: media.mediaIds } : {}),
    ...(media.mediaAltTexts?.length ? { mediaAltTexts: media.mediaAltTexts } : {}),
  };
}

/** `times` without one occurrence of each of `remove`. */
function withoutOnce(times: Date[], remove: number[]): number[] {
  const left = new Map<number, number>();
  for (const ms of remove) left.set(ms, (left.get(ms) ?? 0) + 1);
  return times
    .map((d) => d.getTime())
    .filter((ms) => {
      const n = left.get(ms) ?? 0;
      if (!n) return true;
      left.set(ms, n - 1);
      return false;
    });
}

/** A random order (Fisher–Yates). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
