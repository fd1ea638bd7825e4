import { createAccount, createConnection, createTestApp, FakeBlueskyServer, type FakePlatformServer, type TestAccount, type TestApp } from '@test/support';
import type { PlatformName } from '@app/rules';
import { ConnectionsService } from '../../src/connections/connections.service';
import type { OutgoingMail } from '../../src/limits/mail-transport';
import { PlatformRegistry } from '../../src/platforms/platform-registry';
import { TokenUpkeepService } from '../../src/publishing/token-upkeep.service';
import { OAuthFakes } from '../connect/oauth-fakes';
import { dataOf, gqlClient } from '../graphql/graphql-helpers';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';
import { startReceiver, type Receiver } from '../webhooks/receiver';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Token upkeep never loops, for every platform whose adapter refreshes, through its fake: a
 * refresh refused for good marks the connection `reauth_required` (one event, one e-mail, no
 * further call from upkeep or from publishing's refresh), a passing failure backs off, and a
 * reconnect makes it healthy again with the stored refresh token kept.
 */
describe('token upkeep: connection health', () => {
  const fakes = new OAuthFakes();
  const bluesky = new FakeBlueskyServer();
  const mails: OutgoingMail[] = [];
  let t: TestApp;
  let receiver: Receiver;
  let upkeep: TokenUpkeepService;
  let connections: ConnectionsService;

  interface Tokens {
    accessToken: string;
    refreshToken: string;
  }

  interface PlatformCase {
    platform: PlatformName;
    fake: () => FakePlatformServer;
    /** `METHOD path` of its token endpoint on the fake. */
    tokenCall: string;
    /** Tokens as the platform issued them at connect (Instagram and Threads: the long-lived token is its own refresh credential). */
    issue(): Tokens;
    /** The person revokes the app (or the grant expires): the platform refuses to renew. */
    revoke(stored: Tokens): void;
    /** Makes the next refresh answer without a new refresh token, where the fake would rotate it. */
    withoutRotation?(on: boolean): void;
    /** How the platform words the refusal (the health reason). */
    reason: RegExp;
    externalId?: () => string;
    instanceUrl?: () => string;
  }

  const CASES: PlatformCase[] = [
    {
      platform: 'twitter',
      fake: () => fakes.x,
      tokenCall: 'POST /2/oauth2/token',
      issue: () => {
        const tokens = { accessToken: fakes.x.nextId('at-'), refreshToken: fakes.x.nextId('rt-') };
        fakes.x.setToken(tokens.accessToken);
        fakes.x.refreshTokens.set(tokens.refreshToken, 'valid');
        return tokens;
      },
      revoke: (s) => fakes.x.refreshTokens.set(s.refreshToken, 'used'),
      withoutRotation: (on) => (fakes.x.rotateRefreshTokens = !on),
      reason: /invalid_request/,
    },
    {
      platform: 'linkedin',
      fake: () => fakes.linkedin,
      tokenCall: 'POST /oauth/v2/accessToken',
      issue: () => {
        const tokens = { accessToken: fakes.linkedin.nextId('li-at-'), refreshToken: fakes.linkedin.nextId('li-rt-') };
        fakes.linkedin.setToken(tokens.accessToken);
        fakes.linkedin.refreshTokens.set(tokens.refreshToken, 'valid');
        return tokens;
      },
      revoke: (s) => fakes.linkedin.refreshTokens.set(s.refreshToken, 'revoked'),
      reason: /invalid_request/,
    },
    {
      platform: 'tiktok',
      fake: () => fakes.tiktok,
      tokenCall: 'POST /v2/oauth/token/',
      issue: () => {
        const tokens = { accessToken: fakes.tiktok.nextId('act.'), refreshToken: fakes.tiktok.nextId('rft.') };
        fakes.tiktok.setToken(tokens.accessToken);
        fakes.tiktok.refreshTokens.set(tokens.refreshToken, 'valid');
        return tokens;
      },
      revoke: (s) => fakes.tiktok.refreshTokens.set(s.refreshToken, 'revoked'),
      withoutRotation: (on) => (fakes.tiktok.rotateRefreshTokens = !on),
      reason: /invalid_grant/,
    },
    {
      platform: 'youtube',
      fake: () => fakes.youtube,
      tokenCall: 'POST /token',
      issue: () => {
        const tokens = { accessToken: fakes.youtube.nextId('ya29.'), refreshToken: fakes.youtube.nextId('1//') };
        fakes.youtube.setToken(tokens.accessToken);
        fakes.youtube.refreshTokens.set(tokens.refreshToken, 'valid');
        return tokens;
      },
      revoke: (s) => fakes.youtube.refreshTokens.set(s.refreshToken, 'revoked'),
      reason: /invalid_grant: Token has been expired or revoked/,
    },
    {
      platform: 'pinterest',
      fake: () => fakes.pinterest,
      tokenCall: 'POST /v5/oauth/token',
      issue: () => {
        const tokens = { accessToken: fakes.pinterest.nextId('pina_'), refreshToken: fakes.pinterest.nextId('pinr_') };
        fakes.pinterest.setToken(tokens.accessToken);
        fakes.pinterest.refreshTokens.set(tokens.refreshToken, 'valid');
        return tokens;
      },
      revoke: (s) => fakes.pinterest.refreshTokens.set(s.refreshToken, 'revoked'),
      withoutRotation: (on) => (fakes.pinterest.rotateRefreshTokens = !on),
      reason: /invalid_grant/,
    },
    {
      platform: 'instagram',
      fake: () => fakes.instagram,
      tokenCall: 'GET /refresh_access_token',
      issue: () => {
        const token = fakes.instagram.nextId('IGAA');
        fakes.instagram.setToken(token);
        return { accessToken: token, refreshToken: token };
      },
      // Instagram refreshes by presenting the access token: revoking it is revoking the grant.
      revoke: (s) => fakes.instagram.setToken(s.accessToken, 'revoked'),
      reason: /code 190/,
    },
    {
      platform: 'threads',
      fake: () => fakes.threads,
      tokenCall: 'GET /refresh_access_token',
      issue: () => {
        const token = fakes.threads.nextId('THAA');
        fakes.threads.setToken(token);
        return { accessToken: token, refreshToken: token };
      },
      revoke: (s) => fakes.threads.setToken(s.accessToken, 'revoked'),
      reason: /code 190/,
    },
    {
      platform: 'bluesky',
      fake: () => bluesky,
      tokenCall: 'POST /xrpc/com.atproto.server.refreshSession',
      issue: () => {
        const session = bluesky.issueSession();
        return { accessToken: session.accessJwt, refreshToken: session.refreshJwt };
      },
      revoke: (s) => bluesky.refreshTokens.set(s.refreshToken, 'revoked'),
      withoutRotation: (on) => (bluesky.rotateRefreshTokens = !on),
      reason: /InvalidToken/,
      externalId: () => bluesky.did,
      instanceUrl: () => bluesky.baseUrl,
    },
  ];

  beforeAll(async () => {
    await Promise.all([fakes.start(), bluesky.start()]);
    receiver = await startReceiver();
    t = await createTestApp({
      env: {
        ...fakes.env(),
        LINKEDIN_OAUTH_URL: fakes.linkedin.baseUrl,
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '100',
        TOKEN_UPKEEP_INTERVAL_MS: '0',
      },
      extensions: { mail: { useValue: { send: async (mail: OutgoingMail) => void mails.push(mail) } } },
    });
    upkeep = t.app.get(TokenUpkeepService);
    connections = t.app.get(ConnectionsService);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await Promise.all([fakes.stop(), bluesky.stop()]);
  });

  /** An account whose one webhook takes only `connection.reauth_required`. */
  async function subscribedAccount(): Promise<TestAccount> {
    const account = await createAccount(t, { plan: 'pro' });
    await t.http
      .post('/api/v1/webhooks')
      .set(account.apiHeaders)
      .send({ name: 'health', url: receiver.url, events: ['connection.reauth_required'] })
      .expect(201);
    return account;
  }

  const storedTokens = async (userId: string, id: string): Promise<Tokens & { expiresAt: Date | null }> => {
    const c = await connections.getCredentials(userId, id);
    return { accessToken: c.accessToken, refreshToken: c.refreshToken!, expiresAt: c.accessTokenExpiresAt ?? null };
  };
  /**
   * The upkeep passes' clock: always forward (each pass takes 5-minute leases at its own time),
   * at least `atLeast`. Every pass works on every due connection of the suite, so assertions
   * look at one connection's fake and state, not at the pass's totals.
   */
  let clock = Date.now();
  const tick = (atLeast = 0): Date => {
    clock = Math.max(clock + 6 * MINUTE, atLeast, Date.now());
    return new Date(clock);
  };
  const at = (when: Date): Date => {
    clock = Math.max(clock, when.getTime());
    return when;
  };

  const eventsFor = (platformId: string) =>
    receiver.requests.filter((r) => r.body.event === 'connection.reauth_required' && r.body.data.platformId === platformId);
  const mailsFor = (platformId: string) => mails.filter((m) => m.text.includes(platformId));

  describe.each(CASES)('$platform', (c) => {
    let account: TestAccount;
    let conn: { id: string; platformId: string };
    const calls = () => c.fake().calls(c.tokenCall).length;

    beforeAll(async () => {
      account = await subscribedAccount();
      const issued = c.issue();
      conn = await createConnection(t, account.userId, {
        platform: c.platform,
        externalId: c.externalId?.(),
        username: `${c.platform}_health`,
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        accessTokenExpiresAt: new Date(Date.now() + HOUR),
        instanceUrl: c.instanceUrl?.() ?? null,
      });
    });

    it('refreshes ahead of expiry and keeps the refresh token when the platform sends none', async () => {
      const before = await storedTokens(account.userId, conn.id);
      const made = calls();
      c.withoutRotation?.(true);
      try {
        const report = await upkeep.runOnce(tick());
        expect(report.refreshed).toBeGreaterThanOrEqual(1);
      } finally {
        c.withoutRotation?.(false);
      }
      expect(calls()).toBe(made + 1);
      const after = await storedTokens(account.userId, conn.id);
      expect(after.accessToken).not.toBe(before.accessToken);
      expect(after.refreshToken).toBe(before.refreshToken);
      expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * MINUTE);
      expect((await connections.findById(account.userId, conn.id))!.health).toBe('ok');
    });

    it('backs off after a passing failure (a 500): no call within the backoff, no reauthorization, then refreshes', async () => {
      const { expiresAt } = await storedTokens(account.userId, conn.id);
      const due = tick(expiresAt!.getTime() - HOUR);
      const made = calls();
      c.fake().inject({ kind: 'server_error', match: c.tokenCall });
      const first = await upkeep.runOnce(due);
      expect(first.deferred).toBeGreaterThanOrEqual(1);
      expect(calls()).toBe(made + 1);
      const record = (await connections.findById(account.userId, conn.id))!;
      expect(record.health).toBe('ok');
      expect(record.lastError?.message).toMatch(/^Token refresh failed: /);

      // Ten minutes on (past the 5-minute lease): the 15-minute backoff still holds.
      await upkeep.runOnce(at(new Date(due.getTime() + 10 * MINUTE)));
      expect(calls()).toBe(made + 1);
      expect((await connections.findById(account.userId, conn.id))!.lastError?.occurredAt).toEqual(due);

      // After it, the refresh goes through and the backoff is over.
      const third = await upkeep.runOnce(at(new Date(due.getTime() + 16 * MINUTE)));
      expect(third.refreshed).toBeGreaterThanOrEqual(1);
      expect(calls()).toBe(made + 2);
      expect((await storedTokens(account.userId, conn.id)).expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * MINUTE);
      expect(eventsFor(conn.platformId)).toHaveLength(0);
    });

    it('a refusal for good: reauth_required with the reason, one event, one e-mail, and no further refresh from upkeep or publishing', async () => {
      const stored = await storedTokens(account.userId, conn.id);
      c.revoke(stored);
      const due = tick(stored.expiresAt!.getTime() - HOUR);
      const made = calls();
      const report = await upkeep.runOnce(due);
      expect(report.reauthRequired).toBeGreaterThanOrEqual(1);
      expect(calls()).toBe(made + 1);

      const record = (await connections.findById(account.userId, conn.id))!;
      expect(record.health).toBe('reauth_required');
      expect(record.healthReason).toMatch(c.reason);
      expect(record.reauthRequiredAt).toEqual(due);

      await eventuallyCount(() => eventsFor(conn.platformId).length, 1);
      expect(eventsFor(conn.platformId)[0].body).toEqual({
        event: 'connection.reauth_required',
        timestamp: expect.any(String),
        data: {
          platform: c.platform,
          platformId: conn.platformId,
          username: `${c.platform}_health`,
          reason: record.healthReason,
          detectedAt: due.toISOString(),
        },
      });
      await eventuallyCount(() => mailsFor(conn.platformId).length, 1);
      expect(mailsFor(conn.platformId)[0]).toMatchObject({ to: account.email, subject: expect.stringMatching(/^Reconnect your /) });

      // Upkeep ticks over the following days make no call and say nothing more.
      for (const later of [10 * MINUTE, HOUR, DAY, 3 * DAY]) await upkeep.runOnce(at(new Date(due.getTime() + later)));
      // Publishing's refresh after a refused call (the publisher calls the adapter with these credentials) is refused without a call.
      const credentials = await connections.getCredentials(account.userId, conn.id);
      await expect(t.app.get(PlatformRegistry).get(c.platform)!.refresh!(credentials)).rejects.toThrow(/must be reconnected/);
      expect(calls()).toBe(made + 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(eventsFor(conn.platformId)).toHaveLength(1);
      expect(mailsFor(conn.platformId)).toHaveLength(1);
    });

    it('a reconnect makes it healthy again, keeping the stored refresh token when the platform sends none', async () => {
      const before = await storedTokens(account.userId, conn.id);
      const fresh = c.issue();
      const record = await connections.findById(account.userId, conn.id);
      // What the connect flow stores for an account already connected (ConnectService.store).
      await connections.connect(
        account.userId,
        {
          platform: c.platform,
          externalId: record!.externalId,
          accessToken: fresh.accessToken,
          refreshToken: null,
          username: `${c.platform}_health`,
          accessTokenExpiresAt: new Date(Date.now() + HOUR),
          instanceUrl: record!.instanceUrl,
        },
        { keepRefreshToken: true },
      );
      const after = (await connections.findById(account.userId, conn.id))!;
      expect(after).toMatchObject({ id: conn.id, health: 'ok', healthReason: null, reauthRequiredAt: null });
      expect((await storedTokens(account.userId, conn.id)).refreshToken).toBe(before.refreshToken);
    });
  });

  it("publishing's refresh (the adapter's, with the credentials publishing reads) marks a refusal too, once, and does not ask twice", async () => {
    const account = await subscribedAccount();
    const tokens = CASES[0].issue();
    const conn = await createConnection(t, account.userId, {
      platform: 'twitter',
      username: 'publish_health',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: new Date(Date.now() + 30 * DAY),
    });
    CASES[0].revoke(tokens);
    const adapter = t.app.get(PlatformRegistry).get('twitter')!;
    const credentials = await connections.getCredentials(account.userId, conn.id);
    const made = fakes.x.calls('POST /2/oauth2/token').length;
    await expect(adapter.refresh!(credentials)).rejects.toThrow(/X token refresh failed: invalid_request/);
    // The same credentials (the publisher retries with them after a refused Bluesky call) ask no more.
    await expect(adapter.refresh!(credentials)).rejects.toThrow(/must be reconnected/);
    expect(fakes.x.calls('POST /2/oauth2/token')).toHaveLength(made + 1);
    expect((await connections.findById(account.userId, conn.id))!.health).toBe('reauth_required');
    await eventuallyCount(() => eventsFor(conn.platformId).length, 1);
    await eventuallyCount(() => mailsFor(conn.platformId).length, 1);
    // Far from expiry: upkeep has nothing to do for it, and never calls.
    await upkeep.runOnce(tick());
    expect(fakes.x.calls('POST /2/oauth2/token')).toHaveLength(made + 1);
  });

  it('REST, GraphQL and MCP show the health (REST and MCP only on the account that needs it), with the refusal as lastError', async () => {
    const account = await subscribedAccount();
    const tokens = CASES[0].issue();
    const conn = await createConnection(t, account.userId, {
      platform: 'twitter',
      username: 'gql_health',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: new Date(Date.now() + HOUR),
    });
    CASES[0].revoke(tokens);
    expect((await upkeep.runOnce(tick())).reauthRequired).toBeGreaterThanOrEqual(1);

    const gql = gqlClient(t);
    const listed = dataOf(await gql('{ connections { platformId health healthReason reauthRequiredAt } }', {}, account.cookie)).connections;
    expect(listed).toEqual([
      { platformId: conn.platformId, health: 'reauth_required', healthReason: expect.stringMatching(/invalid_request/), reauthRequiredAt: expect.any(String) },
    ]);

    // REST adds the health fields only to an account that needs reconnecting: healthy entries keep exactly the spec's fields.
    const rest = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders).expect(200);
    expect(rest.body.connections[0]).toMatchObject({
      health: 'reauth_required',
      healthReason: listed[0].healthReason,
      reauthRequiredAt: listed[0].reauthRequiredAt,
    });
    expect(rest.body.connections[0].lastError.message).toMatch(/^Token refresh failed: invalid_request.*\(reconnect the account\)$/);

    const client = await mcpClient(t, bearer(account.apiKey));
    try {
      const mcp = await call(client, 'list_connections');
      expect((mcp.json.connections as unknown[])[0]).toEqual(rest.body.connections[0]);
    } finally {
      await client.close();
    }
  });

  async function eventuallyCount(read: () => number, expected: number, timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (read() < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(read()).toBe(expected);
  }
});
