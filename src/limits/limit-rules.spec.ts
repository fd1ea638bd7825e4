import {
  applySpacing,
  billingPeriodOf,
  checkConnections,
  checkHorizon,
  checkMonthlyPosts,
  checkNewConnections,
  checkPlatformsAvailable,
  checkScheduledPending,
  connectionAllowance,
  LIMIT_CODES,
  type RuleContext,
} from './limit-rules';
import { PLATFORM_NAMES } from '@app/rules';
import { BUILT_IN_PLANS as PLANS, planPlatforms } from './plans';

const period = { start: new Date('2026-03-01T00:00:00.000Z'), end: new Date('2026-04-01T00:00:00.000Z') };
const starter: RuleContext = { plan: PLANS.starter, platforms: planPlatforms(PLANS.starter, PLATFORM_NAMES), period };
const pro: RuleContext = { plan: PLANS.pro, platforms: planPlatforms(PLANS.pro, PLATFORM_NAMES), period };
const common = { periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2026-04-01T00:00:00.000Z' };
const usage = (monthlyTotal: number, monthlyByPlatformId: Record<string, number> = {}) => ({ monthlyTotal, monthlyByPlatformId });

describe('LIMIT_CODES', () => {
  it('has the spec table exactly', () => {
    expect(LIMIT_CODES).toEqual({
      POST_LIMIT_REACHED: { error: 'Post limit reached', metric: 'posts.platform_monthly' },
      SCHEDULED_POST_LIMIT_REACHED: { error: 'Scheduled post limit reached', metric: 'posts.scheduled_active' },
      SCHEDULE_HORIZON_REACHED: { error: 'Schedule horizon reached', metric: 'posts.schedule_horizon_days' },
      PLATFORM_NOT_AVAILABLE: { error: 'Platform not available', metric: 'posts.platform_monthly' },
      CONNECTIONS_OVER_LIMIT: { error: 'Account over channel limit', metric: 'connections.total' },
    });
  });
});

describe('checkMonthlyPosts, account scope (Starter: 15)', () => {
  it('allows reaching the limit exactly', () => {
    expect(checkMonthlyPosts(starter, ['a-1', 'b-2'], usage(13))).toBeNull();
  });
  it('refuses one over, with the full body', () => {
    expect(checkMonthlyPosts(starter, ['a-1', 'b-2'], usage(14))).toEqual({
      error: 'Post limit reached',
      code: 'POST_LIMIT_REACHED',
      metric: 'posts.platform_monthly',
      message: 'Monthly post limit reached. Your Starter plan allows 15 platform posts per month.',
      limit: 15,
      used: 14,
      requested: 2,
      remaining: 1,
      ...common,
      planName: 'Starter',
      scope: 'account',
    });
  });
  it('counts each platform post (a 3-platform group counts 3), duplicates once', () => {
    expect(checkMonthlyPosts(starter, ['a-1', 'b-2', 'c-3', 'c-3'], usage(12))).toBeNull();
    expect(checkMonthlyPosts(starter, ['a-1', 'b-2', 'c-3'], usage(13))?.requested).toBe(3);
  });
  it('remaining never goes negative', () => {
    expect(checkMonthlyPosts(starter, ['a-1'], usage(20))?.remaining).toBe(0);
  });
});

describe('checkMonthlyPosts, connection scope (Pro: 100 per connection)', () => {
  it('allows a connection at 99, whatever the account total', () => {
    expect(checkMonthlyPosts(pro, ['x-1', 'y-2'], usage(199, { 'x-1': 99, 'y-2': 100 - 1 }))).toBeNull();
  });
  it('refuses when one connection is at 100, listing only the blocked ones', () => {
    expect(checkMonthlyPosts(pro, ['x-1', 'y-2'], usage(150, { 'x-1': 100, 'y-2': 50 }))).toEqual({
      error: 'Post limit reached',
      code: 'POST_LIMIT_REACHED',
      metric: 'posts.platform_monthly',
      message: 'Monthly post limit reached. Your Pro plan allows 100 platform posts per month.',
      limit: 100,
      used: null,
      requested: 2,
      remaining: null,
      ...common,
      planName: 'Pro',
      scope: 'connection',
      blockedPlatforms: [{ platformSelection: 'x-1', used: 100, remaining: 0 }],
    });
  });
  it('a connection with no usage yet is free', () => {
    expect(checkMonthlyPosts(pro, ['z-9'], usage(1000, {}))).toBeNull();
  });
});

describe('checkScheduledPending', () => {
  it('allows exactly the limit, refuses one over (Starter: 3)', () => {
    expect(checkScheduledPending(starter, 2, 1)).toBeNull();
    expect(checkScheduledPending(starter, 2, 2)).toEqual({
      error: 'Scheduled post limit reached',
      code: 'SCHEDULED_POST_LIMIT_REACHED',
      metric: 'posts.scheduled_active',
      message: 'Scheduled post limit reached. Your Starter plan allows 3 scheduled platform posts at a time.',
      limit: 3,
      used: 2,
      requested: 2,
      remaining: 1,
      ...common,
      planName: 'Starter',
      scope: 'account',
    });
  });
  it('uses the plan value (Pro: 100)', () => {
    expect(checkScheduledPending(pro, 1, 99)).toBeNull();
    expect(checkScheduledPending(pro, 1, 100)?.limit).toBe(100);
  });
});

describe('checkHorizon', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const sevenDays = new Date('2026-03-17T12:00:00.000Z');
  it('allows exactly 7 days ahead on Starter', () => {
    expect(checkHorizon(starter, sevenDays, now)).toBeNull();
  });
  it('refuses 1 ms later, date-based (no used/requested/remaining)', () => {
    const late = new Date(sevenDays.getTime() + 1);
    expect(checkHorizon(starter, late, now)).toEqual({
      error: 'Schedule horizon reached',
      code: 'SCHEDULE_HORIZON_REACHED',
      metric: 'posts.schedule_horizon_days',
      message: 'Schedule horizon reached. Your Starter plan allows scheduling up to 7 days ahead (until 2026-03-17T12:00:00.000Z).',
      limit: 7,
      used: null,
      requested: null,
      remaining: null,
      ...common,
      planName: 'Starter',
      scheduledTime: '2026-03-17T12:00:00.001Z',
      maxScheduledDate: '2026-03-17T12:00:00.000Z',
    });
  });
  it('paid plans have no horizon', () => {
    expect(checkHorizon(pro, new Date('2030-01-01T00:00:00Z'), now)).toBeNull();
  });
});

describe('checkPlatformsAvailable', () => {
  it('Starter has all but twitter', () => {
    expect(checkPlatformsAvailable(starter, ['linkedin', 'pinterest', 'telegram'])).toBeNull();
    const refused = checkPlatformsAvailable(starter, ['linkedin', 'twitter', 'twitter']);
    expect(refused).toMatchObject({
      error: 'Platform not available',
      code: 'PLATFORM_NOT_AVAILABLE',
      metric: 'posts.platform_monthly',
      message: expect.stringContaining('twitter is not available on your Starter plan'),
      limit: 0,
      used: 0,
      requested: 2,
      remaining: 0,
      ...common,
      planName: 'Starter',
      disallowedPlatforms: ['twitter'],
    });
    expect(refused?.allowedPlatforms).not.toContain('twitter');
    expect(refused?.allowedPlatforms).toHaveLength(10);
  });
  it('Pro has all eleven', () => {
    expect(checkPlatformsAvailable(pro, ['twitter', 'pinterest'])).toBeNull();
  });
});

describe('checkConnections', () => {
  it('allowance: 3 on Starter, seats on paid plans', () => {
    expect(connectionAllowance(PLANS.starter, 10)).toBe(3);
    expect(connectionAllowance(PLANS.pro, 5)).toBe(5);
    expect(connectionAllowance(PLANS.premium, 1)).toBe(1);
  });
  it('allows exactly the allowance, refuses one over', () => {
    expect(checkConnections(starter, 3, 3)).toBeNull();
    expect(checkConnections(starter, 3, 5)).toEqual({
      error: 'Account over channel limit',
      code: 'CONNECTIONS_OVER_LIMIT',
      metric: 'connections.total',
      message: 'Your account has 5 connected channels but your Starter plan allows 3. Disconnect 2 channels to schedule posts.',
      limit: 3,
      used: 5,
      requested: 0,
      remaining: 0,
      ...common,
      planName: 'Starter',
      overLimitBy: 2,
    });
  });
});

describe('checkNewConnections', () => {
  it('allows filling the allowance, refuses the next one, ignores reconnects (adding 0)', () => {
    expect(checkNewConnections(starter, 3, 2, 1)).toBeNull();
    expect(checkNewConnections(starter, 3, 3, 0)).toBeNull();
    expect(checkNewConnections(starter, 3, 3, 1)).toEqual({
      error: 'Account over channel limit',
      code: 'CONNECTIONS_OVER_LIMIT',
      metric: 'connections.total',
      message: 'Your Starter plan allows 3 connected channels and your account has 3. Disconnect a channel or upgrade your plan to connect another.',
      limit: 3,
      used: 3,
      requested: 1,
      remaining: 0,
      ...common,
      planName: 'Starter',
    });
    expect(checkNewConnections(pro, 5, 4, 2)!.message).toBe(
      'Your Pro plan allows 5 connected channels and your account has 4. Disconnect a channel or upgrade your plan to connect 2 more.',
    );
  });
});

describe('applySpacing', () => {
  const t = (iso: string) => new Date(`2026-03-10T${iso}Z`);
  const MIN = 60_000;
  it('keeps a time far enough from the others', () => {
    expect(applySpacing(t('12:00:00'), [t('11:59:00'), t('12:01:00')], MIN)).toEqual({ scheduledTime: t('12:00:00'), adjusted: false });
  });
  it('moves a time too close to another to that one + spacing', () => {
    expect(applySpacing(t('12:00:30'), [t('12:00:00')], MIN)).toEqual({ scheduledTime: t('12:01:00'), adjusted: true });
  });
  it('moves past a run of neighbours, never earlier', () => {
    const others = [t('12:02:00'), t('12:00:00'), t('12:01:00'), t('12:05:00')];
    expect(applySpacing(t('12:00:00'), others, MIN)).toEqual({ scheduledTime: t('12:03:00'), adjusted: true });
  });
  it('an earlier post exactly one spacing before is fine', () => {
    expect(applySpacing(t('12:01:00'), [t('12:00:00')], MIN).adjusted).toBe(false);
  });
  it('spacing 0 is off', () => {
    expect(applySpacing(t('12:00:00'), [t('12:00:00')], 0)).toEqual({ scheduledTime: t('12:00:00'), adjusted: false });
  });
});

describe('billingPeriodOf', () => {
  it('calendar month in UTC', () => {
    expect(billingPeriodOf(new Date('2026-03-31T23:59:59.999Z'))).toEqual(period);
    expect(billingPeriodOf(new Date('2026-12-15T00:00:00Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });
  it('anchored month, clamped to short months', () => {
    const anchor = new Date('2025-01-31T10:00:00Z');
    expect(billingPeriodOf(new Date('2026-03-05T00:00:00Z'), anchor)).toEqual({
      start: new Date('2026-02-28T10:00:00Z'),
      end: new Date('2026-03-31T10:00:00Z'),
    });
    expect(billingPeriodOf(new Date('2026-03-31T10:00:00Z'), anchor).start).toEqual(new Date('2026-03-31T10:00:00Z'));
  });
});
