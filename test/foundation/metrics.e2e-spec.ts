import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeMastodonServer } from '@test/support/fakes';
import { MetricsServer } from '../../src/metrics/metrics-server';
import { MetricsService } from '../../src/metrics/metrics.service';
import { FAST_ENGINE_ENV, waitForGroup } from '../publishing/publishing-helpers';

const TOKEN = 'metrics-scrape-token';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('Metrics (METRICS_ENABLED): Prometheus page on its own listener', () => {
  const mastodon = new FakeMastodonServer();
  let t: TestApp;
  let account: TestAccount;
  let metricsUrl: string;
  let platformId: string;

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
    const res = await fetch(metricsUrl, { headers });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };

  beforeAll(async () => {
    await mastodon.start();
    t = await createTestApp({
      env: { ...FAST_ENGINE_ENV, PUBLISH_MAX_ATTEMPTS: '2', METRICS_ENABLED: 'true', METRICS_PORT: '0', METRICS_TOKEN: TOKEN },
    });
    const address = t.app.get(MetricsServer).address()!;
    metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
    account = await createAccount(t, { plan: 'premium', seats: 10 });
    mastodon.setToken('md-token');
    const md = await createConnection(t, account.userId, {
      platform: 'mastodon',
      externalId: mastodon.account.id,
      username: 'alice',
      accessToken: 'md-token',
      instanceUrl: mastodon.baseUrl,
    });
    platformId = md.platformId;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await mastodon.stop();
  });

  it('is not served on the API port', async () => {
    const res = await t.http.get('/metrics');
    expect(res.status).toBe(404);
  });

  it('listens on loopback only and asks for the bearer token (401 without it or with a wrong one)', async () => {
    expect(t.app.get(MetricsServer).address()!.address).toBe('127.0.0.1');
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await scrape({ authorization: TOKEN })).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    await t.http.get('/api/v1/list-posts').set(account.apiHeaders).expect(200);
    await t.http.get('/api/v1/get-post/not-an-id').set(account.apiHeaders);
    const { body } = await scrape();
    expect(sample(body, 'sps_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/list-posts', status_code: '200' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(body).toMatch(/route="\/api\/v1\/get-post\/:postGroupId"/);
    expect(body).not.toMatch(/not-an-id/);
  });

  it('counts publish outcomes per platform and error code, and database command latency', async () => {
    const ok = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: `metrics ok ${Date.now()}`, platforms: [platformId], scheduledTime: new Date().toISOString() })
      .expect(200);
    expect((await waitForGroup(t, account.apiHeaders, ok.body.postGroupId)).status).toBe('published');

    mastodon.inject({ kind: 'server_error', match: 'POST /api/v1/statuses' }, 5);
    const bad = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: `metrics failing ${Date.now()}`, platforms: [platformId], scheduledTime: new Date().toISOString() })
      .expect(200);
    const failed = await waitForGroup(t, account.apiHeaders, bad.body.postGroupId);
    expect(failed.status).toBe('failed');
    const code = failed.posts[0].error.code as string;

    const { body } = await scrape();
    expect(sample(body, 'sps_publish_outcomes_total', { platform: 'mastodon', outcome: 'published', error_code: '' })).toBe(1);
    expect(sample(body, 'sps_publish_outcomes_total', { platform: 'mastodon', outcome: 'retry_scheduled', error_code: code })).toBe(1);
    expect(sample(body, 'sps_publish_outcomes_total', { platform: 'mastodon', outcome: 'failed', error_code: code })).toBe(1);
    expect(sample(body, 'sps_database_command_duration_seconds_count', { command: 'find', result: 'ok' })).toBeGreaterThan(0);
  }, 60_000);
});

describe('Metrics gauges read when scraped: scheduler backlog and webhook outbox depth', () => {
  let t: TestApp;
  let account: TestAccount;
  let metricsUrl: string;
  beforeAll(async () => {
    // No scheduler and no delivery worker: what is due stays due, what is queued stays queued.
    t = await createTestApp({ env: { METRICS_ENABLED: 'true', METRICS_PORT: '0', WEBHOOKS_WORKER_ENABLED: 'false' } });
    metricsUrl = `http://127.0.0.1:${t.app.get(MetricsServer).address()!.port}/metrics`;
    account = await createAccount(t, { plan: 'premium', seats: 10 });
  }, 60_000);
  afterAll(async () => t?.close());
  const page = async () => (await fetch(metricsUrl)).text();

  it('counts due posts nobody claimed and deliveries waiting to be sent', async () => {
    expect(sample(await page(), 'sps_posts_due_unclaimed')).toBe(0);
    expect(sample(await page(), 'sps_webhook_outbox_depth')).toBe(0);
    await t.http
      .post('/api/v1/webhooks')
      .set(account.apiHeaders)
      .send({ name: 'Hook', url: 'https://example.com/hook', events: ['post.scheduled'] })
      .expect(201);
    const a = await createConnection(t, account.userId, {
      platform: 'mastodon',
      externalId: 'm-1',
      username: 'a',
      accessToken: 'x',
      instanceUrl: 'https://mastodon.example',
    });
    const b = await createConnection(t, account.userId, { platform: 'bluesky', externalId: 'b-1', username: 'b', accessToken: 'y' });
    await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'due now', platforms: [a.platformId, b.platformId], scheduledTime: new Date().toISOString() })
      .expect(200);
    await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'later', platforms: [a.platformId], scheduledTime: new Date(Date.now() + 86_400_000).toISOString() })
      .expect(200);
    await new Promise((r) => setTimeout(r, 50));
    const body = await page();
    expect(sample(body, 'sps_posts_due_unclaimed')).toBe(2);
    expect(sample(body, 'sps_webhook_outbox_depth')).toBe(3);
  });
});

describe('Metrics off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  it('opens no listener and records nothing', async () => {
    expect(t.app.get(MetricsServer).address()).toBeNull();
    await t.http.get('/health').expect(200);
    const metrics = await t.app.get(MetricsService).registry.getMetricsAsJSON();
    expect(metrics.filter((m) => m.values.length > 0).map((m) => m.name)).toEqual([]);
  });
});
