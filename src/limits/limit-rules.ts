import type { Plan } from './plans';

/**
 * The limit checks as pure functions: plan + usage + request → null (allowed) or the full
 * limit-exceeded body of the spec ("Limit-exceeded body") with the reference notes' extras.
 * LimitsService gathers the inputs and throws; these only decide and describe.
 */
export type LimitCode =
  'POST_LIMIT_REACHED' | 'SCHEDULED_POST_LIMIT_REACHED' | 'SCHEDULE_HORIZON_REACHED' | 'PLATFORM_NOT_AVAILABLE' | 'CONNECTIONS_OVER_LIMIT';

/** `error` and `metric` of each code, exactly as the spec's table. */
export const LIMIT_CODES: Readonly<Record<LimitCode, { error: string; metric: string }>> = {
  POST_LIMIT_REACHED: { error: 'Post limit reached', metric: 'posts.platform_monthly' },
  SCHEDULED_POST_LIMIT_REACHED: { error: 'Scheduled post limit reached', metric: 'posts.scheduled_active' },
  SCHEDULE_HORIZON_REACHED: { error: 'Schedule horizon reached', metric: 'posts.schedule_horizon_days' },
  PLATFORM_NOT_AVAILABLE: { error: 'Platform not available', metric: 'posts.platform_monthly' },
  CONNECTIONS_OVER_LIMIT: { error: 'Account over channel limit', metric: 'connections.total' },
};

export interface BlockedPlatform {
  platformSelection: string;
  used: number;
  remaining: number;
}

export interface LimitExceededBody {
  error: string;
  code: LimitCode;
  metric: string;
  message: string;
  limit: number;
  used: number | null;
  requested: number | null;
  remaining: number | null;
  periodStart: string;
  periodEnd: string;
  planName: string;
  scope?: 'account' | 'connection';
  blockedPlatforms?: BlockedPlatform[];
  scheduledTime?: string;
  maxScheduledDate?: string;
  overLimitBy?: number;
  disallowedPlatforms?: string[];
  allowedPlatforms?: string[];
}

export interface BillingPeriod {
  start: Date;
  end: Date;
}

export interface RuleContext {
  plan: Plan;
  /** The plan's platforms among those there are (`planPlatforms`). */
  platforms: readonly string[];
  period: BillingPeriod;
}

function body(
  ctx: RuleContext,
  code: LimitCode,
  fields: Omit<LimitExceededBody, 'error' | 'code' | 'metric' | 'periodStart' | 'periodEnd' | 'planName'>,
): LimitExceededBody {
  return {
    error: LIMIT_CODES[code].error,
    code,
    metric: LIMIT_CODES[code].metric,
    ...fields,
    periodStart: ctx.period.start.toISOString(),
    periodEnd: ctx.period.end.toISOString(),
    planName: ctx.plan.displayName,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Platforms must be on the plan (runs for every create-post, drafts included). */
export function checkPlatformsAvailable(ctx: RuleContext, platforms: readonly string[]): LimitExceededBody | null {
  const allowed = ctx.platforms;
  const requested = platforms.filter((p) => !allowed.includes(p));
  const disallowed = [...new Set(requested)];
  if (!disallowed.length) return null;
  return body(ctx, 'PLATFORM_NOT_AVAILABLE', {
    message: `${disallowed.join(', ')} ${disallowed.length === 1 ? 'is' : 'are'} not available on your ${ctx.plan.displayName} plan. Available platforms: ${allowed.join(', ')}.`,
    // The plan allows no posts at all on a disallowed platform.
    limit: 0,
    used: 0,
    requested: requested.length,
    remaining: 0,
    disallowedPlatforms: disallowed,
    allowedPlatforms: [...allowed],
  });
}

/** Connections the plan allows: a fixed number (Starter) or the subscription seats (paid plans). */
export function connectionAllowance(plan: Plan, seats: number): number {
  return plan.connections ?? Math.max(0, seats);
}

/** An account with more connections than its plan allows cannot schedule until it disconnects some. */
export function checkConnections(ctx: RuleContext, allowance: number, connectionCount: number): LimitExceededBody | null {
  if (connectionCount <= allowance) return null;
  const over = connectionCount - allowance;
  return body(ctx, 'CONNECTIONS_OVER_LIMIT', {
    message: `Your account has ${plural(connectionCount, 'connected channel')} but your ${ctx.plan.displayName} plan allows ${allowance}. Disconnect ${plural(over, 'channel')} to schedule posts.`,
    limit: allowance,
    used: connectionCount,
    requested: 0,
    remaining: 0,
    overLimitBy: over,
  });
}

/**
 * Connecting accounts: `adding` new connections may not take the account past its allowance
 * (reconnecting an account already connected adds nothing).
 */
export function checkNewConnections(ctx: RuleContext, allowance: number, connectionCount: number, adding: number): LimitExceededBody | null {
  if (adding <= 0 || connectionCount + adding <= allowance) return null;
  return body(ctx, 'CONNECTIONS_OVER_LIMIT', {
    message: `Your ${ctx.plan.displayName} plan allows ${plural(allowance, 'connected channel')} and your account has ${connectionCount}. Disconnect a channel or upgrade your plan to connect ${adding === 1 ? 'another' : `${adding} more`}.`,
    limit: allowance,
    used: connectionCount,
    requested: adding,
    remaining: Math.max(0, allowance - connectionCount),
  });
}

/**
 * Monthly platform posts. Account scope (Starter): one pool, the group's platform posts all count
 * against it. Connection scope (paid plans): one pool per connection, and each connection of the
 * group takes one post from its own pool; `used`/`remaining` are then per connection only, in
 * `blockedPlatforms`.
 */
export function checkMonthlyPosts(
  ctx: RuleContext,
  platformIds: readonly string[],
  usage: { monthlyByPlatformId: Record<string, number>; monthlyTotal: number },
): LimitExceededBody | null {
  const ids = [...new Set(platformIds)];
  const { plan } = ctx;
  const message = `Monthly post limit reached. Your ${plan.displayName} plan allows ${plan.monthlyPosts} platform posts per month.`;
  if (plan.monthlyScope === 'account') {
    const used = usage.monthlyTotal;
    if (used + ids.length <= plan.monthlyPosts) return null;
    return body(ctx, 'POST_LIMIT_REACHED', {
      message,
      limit: plan.monthlyPosts,
      used,
      requested: ids.length,
      remaining: Math.max(0, plan.monthlyPosts - used),
      scope: 'account',
    });
  }
  const blocked = ids
    .map((id) => ({ platformSelection: id, used: usage.monthlyByPlatformId[id] ?? 0 }))
    .filter((b) => b.used + 1 > plan.monthlyPosts)
    .map((b) => ({ ...b, remaining: Math.max(0, plan.monthlyPosts - b.used) }));
  if (!blocked.length) return null;
  return body(ctx, 'POST_LIMIT_REACHED', {
    message,
    limit: plan.monthlyPosts,
    used: null,
    requested: ids.length,
    remaining: null,
    scope: 'connection',
    blockedPlatforms: blocked,
  });
}

/** Pending (scheduled, not yet published) platform posts of the whole billing account. */
export function checkScheduledPending(ctx: RuleContext, requested: number, scheduledPending: number): LimitExceededBody | null {
  const { plan } = ctx;
  if (scheduledPending + requested <= plan.scheduledPosts) return null;
  return body(ctx, 'SCHEDULED_POST_LIMIT_REACHED', {
    message: `Scheduled post limit reached. Your ${plan.displayName} plan allows ${plan.scheduledPosts} scheduled platform posts at a time.`,
    limit: plan.scheduledPosts,
    used: scheduledPending,
    requested,
    remaining: Math.max(0, plan.scheduledPosts - scheduledPending),
    scope: 'account',
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The latest allowed time is `now + horizon days`, inclusive. Date-based: no used/requested/remaining. */
export function checkHorizon(ctx: RuleContext, scheduledTime: Date, now: Date): LimitExceededBody | null {
  const days = ctx.plan.scheduleHorizonDays;
  if (days === null) return null;
  const max = new Date(now.getTime() + days * DAY_MS);
  if (scheduledTime.getTime() <= max.getTime()) return null;
  return body(ctx, 'SCHEDULE_HORIZON_REACHED', {
    message: `Schedule horizon reached. Your ${ctx.plan.displayName} plan allows scheduling up to ${plural(days, 'day')} ahead (until ${max.toISOString()}).`,
    limit: days,
    used: null,
    requested: null,
    remaining: null,
    scheduledTime: scheduledTime.toISOString(),
    maxScheduledDate: max.toISOString(),
  });
}

/**
 * Minimum spacing between posts of one connection: the earliest time at or after `requested`
 * that is at least `spacingMs` away from every other pending post on the group's connections.
 * Only ever moves later (never earlier than asked).
 */
export function applySpacing(requested: Date, otherTimes: readonly Date[], spacingMs: number): { scheduledTime: Date; adjusted: boolean } {
  if (spacingMs <= 0 || !otherTimes.length) return { scheduledTime: requested, adjusted: false };
  const others = otherTimes.map((d) => d.getTime()).sort((a, b) => a - b);
  let t = requested.getTime();
  // Ascending pass: moving past one neighbour can only bring later neighbours into range.
  for (const o of others) {
    if (Math.abs(t - o) < spacingMs) t = o + spacingMs;
  }
  return { scheduledTime: new Date(t), adjusted: t !== requested.getTime() };
}

/**
 * Billing month [start, end): the calendar month in UTC, or, with an anchor, the month starting
 * on the anchor's day-of-month and time (clamped to the month's last day, like card billing).
 */
export function billingPeriodOf(now: Date, anchor?: Date | null): BillingPeriod {
  if (!anchor) {
    return {
      start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
    };
  }
  const at = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(
      Date.UTC(
        year,
        month,
        Math.min(anchor.getUTCDate(), last),
        anchor.getUTCHours(),
        anchor.getUTCMinutes(),
        anchor.getUTCSeconds(),
        anchor.getUTCMilliseconds(),
      ),
    );
  };
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  if (at(year, month).getTime() > now.getTime()) {
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
  }
  const start = at(year, month);
  const end = month === 11 ? at(year + 1, 0) : at(year, month + 1);
  return { start, end };
}
