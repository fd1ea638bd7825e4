import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { createServer, type Server } from 'node:net';
import type { RequestContext, UserSummary } from '../../src/auth/request-context';
import { UsersService } from '../../src/auth/users.service';
import { ApiError } from '../../src/common/api-error';
import { LimitsService, type ScheduleUsage } from '../../src/limits/limits.service';

/**
 * LimitsService against the real database: refusals carry the limit-exceeded body, and the first
 * refusal of a billing month leaves exactly one e-mail for the billing owner (outbox without SMTP,
 * sent through SMTP when configured), never failing the request.
 */

const usage = (over: Partial<ScheduleUsage> = {}): ScheduleUsage => ({
  monthlyByPlatformId: {},
  monthlyTotal: 0,
  scheduledPending: 0,
  otherScheduledTimes: {},
  ...over,
});

async function contextFor(t: TestApp, acting: TestAccount, owner: TestAccount = acting): Promise<RequestContext> {
  const users = t.app.get(UsersService);
  const actingUser: UserSummary = await users.getSummary(acting.userId);
  const ownerUser: UserSummary = owner === acting ? actingUser : await users.getSummary(owner.userId);
  return {
    userId: acting.userId,
    ownerId: owner.userId,
    ownerUser,
    billingOwnerUser: ownerUser,
    actingUser,
    keyPrefix: null,
    isWorkspace: owner !== acting,
    client: 'api',
    entitlements: { apiAccess: ownerUser.apiAccess, mcpAccess: ownerUser.mcpAccess },
  };
}

const emailsOf = (t: TestApp, ownerId: string) =>
  t.connection
    .collection('limit_emails')
    .find({ ownerId: new Types.ObjectId(ownerId) })
    .toArray();

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('LimitsService (outbox, no SMTP)', () => {
  let t: TestApp;
  let limits: LimitsService;
  beforeAll(async () => {
    t = await createTestApp();
    limits = t.app.get(LimitsService);
  });
  afterAll(async () => t?.close());

  it('a monthly-limit refusal throws 403 with the full body and leaves one stored e-mail for the owner', async () => {
    const a = await createAccount(t, { plan: 'starter' });
    const ctx = await contextFor(t, a);
    const now = new Date();
    const err = await refusal(
      limits.checkSchedule(ctx, { platformIds: ['linkedin-1', 'threads-2'], scheduledTime: now, usage: usage({ monthlyTotal: 14 }), connectionCount: 2, now }),
    );
    const { start, end } = limits.billingPeriod(ctx.billingOwnerUser, now);
    expect(err.status).toBe(403);
    expect(err.message).toBe('Post limit reached');
    expect(err.body).toEqual({
      code: 'POST_LIMIT_REACHED',
      metric: 'posts.platform_monthly',
      message: 'Monthly post limit reached. Your Starter plan allows 15 platform posts per month.',
      limit: 15,
      used: 14,
      requested: 2,
      remaining: 1,
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
      planName: 'Starter',
      scope: 'account',
    });
    await limits.whenIdle();
    const emails = await emailsOf(t, a.userId);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to: a.email,
      period: start.toISOString(),
      code: 'POST_LIMIT_REACHED',
      status: 'stored',
      subject: 'You have reached a limit of your Starter plan',
    });
    expect(emails[0].text).toContain('Monthly post limit reached.');
  });

  it('sends once per billing month: later refusals (any code) add nothing', async () => {
    const a = await createAccount(t, { plan: 'starter' });
    const ctx = await contextFor(t, a);
    const now = new Date();
    await refusal(limits.checkSchedule(ctx, { platformIds: ['linkedin-1'], scheduledTime: now, usage: usage({ monthlyTotal: 15 }), connectionCount: 1, now }));
    await refusal(
      limits.checkSchedule(ctx, {
        platformIds: ['linkedin-1'],
        scheduledTime: new Date(now.getTime() + 30 * 86400_000),
        usage: usage(),
        connectionCount: 1,
        now,
      }),
    );
    await refusal(
      limits.checkSchedule(ctx, { platformIds: ['linkedin-1'], scheduledTime: now, usage: usage({ scheduledPending: 3 }), connectionCount: 1, now }),
    );
    await limits.whenIdle();
    expect(await emailsOf(t, a.userId)).toHaveLength(1);
  });

  it('concurrent refusals still make one e-mail (unique (ownerId, period), not read-then-write)', async () => {
    const a = await createAccount(t, { plan: 'starter' });
    const ctx = await contextFor(t, a);
    const now = new Date();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        refusal(limits.checkSchedule(ctx, { platformIds: ['linkedin-1'], scheduledTime: now, usage: usage({ monthlyTotal: 15 }), connectionCount: 1, now })),
      ),
    );
    await limits.whenIdle();
    expect(await emailsOf(t, a.userId)).toHaveLength(1);
  });

  it("workspace mode: limits and the e-mail are the billing owner's", async () => {
    const owner = await createAccount(t, { plan: 'pro', workspacesEnabled: true, seats: 2 });
    const managed = await createAccount(t, { plan: 'starter', parentUserId: owner.userId });
    const ctx = await contextFor(t, managed, owner);
    expect((await limits.billingAccountUserIds(ctx)).sort()).toEqual([owner.userId, managed.userId].sort());
    // The managed user's own Starter plan would forbid twitter; the owner's Pro plan allows it.
    await expect(limits.assertPlatformsAvailable(ctx, ['twitter'])).resolves.toBeUndefined();
    const err = await refusal(limits.checkSchedule(ctx, { platformIds: ['twitter-1'], scheduledTime: new Date(), usage: usage(), connectionCount: 3 }));
    expect(err.body).toMatchObject({ code: 'CONNECTIONS_OVER_LIMIT', limit: 2, used: 3, overLimitBy: 1, planName: 'Pro' });
    await limits.whenIdle();
    expect(await emailsOf(t, owner.userId)).toHaveLength(1);
    expect((await emailsOf(t, owner.userId))[0].to).toBe(owner.email);
    expect(await emailsOf(t, managed.userId)).toHaveLength(0);
  });

  it('PLATFORM_NOT_AVAILABLE refuses without an e-mail', async () => {
    const a = await createAccount(t, { plan: 'starter' });
    const ctx = await contextFor(t, a);
    const err = await refusal(limits.assertPlatformsAvailable(ctx, ['linkedin', 'twitter']));
    expect(err.status).toBe(403);
    expect(err.message).toBe('Platform not available');
    expect(err.body).toMatchObject({ code: 'PLATFORM_NOT_AVAILABLE', metric: 'posts.platform_monthly', disallowedPlatforms: ['twitter'] });
    const viaSchedule = await refusal(limits.checkSchedule(ctx, { platformIds: ['twitter-5'], scheduledTime: new Date(), usage: usage(), connectionCount: 1 }));
    expect(viaSchedule.body).toMatchObject({ code: 'PLATFORM_NOT_AVAILABLE' });
    await limits.whenIdle();
    expect(await emailsOf(t, a.userId)).toHaveLength(0);
  });

  it('allowed: returns the time, moved by the default 60 s spacing when too close to another post', async () => {
    const a = await createAccount(t, { plan: 'pro' });
    const ctx = await contextFor(t, a);
    const at = new Date(Date.now() + 3600_000);
    await expect(
      limits.checkSchedule(ctx, {
        platformIds: ['mastodon-1'],
        scheduledTime: at,
        usage: usage({ monthlyByPlatformId: { 'mastodon-1': 99 } }),
        connectionCount: 1,
      }),
    ).resolves.toEqual({ scheduledTime: at, adjusted: false });
    const other = new Date(at.getTime() - 20_000);
    await expect(
      limits.checkSchedule(ctx, {
        platformIds: ['mastodon-1'],
        scheduledTime: at,
        usage: usage({ otherScheduledTimes: { 'mastodon-1': [other], 'mastodon-2': [at] } }),
        connectionCount: 1,
      }),
    ).resolves.toEqual({ scheduledTime: new Date(other.getTime() + 60_000), adjusted: true });
  });

  it('usageSummary answers how much is left', async () => {
    const a = await createAccount(t, { plan: 'starter' });
    const ctx = await contextFor(t, a);
    const summary = limits.usageSummary(ctx, { usage: usage({ monthlyTotal: 4, scheduledPending: 1 }), connectionCount: 2 });
    expect(summary).toMatchObject({
      planName: 'Starter',
      monthlyPosts: { limit: 15, scope: 'account', used: 4, remaining: 11 },
      scheduledPosts: { limit: 3, used: 1, remaining: 2 },
      scheduleHorizonDays: 7,
      connections: { limit: 3, used: 2, remaining: 1 },
    });
    expect(summary.platforms).not.toContain('twitter');
  });
});

/** A minimal SMTP receiver: enough of RFC 5321 for nodemailer to deliver one message. */
function startFakeSmtp(): Promise<{ port: number; messages: string[]; server: Server }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    socket.write('220 fake.smtp ESMTP\r\n');
    let buffer = '';
    let data: string | null = null;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.smtp\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, messages, server })));
}

describe('LimitsService with SMTP', () => {
  it('sends the e-mail through SMTP_URL and records it as sent', async () => {
    const smtp = await startFakeSmtp();
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Limits <limits@example.com>' } });
    try {
      const limits = t.app.get(LimitsService);
      const a = await createAccount(t, { plan: 'starter' });
      const ctx = await contextFor(t, a);
      await refusal(
        limits.checkSchedule(ctx, { platformIds: ['linkedin-1'], scheduledTime: new Date(), usage: usage({ scheduledPending: 3 }), connectionCount: 1 }),
      );
      await limits.whenIdle();
      const [email] = await emailsOf(t, a.userId);
      expect(email).toMatchObject({ status: 'sent', code: 'SCHEDULED_POST_LIMIT_REACHED', from: 'Limits <limits@example.com>' });
      expect(email.sentAt).toBeInstanceOf(Date);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain(`To: ${a.email}`);
      expect(smtp.messages[0]).toContain('Subject: You have reached a limit of your Starter plan');
    } finally {
      await t.close();
      smtp.server.close();
    }
  });

  it('an unreachable SMTP server never fails the request: still the 403, e-mail recorded as failed', async () => {
    const closed = createServer();
    const port = await new Promise<number>((resolve) => closed.listen(0, '127.0.0.1', () => resolve((closed.address() as { port: number }).port)));
    await new Promise((resolve) => closed.close(resolve));
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const limits = t.app.get(LimitsService);
      const a = await createAccount(t, { plan: 'starter' });
      const ctx = await contextFor(t, a);
      const err = await refusal(
        limits.checkSchedule(ctx, { platformIds: ['linkedin-1'], scheduledTime: new Date(), usage: usage({ monthlyTotal: 15 }), connectionCount: 1 }),
      );
      expect(err.status).toBe(403);
      await limits.whenIdle();
      const [email] = await emailsOf(t, a.userId);
      expect(email).toMatchObject({ status: 'failed', sentAt: null });
      expect(email.failure).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });
});
