import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { clampTopLimit, EngagementService, type MetricReading, type PostMetrics, type TopPost } from './engagement.service';
import {
  AccountMetricsModel,
  BestTimesModel,
  DailyEngagementModel,
  PostMetricsModel,
  TopPostsModel,
  type MetricErrorModel,
  type MetricReadingModel,
  type MetricValueModel,
  type PlatformPostMetricsModel,
  type TopPostModel,
} from './models/engagement.models';

/** A group has a handful of platform posts: what a postMetrics answer is costed at. */
const POSTS_PER_GROUP_COST_ESTIMATE = 5;

const values = (v: Record<string, number>): MetricValueModel[] => Object.entries(v).map(([name, value]) => ({ name, value }));
const readingModel = (r: MetricReading): MetricReadingModel => ({ takenAt: new Date(r.takenAt), values: values(r.values) });
const errorModel = (e: { code: string; message: string; category: string; at: string } | undefined): MetricErrorModel | null =>
  e ? { ...e, at: new Date(e.at) } : null;

/**
 * Dashboard GraphQL for engagement: EngagementService, as the REST routes (docs/engagement.md),
 * so rules and messages are theirs; the service's ApiErrors become GraphQL errors as everywhere.
 */
@Resolver()
@GqlSessionAuth()
export class EngagementResolver {
  constructor(private readonly engagement: EngagementService) {}

  @Query(() => PostMetricsModel, {
    description: "A post group's metrics: per platform post, its collection state, latest reading and series",
    complexity: ({ childComplexity }) => 1 + childComplexity * POSTS_PER_GROUP_COST_ESTIMATE,
  })
  async postMetrics(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<PostMetricsModel> {
    const result = await this.engagement.postGroupMetrics(ctx, id);
    return { postGroupId: result.postGroupId, posts: result.posts.map(toPlatformPostMetrics) };
  }

  @Query(() => AccountMetricsModel, { description: "A connected account's last reading of each UTC day in [from, to) (default the last 30 days, at most 366)" })
  async accountMetrics(
    @Ctx() ctx: RequestContext,
    @Args('platformId') platformId: string,
    @Args('from', { type: () => String, nullable: true, description: 'ISO 8601 date or time, inclusive' }) from?: string | null,
    @Args('to', { type: () => String, nullable: true, description: 'ISO 8601 date or time, exclusive (default now)' }) to?: string | null,
  ): Promise<AccountMetricsModel> {
    const result = await this.engagement.accountMetrics(ctx, platformId, { from: from ?? undefined, to: to ?? undefined });
    return {
      platformId: result.platformId,
      platform: result.platform,
      from: new Date(result.from),
      to: new Date(result.to),
      collection: result.collection,
      lastError: errorModel(result.lastError),
      days: result.days.map((d) => ({ date: d.date, ...readingModel(d) })),
      latest: result.latest ? readingModel(result.latest) : null,
    };
  }

  @Query(() => DailyEngagementModel, {
    description:
      "A connection's posts and their engagement (likes + reposts + replies, latest readings) per UTC day of [from, to); accountMetrics' range rules",
  })
  async dailyEngagement(
    @Ctx() ctx: RequestContext,
    @Args('platformId') platformId: string,
    @Args('from', { type: () => String, nullable: true, description: 'ISO 8601 date or time, inclusive' }) from?: string | null,
    @Args('to', { type: () => String, nullable: true, description: 'ISO 8601 date or time, exclusive (default now)' }) to?: string | null,
  ): Promise<DailyEngagementModel> {
    const result = await this.engagement.dailyEngagement(ctx, platformId, { from: from ?? undefined, to: to ?? undefined });
    return { ...result, from: new Date(result.from), to: new Date(result.to) };
  }

  @Query(() => TopPostsModel, {
    description: 'The posts published in [from, to) ranked by a metric on their latest reading; posts without it are left out',
    complexity: ({ args, childComplexity }) => 1 + childComplexity * clampTopLimit(args.limit ?? undefined),
  })
  async topPosts(
    @Ctx() ctx: RequestContext,
    @Args('from', { type: () => String, nullable: true, description: 'ISO 8601, inclusive (default: 30 days before to)' }) from?: string | null,
    @Args('to', { type: () => String, nullable: true, description: 'ISO 8601, exclusive (default: now)' }) to?: string | null,
    @Args('metric', { type: () => String, nullable: true, description: 'A counter name, or engagement (the default)' }) metric?: string | null,
    @Args('limit', { type: () => Int, nullable: true, description: '1–100, default 10' }) limit?: number | null,
    @Args('platformId', { type: () => String, nullable: true, description: "Only this connection's posts" }) platformId?: string | null,
  ): Promise<TopPostsModel> {
    const result = await this.engagement.topPosts(ctx, {
      from: from ?? undefined,
      to: to ?? undefined,
      metric: metric ?? undefined,
      limit: limit ?? undefined,
      platformId: platformId ?? undefined,
    });
    return { from: new Date(result.from), to: new Date(result.to), metric: result.metric, posts: result.posts.map(toTopPost) };
  }

  @Query(() => BestTimesModel, {
    description:
      "When the person's posts did best, weekday × hour in timeZone (default UTC), from the posts published in [from, to) (default the last 90 days)",
  })
  async bestTimes(
    @Ctx() ctx: RequestContext,
    @Args('timeZone', { type: () => String, nullable: true, description: 'IANA zone (default UTC)' }) timeZone?: string | null,
    @Args('from', { type: () => String, nullable: true, description: 'ISO 8601, inclusive (default: 90 days before to)' }) from?: string | null,
    @Args('to', { type: () => String, nullable: true, description: 'ISO 8601, exclusive (default: now)' }) to?: string | null,
    @Args('platformId', { type: () => String, nullable: true, description: "Only this connection's posts" }) platformId?: string | null,
  ): Promise<BestTimesModel> {
    const result = await this.engagement.bestTimes(ctx, {
      timeZone: timeZone ?? undefined,
      from: from ?? undefined,
      to: to ?? undefined,
      platformId: platformId ?? undefined,
    });
    return { ...result, message: result.message ?? null };
  }
}

function toPlatformPostMetrics(p: PostMetrics): PlatformPostMetricsModel {
  return {
    postId: p.postId,
    platform: p.platform,
    platformId: p.platformId,
    postedId: p.postedId ?? null,
    collection: p.collection,
    nextCollectionAt: p.nextCollectionAt ? new Date(p.nextCollectionAt) : null,
    endedBecause: p.endedBecause ?? null,
    lastError: errorModel(p.lastError),
    latest: p.latest ? readingModel(p.latest) : null,
    series: p.series.map(readingModel),
  };
}

function toTopPost(p: TopPost): TopPostModel {
  return {
    postId: p.postId,
    postGroupId: p.postGroupId,
    platform: p.platform,
    platformId: p.platformId,
    postedId: p.postedId,
    publishedUrl: p.publishedUrl ?? null,
    publishedAt: new Date(p.publishedAt),
    value: p.value,
    latest: readingModel(p.latest),
  };
}
