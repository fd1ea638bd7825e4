import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { ConnectionsService } from '../connections/connections.service';
import { isObjectIdString } from '../database/object-id';
import { PlatformRegistry } from '../platforms/platform-registry';
import { PostMessages } from '../posts/posts.errors';
import { PostsService } from '../posts/posts.service';
import { dailyEngagementOf, type EngagementDay } from './daily-engagement';
import { bestTimes, isTimeZone, rankValue, type BestTimes } from './engagement-rules';
import { EngagementMessages as M } from './engagement.errors';
import { MetricSnapshotsRepository } from './metric-snapshots.repository';
import { MetricTracksRepository } from './metric-tracks.repository';
import type { MetricSnapshotRecord } from './schemas/metric-snapshot.schema';
import type { MetricTrackRecord } from './schemas/metric-track.schema';

const DAY = 24 * 60 * 60_000;
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

/**
 * Where a platform post's collection stands: `collecting` (more readings due), `complete` (every
 * step read), `ended` (the post is gone, or the platform stopped giving it), `not_supported` (its
 * platform gives no post metrics), `not_published` (nothing to read yet).
 */
export type CollectionState = 'collecting' | 'complete' | 'ended' | 'not_supported' | 'not_published';

export interface MetricReading {
  takenAt: string;
  values: Record<string, number>;
}

export interface PostMetrics {
  postId: string;
  platform: string;
  platformId: string;
  postedId?: string;
  collection: CollectionState;
  nextCollectionAt?: string;
  endedBecause?: string;
  lastError?: { code: string; message: string; category: string; at: string };
  latest: MetricReading | null;
  series: MetricReading[];
}

export interface TopPost {
  postId: string;
  postGroupId: string;
  platform: string;
  platformId: string;
  postedId: string;
  publishedUrl?: string;
  publishedAt: string;
  /** The ranked value. */
  value: number;
  latest: MetricReading;
}

export interface AccountMetrics {
  platformId: string;
  platform: string;
  from: string;
  to: string;
  collection: 'collecting' | 'not_supported';
  lastError?: { code: string; message: string; category: string; at: string };
  /** The last reading of each UTC day in the range, oldest first. */
  days: Array<{ date: string } & MetricReading>;
  latest: MetricReading | null;
}

const reading = (s: MetricSnapshotRecord): MetricReading => ({ takenAt: s.takenAt.toISOString(), values: s.values });
const errorOf = (track: MetricTrackRecord | undefined) =>
  track?.lastError ? { lastError: { ...track.lastError, at: new Date(track.lastError.at).toISOString() } } : {};

/** What the collected metrics say, for the API (docs/engagement.md). */
@Injectable()
export class EngagementService {
  constructor(
    private readonly posts: PostsService,
    private readonly connections: ConnectionsService,
    private readonly platforms: PlatformRegistry,
    private readonly tracks: MetricTracksRepository,
    private readonly snapshots: MetricSnapshotsRepository,
  ) {}

  /** Each platform post of the group: where its collection stands, its latest reading and its series. */
  async postGroupMetrics(ctx: RequestContext, postGroupId: string): Promise<{ postGroupId: string; posts: PostMetrics[] }> {
    if (!isObjectIdString(postGroupId)) throw ApiError.notFound(PostMessages.notFound);
    const { platformPosts } = await this.posts.get(ctx, postGroupId);
    const [tracks, snapshots] = await Promise.all([
      this.tracks.findForPosts(
        ctx.userId,
        platformPosts.map((p) => p._id),
      ),
      this.snapshots.forGroup(ctx.userId, postGroupId),
    ]);
    const trackOf = new Map(tracks.map((t) => [String(t.postId), t]));
    return {
      postGroupId,
      posts: platformPosts.map((post) => {
        const track = trackOf.get(String(post._id));
        const series = snapshots.filter((s) => String(s.postId) === String(post._id)).map(reading);
        const supported = !!this.platforms.get(post.platform)?.postMetrics;
        const collection: CollectionState = track
          ? track.endedBecause
            ? 'ended'
            : track.nextAt
              ? 'collecting'
              : 'complete'
          : !supported
            ? 'not_supported'
            : 'not_published';
        return {
          postId: String(post._id),
          platform: post.platform,
          platformId: post.platformId,
          ...(post.postedId ? { postedId: post.postedId } : {}),
          collection,
          ...(track?.nextAt ? { nextCollectionAt: track.nextAt.toISOString() } : {}),
          ...(track?.endedBecause ? { endedBecause: track.endedBecause } : {}),
          ...errorOf(track),
          latest: series.at(-1) ?? null,
          series,
        };
      }),
    };
  }

  /** The latest reading of each of these platform posts of the user (exports); posts without one are absent. */
  async latestReadings(userId: string, postIds: Types.ObjectId[]): Promise<Map<string, MetricReading>> {
    const latest = await this.snapshots.latestForPosts(userId, postIds);
    return new Map([...latest].map(([postId, snapshot]) => [postId, reading(snapshot)]));
  }

  /**
   * The posts published in [from, to) ranked by `metric` (a counter name, or `engagement`: likes +
   * reposts + replies) on their latest reading; posts without that counter are left out.
   */
  async topPosts(
    ctx: RequestContext,
    query: { from?: unknown; to?: unknown; metric?: unknown; limit?: unknown; platformId?: unknown },
    now = new Date(),
  ): Promise<{ from: string; to: string; metric: string; posts: TopPost[] }> {
    const { from, to } = parseRange(query, now);
    const metric = query.metric === undefined || query.metric === '' ? 'engagement' : String(query.metric);
    if (!/^[A-Za-z0-9_.]{1,64}$/.test(metric)) throw ApiError.badRequest(M.invalidMetric);
    const limit = clampTopLimit(query.limit);
    const connectionId = query.platformId ? (await this.ownedConnection(ctx, query.platformId)).id : undefined;
    const tracks = await this.tracks.publishedBetween(ctx.userId, from, to, MAX_POSTS_CONSIDERED, connectionId);
    const latest = await this.snapshots.latestForPosts(
      ctx.userId,
      tracks.map((t) => t.postId!),
    );
    const ranked = tracks.flatMap((track) => {
      const snapshot = latest.get(String(track.postId));
      const value = snapshot ? rankValue(snapshot.values, metric) : null;
      return snapshot && value !== null ? [{ track, snapshot, value }] : [];
    });
    ranked.sort((a, b) => b.value - a.value || b.track.publishedAt!.getTime() - a.track.publishedAt!.getTime());
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      metric,
      posts: ranked.slice(0, limit).map(({ track, snapshot, value }) => ({
        postId: String(track.postId),
        postGroupId: String(track.postGroupId),
        platform: track.platform,
        platformId: track.platformId,
        postedId: track.postedId!,
        ...(track.publishedUrl ? { publishedUrl: track.publishedUrl } : {}),
        publishedAt: track.publishedAt!.toISOString(),
        value,
        latest: reading(snapshot),
      })),
    };
  }

  /** When the person's posts did best, weekday × hour in `timeZone`, from the posts published in the range. */
  async bestTimes(
    ctx: RequestContext,
    query: { from?: unknown; to?: unknown; timeZone?: unknown; platformId?: unknown },
    now = new Date(),
  ): Promise<BestTimes> {
    const timeZone = query.timeZone === undefined || query.timeZone === '' ? 'UTC' : query.timeZone;
    if (!isTimeZone(timeZone)) throw ApiError.badRequest(M.invalidTimeZone);
    const { from, to } = parseRange({ from: query.from ?? new Date(now.getTime() - 90 * DAY).toISOString(), to: query.to }, now);
    const connectionId = query.platformId ? (await this.ownedConnection(ctx, query.platformId)).id : undefined;
    const tracks = await this.tracks.publishedBetween(ctx.userId, from, to, MAX_POSTS_CONSIDERED, connectionId);
    const latest = await this.snapshots.latestForPosts(
      ctx.userId,
      tracks.map((t) => t.postId!),
    );
    return bestTimes(
      tracks.flatMap((t) => {
        const s = latest.get(String(t.postId));
        return s ? [{ publishedAt: t.publishedAt!, values: s.values }] : [];
      }),
      timeZone,
    );
  }

  /**
   * A connection's engagement per UTC day of [from, to): the posts published each day and the sum
   * of their likes + reposts + replies on their latest reading (dailyEngagementOf). Same range
   * rules as accountMetrics, so the two line up day by day.
   */
  async dailyEngagement(
    ctx: RequestContext,
    platformId: string,
    range: { from?: unknown; to?: unknown },
    now = new Date(),
  ): Promise<{ platformId: string; platform: string; from: string; to: string; days: EngagementDay[] }> {
    const connection = await this.ownedConnection(ctx, platformId);
    const { from, to } = parseRange(range, now);
    const tracks = await this.tracks.publishedBetween(ctx.userId, from, to, MAX_POSTS_CONSIDERED, connection.id);
    const latest = await this.snapshots.latestForPosts(
      ctx.userId,
      tracks.map((t) => t.postId!),
    );
    return {
      platformId: connection.platformId,
      platform: connection.platform,
      from: from.toISOString(),
      to: to.toISOString(),
      days: dailyEngagementOf(
        tracks.flatMap((t) => {
          const s = latest.get(String(t.postId));
          return s ? [{ publishedAt: t.publishedAt!, values: s.values }] : [];
        }),
        from,
        to,
      ),
    };
  }

  private async ownedConnection(ctx: RequestContext, platformId: unknown) {
    const [connection] = await this.connections.findOwned(ctx.userId, [String(platformId)]);
    if (!connection) throw ApiError.notFound(M.connectionNotFound);
    return connection;
  }

  /** A connection's account readings over [from, to): the last of each UTC day. */
  async accountMetrics(ctx: RequestContext, platformId: string, range: { from?: unknown; to?: unknown }, now = new Date()): Promise<AccountMetrics> {
    const connection = await this.ownedConnection(ctx, platformId);
    const { from, to } = parseRange(range, now);
    const [track, snapshots] = await Promise.all([
      this.tracks.findAccountTrack(ctx.userId, connection.id),
      this.snapshots.forAccount(ctx.userId, connection.id, from, to),
    ]);
    const byDay = new Map<string, MetricSnapshotRecord>();
    for (const s of snapshots) byDay.set(s.takenAt.toISOString().slice(0, 10), s);
    const days = [...byDay].map(([date, s]) => ({ date, ...reading(s) }));
    return {
      platformId: connection.platformId,
      platform: connection.platform,
      from: from.toISOString(),
      to: to.toISOString(),
      collection: this.platforms.get(connection.platform)?.accountMetrics ? 'collecting' : 'not_supported',
      ...errorOf(track ?? undefined),
      days,
      latest: days.at(-1) ? { takenAt: days.at(-1)!.takenAt, values: days.at(-1)!.values } : null,
    };
  }
}

/** The most posts a top list or best-times map looks at (the newest in the range). */
export const MAX_POSTS_CONSIDERED = 5_000;

/** `from`/`to` as ISO dates or times; default the last 30 days up to now; at most 366 days. */
/** 1-100, default 10. */
export function clampTopLimit(value: unknown): number {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n)) return 10;
  return Math.min(100, Math.max(1, Math.trunc(n)));
}

export function parseRange(range: { from?: unknown; to?: unknown }, now: Date): { from: Date; to: Date } {
  const to = range.to === undefined || range.to === '' ? now : new Date(String(range.to));
  if (Number.isNaN(to.getTime())) throw ApiError.badRequest(M.invalidTo);
  const from = range.from === undefined || range.from === '' ? new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY) : new Date(String(range.from));
  if (Number.isNaN(from.getTime())) throw ApiError.badRequest(M.invalidFrom);
  if (from >= to) throw ApiError.badRequest(M.rangeOrder);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY) throw ApiError.badRequest(M.rangeTooLong(MAX_RANGE_DAYS));
  return { from, to };
}
