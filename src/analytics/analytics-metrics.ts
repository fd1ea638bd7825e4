/** The analytics vocabulary of the spec: metrics, aggregations and follower periods, each in one list. */

export const METRICS = ['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'] as const;
export type Metric = (typeof METRICS)[number];
/** LinkedIn has no daily breakdown of unique members reached. */
export const DAILY_METRICS: Metric[] = METRICS.filter((m) => m !== 'MEMBERS_REACHED');

/** In the order the spec's message lists them; TOTAL is the default. */
export const AGGREGATIONS = ['DAILY', 'TOTAL'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const DEFAULT_AGGREGATION: Aggregation = 'TOTAL';

export const FOLLOWERS_PERIODS = ['lifetime', 'daily'] as const;
export type FollowersPeriod = (typeof FOLLOWERS_PERIODS)[number];
export const DEFAULT_FOLLOWERS_PERIOD: FollowersPeriod = 'lifetime';
