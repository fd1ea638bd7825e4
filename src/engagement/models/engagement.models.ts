import { Field, Float, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';

/**
 * Counters are `{ name, value }` pairs rather than a JSON object: each platform has its own
 * counters beside the shared ones, so they cannot be fields, and pairs keep them typed for the
 * dashboard's generated types (docs/graphql.md).
 */
@ObjectType('MetricValue', { description: 'One counter of a reading' })
export class MetricValueModel {
  @Field({
    description: 'Shared names where they apply (likes, reposts, replies, impressions, views; accounts: followers, following, posts), else the platform’s own',
  })
  name: string;
  @Field(() => Float) value: number;
}

@ObjectType('MetricReading', { description: 'The counters a platform gave at one time; a counter it does not give is absent, never 0' })
export class MetricReadingModel {
  @Field(() => GraphQLISODateTime) takenAt: Date;
  @Field(() => [MetricValueModel]) values: MetricValueModel[];
}

@ObjectType('MetricError', { description: 'The last failed reading' })
export class MetricErrorModel {
  @Field() code: string;
  @Field() message: string;
  @Field({ description: 'As the error categories of docs/recovery.md; permission_missing names the permission to grant' }) category: string;
  @Field(() => GraphQLISODateTime) at: Date;
}

@ObjectType('PlatformPostMetrics', { description: "One platform post's collection state, latest reading and series" })
export class PlatformPostMetricsModel {
  @Field(() => ID) postId: string;
  @Field() platform: string;
  @Field({ description: 'Compound connection id' }) platformId: string;
  @Field(() => String, { nullable: true }) postedId: string | null;
  @Field({ description: 'collecting | complete | ended | not_supported | not_published' }) collection: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the next reading is due (collecting)' }) nextCollectionAt: Date | null;
  @Field(() => String, { nullable: true, description: 'Why no more readings are taken (ended)' }) endedBecause: string | null;
  @Field(() => MetricErrorModel, { nullable: true }) lastError: MetricErrorModel | null;
  @Field(() => MetricReadingModel, { nullable: true }) latest: MetricReadingModel | null;
  @Field(() => [MetricReadingModel], { description: 'Every reading, oldest first' }) series: MetricReadingModel[];
}

@ObjectType('PostMetrics', { description: "A post group's metrics, per platform post" })
export class PostMetricsModel {
  @Field(() => ID) postGroupId: string;
  @Field(() => [PlatformPostMetricsModel]) posts: PlatformPostMetricsModel[];
}

@ObjectType('AccountMetricsDay', { description: 'The last account reading of a UTC day' })
export class AccountMetricsDayModel {
  @Field({ description: 'UTC date, YYYY-MM-DD' }) date: string;
  @Field(() => GraphQLISODateTime) takenAt: Date;
  @Field(() => [MetricValueModel]) values: MetricValueModel[];
}

@ObjectType('AccountMetrics', { description: "A connected account's daily readings over [from, to)" })
export class AccountMetricsModel {
  @Field() platformId: string;
  @Field() platform: string;
  @Field(() => GraphQLISODateTime) from: Date;
  @Field(() => GraphQLISODateTime) to: Date;
  @Field({ description: 'collecting | not_supported (its platform gives no account metrics)' }) collection: string;
  @Field(() => MetricErrorModel, { nullable: true }) lastError: MetricErrorModel | null;
  @Field(() => [AccountMetricsDayModel], { description: 'Oldest first; days without a reading are absent' }) days: AccountMetricsDayModel[];
  @Field(() => MetricReadingModel, { nullable: true }) latest: MetricReadingModel | null;
}

@ObjectType('TopPost', { description: 'A published post and the value it is ranked by' })
export class TopPostModel {
  @Field(() => ID) postId: string;
  @Field(() => ID) postGroupId: string;
  @Field() platform: string;
  @Field() platformId: string;
  @Field() postedId: string;
  @Field(() => String, { nullable: true }) publishedUrl: string | null;
  @Field(() => GraphQLISODateTime) publishedAt: Date;
  @Field(() => Float, { description: 'The ranked metric on the latest reading' }) value: number;
  @Field(() => MetricReadingModel) latest: MetricReadingModel;
}

@ObjectType('TopPosts', { description: 'The posts published in [from, to), best first by metric' })
export class TopPostsModel {
  @Field(() => GraphQLISODateTime) from: Date;
  @Field(() => GraphQLISODateTime) to: Date;
  @Field({ description: 'A counter name, or engagement (likes + reposts + replies)' }) metric: string;
  @Field(() => [TopPostModel]) posts: TopPostModel[];
}

@ObjectType('BestTimeCell', { description: 'The posts published at one weekday and hour, and their average engagement' })
export class BestTimeCellModel {
  @Field(() => Int, { description: '1 = Monday … 7 = Sunday (ISO), in the zone asked for' }) weekday: number;
  @Field(() => Int, { description: '0–23' }) hour: number;
  @Field(() => Int) posts: number;
  @Field(() => Float) averageEngagement: number;
}

@ObjectType('BestTimes', { description: 'Weekday × hour of publication, from the person’s own history' })
export class BestTimesModel {
  @Field() timeZone: string;
  @Field(() => Int, { description: 'Posts with metrics counted' }) posts: number;
  @Field({ description: 'false: too few posts to say; see message' }) enough: boolean;
  @Field(() => String, { nullable: true, description: 'Why there is not enough yet' }) message: string | null;
  @Field(() => [BestTimeCellModel], { description: 'Cells with posts only, by weekday then hour' }) cells: BestTimeCellModel[];
}

@ObjectType('EngagementDay', { description: 'The posts published on a UTC day and their engagement on their latest reading' })
export class EngagementDayModel {
  @Field({ description: 'UTC date, YYYY-MM-DD' }) date: string;
  @Field(() => Int) posts: number;
  @Field(() => Float, { description: 'likes + reposts + replies' }) engagement: number;
}

@ObjectType('DailyEngagement', { description: "A connection's engagement per UTC day of [from, to)" })
export class DailyEngagementModel {
  @Field() platformId: string;
  @Field() platform: string;
  @Field(() => GraphQLISODateTime) from: Date;
  @Field(() => GraphQLISODateTime) to: Date;
  @Field(() => [EngagementDayModel], { description: 'Every day of the range, oldest first (0 where nothing was published)' }) days: EngagementDayModel[];
}
