import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeMastodonServer, TwitterFake } from '@test/support/fakes';
import { ConnectionsService } from '../../src/connections/connections.service';
import { splitIntoThread, twitterTextLength } from '@app/rules';
import { FAST_ENGINE_ENV, postLogs, waitFor, waitForGroup } from './publishing-helpers';

describe('Publishing engine: scheduled posts go out (twitter + mastodon fakes)', () => {
  const twitter = new TwitterFake();
  const mastodon = new FakeMastodonServer();
  let t: TestApp;
  let account: TestAccount;
  let tw: Awaited<ReturnType<typeof createConnection>>;
  let md: Awaited<ReturnType<typeof createConnection>>;
  let n = 0;

  beforeAll(async () => {
    await Promise.all([twitter.start(), mastodon.start()]);
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        TWITTER_API_URL: twitter.baseUrl,
        TWITTER_UPLOAD_URL: twitter.baseUrl,
        TWITTER_CLIENT_ID: 'client-1',
        PUBLISH_MAX_ATTEMPTS: '3',
      },
    });
    account = await createAccount(t, { plan: 'premium', seats: 50 });
    twitter.checkAfterSecs = 0;
    twitter.setToken('tw-token');
    mastodon.setToken('md-token');
    tw = await createConnection(t, account.userId, {
      platform: 'twitter',
      externalId: twitter.user.id,
      username: 'fakeuser',
      accessToken: 'tw-token',
      refreshToken: 'tw-refresh',
    });
    md = await createConnection(t, account.userId, {
      platform: 'mastodon',
      externalId: mastodon.account.id,
      username: 'alice',
      accessToken: 'md-token',
      instanceUrl: mastodon.baseUrl,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([twitter.stop(), mastodon.stop()]);
  });
  beforeEach(() => {
    twitter.clearFaults();
    mastodon.clearFaults();
  });

  const unique = (text: string) => `${text} #${++n}-${Date.now()}`;
  async function schedule(content: string, platformIds: string[]): Promise<string> {
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content, platforms: platformIds, scheduledTime: new Date().toISOString() });
    if (res.status !== 200) throw new Error(`create-post ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.postGroupId;
  }

  it('publishes a group on several platforms: published, URLs, full log sequence, lastSuccessfulPost', async () => {
    const content = unique('Hello from the engine');
    const id = await schedule(content, [tw.platformId, md.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('published');
    const byPlatform = Object.fromEntries(group.posts.map((p: any) => [p.platform, p]));
    const tweet = twitter.posts.find((p) => p.text === content)!;
    const toot = mastodon.posts.find((p) => p.text === content)!;
    expect(byPlatform.twitter).toMatchObject({ status: 'published', postedId: tweet.id, publishedUrl: `https://x.com/fakeuser/status/${tweet.id}` });
    expect(byPlatform.mastodon).toMatchObject({ status: 'published', postedId: toot.id, publishedUrl: mastodon.statusUrl(toot.id) });
    expect(byPlatform.twitter.error).toBeUndefined();

    const logs = await postLogs(t, account.apiHeaders, id);
    const groupLevel = logs.filter((l) => !l.postId).map((l) => l.event);
    expect(groupLevel).toEqual(['processing', 'status_changed']);
    expect(logs.filter((l) => !l.postId).at(-1)!.metadata).toEqual({ from: 'scheduled', to: 'published' });
    expect(logs.findIndex((l) => !l.postId && l.event === 'processing')).toBeLessThan(logs.findIndex((l) => l.postId && l.event === 'processing'));
    for (const platform of ['twitter', 'mastodon']) {
      const events = logs.filter((l) => l.platform === platform).map((l) => l.event);
      expect(events).toEqual(['scheduled', 'processing', 'publish_attempted', 'publish_succeeded', 'status_changed']);
      const attempted = logs.find((l) => l.platform === platform && l.event === 'publish_attempted')!;
      expect(attempted).not.toHaveProperty('retryCount');
    }
    const conn = await t.app.get(ConnectionsService).findById(account.userId, tw.id);
    expect(conn!.lastSuccessfulPost).toBeInstanceOf(Date);
    // Mastodon got a stable Idempotency-Key (the platform post id).
    expect(mastodon.calls('POST /api/v1/statuses').at(-1)!.headers['idempotency-key']).toBe(byPlatform.mastodon.postId);
  });

  it('a mixed outcome ends partially_published; an expired token without refresh fails with PLATFORM_AUTH_EXPIRED', async () => {
    mastodon.setToken('md-token', 'revoked');
    try {
      const content = unique('Half of this goes out');
      const id = await schedule(content, [tw.platformId, md.platformId]);
      const group = await waitForGroup(t, account.apiHeaders, id);
      expect(group.status).toBe('partially_published');
      const failed = group.posts.find((p: any) => p.platform === 'mastodon');
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatchObject({ code: 'PLATFORM_AUTH_EXPIRED', retryable: false, platformStatusCode: 401 });
      expect(typeof failed.error.message).toBe('string');
      const logs = await postLogs(t, account.apiHeaders, id);
      const pf = logs.find((l) => l.platform === 'mastodon' && l.event === 'publish_failed')!;
      expect(pf).toMatchObject({ httpStatus: 401, metadata: { errorCode: 'PLATFORM_AUTH_EXPIRED', retryable: false } });
      expect(pf.error).toBe(failed.error.message);
      const conn = await t.app.get(ConnectionsService).findById(account.userId, md.id);
      expect(conn!.lastError).toMatchObject({ message: failed.error.message });
    } finally {
      mastodon.setToken('md-token', 'valid');
    }
  });

  it('retries a 429 after Retry-After and logs the retry with retryCount', async () => {
    twitter.inject({ kind: 'rate_limit', match: 'POST /2/tweets', retryAfterSeconds: 1 });
    const content = unique('Rate limited once');
    const id = await schedule(content, [tw.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('published');
    const logs = (await postLogs(t, account.apiHeaders, id)).filter((l) => l.postId);
    expect(logs.map((l) => l.event)).toEqual([
      'scheduled',
      'processing',
      'publish_attempted',
      'publish_failed',
      'publish_attempted',
      'publish_succeeded',
      'status_changed',
    ]);
    expect(logs[3]).toMatchObject({ httpStatus: 429, metadata: { errorCode: 'RATE_LIMITED', retryable: true } });
    expect(logs[4].retryCount).toBe(1);
    expect(logs[5].retryCount).toBe(1);
    // The retry waited for the announced reset (about a second), not the 100 ms backoff.
    expect(new Date(logs[4].createdAt).getTime() - new Date(logs[3].createdAt).getTime()).toBeGreaterThanOrEqual(500);
    expect(twitter.posts.filter((p) => p.text === content)).toHaveLength(1);
  });

  it('gives up after PUBLISH_MAX_ATTEMPTS retryable failures with the last reason', async () => {
    twitter.inject({ kind: 'server_error', match: 'POST /2/tweets' }, 3);
    const id = await schedule(unique('Server keeps failing'), [tw.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('failed');
    expect(group.posts[0].error).toMatchObject({ code: 'PLATFORM_SERVER_ERROR', retryable: true });
    const logs = (await postLogs(t, account.apiHeaders, id)).filter((l) => l.postId);
    expect(logs.filter((l) => l.event === 'publish_attempted').map((l) => l.retryCount)).toEqual([undefined, 1, 2]);
    expect(logs.at(-2)).toMatchObject({ event: 'publish_failed', retryCount: 2, metadata: { errorCode: 'PLATFORM_SERVER_ERROR' } });
  });

  it('refreshes an expired X token once, stores the new tokens and publishes', async () => {
    twitter.setToken('tw-old', 'expired');
    twitter.refreshTokens.set('tw-refresh-2', 'valid');
    const conn = await createConnection(t, account.userId, {
      platform: 'twitter',
      externalId: '2000000000000000002',
      username: 'fakeuser',
      accessToken: 'tw-old',
      refreshToken: 'tw-refresh-2',
    });
    const content = unique('After a refresh');
    const id = await schedule(content, [conn.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('published');
    expect(twitter.calls('POST /2/oauth2/token')).not.toHaveLength(0);
    const creds = await t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
    expect(creds.accessToken).not.toBe('tw-old');
    expect(twitter.tokens.get(creds.accessToken)).toBe('valid');
    expect(twitter.refreshTokens.get(creds.refreshToken!)).toBe('valid');
  });

  it('fails with PLATFORM_AUTH_EXPIRED when the refresh is refused', async () => {
    twitter.setToken('tw-dead', 'expired');
    const conn = await createConnection(t, account.userId, {
      platform: 'twitter',
      externalId: '2000000000000000003',
      username: 'fakeuser',
      accessToken: 'tw-dead',
      refreshToken: 'tw-refresh-unknown',
    });
    const id = await schedule(unique('Refresh refused'), [conn.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('failed');
    expect(group.posts[0].error).toMatchObject({ code: 'PLATFORM_AUTH_EXPIRED', retryable: false });
    const stored = await t.app.get(ConnectionsService).findById(account.userId, conn.id);
    expect(stored!.lastError?.message).toBe(group.posts[0].error.message);
  });

  it('fails over-long content on a platform without threads with INVALID_CONTENT, before any platform call', async () => {
    const before = mastodon.calls('POST /api/v1/statuses').length;
    const id = await schedule(unique('x'.repeat(600)), [md.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('failed');
    expect(group.posts[0].error).toMatchObject({ code: 'INVALID_CONTENT', retryable: false });
    expect(group.posts[0].error.message).toMatch(/500/);
    expect(mastodon.calls('POST /api/v1/statuses')).toHaveLength(before);
    const logs = await postLogs(t, account.apiHeaders, id);
    expect(logs.filter((l) => l.event === 'publish_attempted')).toHaveLength(0);
  });

  it('turns a long X post into a numbered reply chain', async () => {
    const sentences = Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} of a long story about scheduling ${n}.`).join(' ');
    const content = unique(sentences);
    const expected = splitIntoThread(content, { limit: 280, measure: twitterTextLength });
    expect(expected.length).toBeGreaterThan(1);
    const id = await schedule(content, [tw.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('published');
    const tweets = expected.map((text) => twitter.posts.find((p) => p.text === text)!);
    expect(tweets.every(Boolean)).toBe(true);
    expect(tweets[0].inReplyTo).toBeNull();
    for (let i = 1; i < tweets.length; i++) expect(tweets[i].inReplyTo).toBe(tweets[i - 1].id);
    expect(expected[0]).toMatch(new RegExp(`\\(1/${expected.length}\\)$`));
    expect(group.posts[0].postedId).toBe(tweets[0].id);
    const attempts = (await postLogs(t, account.apiHeaders, id)).filter((l) => l.event === 'publish_attempted');
    expect(attempts).toHaveLength(expected.length);
    expect(attempts.every((l) => l.retryCount === undefined)).toBe(true);
  });

  it('a reply chain failing mid-way keeps the live parts and ends partially_published with a clear message', async () => {
    const content = unique(Array.from({ length: 12 }, (_, i) => `Part of a chain, sentence ${i + 1}, with enough words to fill.`).join(' '));
    const parts = splitIntoThread(content, { limit: 280, measure: twitterTextLength });
    expect(parts.length).toBeGreaterThanOrEqual(3);
    // X refuses duplicate text (403, permanent): plant the second part so it is rejected.
    twitter.posts.push({ id: '1', text: parts[1], authorId: twitter.user.id, mediaIds: [], inReplyTo: null, createdAt: new Date() });
    const id = await schedule(content, [tw.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('partially_published');
    expect(group.posts[0].status).toBe('failed');
    expect(group.posts[0].error.message).toMatch(new RegExp(`^Twitter thread partially published \\(1/${parts.length}\\): `));
    const head = twitter.posts.find((p) => p.text === parts[0])!;
    expect(head).toBeDefined();
    expect(group.posts[0].postedId).toBe(head.id);
    expect(twitter.posts.filter((p) => p.text === parts[2])).toHaveLength(0);
  });

  it('does not publish drafts or posts scheduled in the future', async () => {
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: unique('draft'), platforms: [tw.platformId] });
    const later = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: unique('later'), platforms: [tw.platformId], scheduledTime: new Date(Date.now() + 3600_000).toISOString() });
    await new Promise((r) => setTimeout(r, 800));
    for (const gid of [res.body.postGroupId, later.body.postGroupId]) {
      const g = await t.http.get(`/api/v1/get-post/${gid}`).set(account.apiHeaders);
      expect(g.body.processingStatus).toBe('pending');
      expect(['draft', 'scheduled']).toContain(g.body.status);
    }
  });

  it('waits for the group to finish before rolling up (no early status)', async () => {
    twitter.latencyMs = 300;
    try {
      const id = await schedule(unique('slow and fast'), [tw.platformId, md.platformId]);
      await waitFor(
        async () => {
          const g = await t.http.get(`/api/v1/get-post/${id}`).set(account.apiHeaders);
          return g.body.posts.some((p: any) => p.status === 'published') && g.body.posts.some((p: any) => p.status !== 'published') ? g.body : null;
        },
        10_000,
        20,
      ).then((g: any) => {
        expect(g.status).toBe('scheduled');
        expect(g.processingStatus).toBe('processing');
      });
      const group = await waitForGroup(t, account.apiHeaders, id);
      expect(group.status).toBe('published');
    } finally {
      twitter.latencyMs = 0;
    }
  });

  it("a reconnect's new token and a disconnect apply to the very next publish (the connection read is cached)", async () => {
    mastodon.setToken('md-first');
    const conn = await createConnection(t, account.userId, {
      platform: 'mastodon',
      externalId: 'cache-1',
      accessToken: 'md-first',
      instanceUrl: mastodon.baseUrl,
    });
    expect((await waitForGroup(t, account.apiHeaders, await schedule(unique('first token'), [conn.platformId]))).status).toBe('published');
    // Re-authorised: the old token is dead at once, so only the new one can publish.
    mastodon.setToken('md-first', 'revoked');
    mastodon.setToken('md-second');
    await createConnection(t, account.userId, { platform: 'mastodon', externalId: 'cache-1', accessToken: 'md-second', instanceUrl: mastodon.baseUrl });
    expect((await waitForGroup(t, account.apiHeaders, await schedule(unique('second token'), [conn.platformId]))).status).toBe('published');
    // Gone between scheduling and publishing: CONNECTION_NOT_FOUND, not a publish with a cached token.
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: unique('after disconnect'), platforms: [conn.platformId], scheduledTime: new Date(Date.now() + 1500).toISOString() })
      .expect(200);
    await t.app.get(ConnectionsService).delete(account.userId, conn);
    const group = await waitForGroup(t, account.apiHeaders, res.body.postGroupId);
    expect(group.posts[0].error).toMatchObject({ code: 'CONNECTION_NOT_FOUND' });
  });
});
