import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Browser tests of the dashboard (`npm run test:web`): Debian's Chromium (browser downloads are
 * not possible here) against the real app, as `npm start` runs it (dist/, built by `npm run
 * build`), on a fresh embedded database. The port and data folder are chosen once, in the
 * runner, and inherited by its workers through the environment.
 */
const root = resolve(__dirname, '..');
// Below Linux's ephemeral range (32768 up), where a client socket of the run could hold a port first.
process.env.SPS_WEB_PORT ??= String(20000 + Math.floor(Math.random() * 12000));
process.env.SPS_WEB_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sps-web-'));
process.env.SPS_WEB_FAKE_PORT ??= String(Number(process.env.SPS_WEB_PORT) + 1);
const port = Number(process.env.SPS_WEB_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
/** The fake platforms (web/test/fake-platforms.ts), one port each from SPS_WEB_FAKE_PORT up. */
const firstFake = Number(process.env.SPS_WEB_FAKE_PORT);
export const fakePorts = {
  x: firstFake,
  facebook: firstFake + 1,
  bluesky: firstFake + 2,
  telegram: firstFake + 3,
  mastodon: firstFake + 4,
  linkedin: firstFake + 5,
};
export const fakeURLs = Object.fromEntries(Object.entries(fakePorts).map(([name, p]) => [name, `http://127.0.0.1:${p}`])) as Record<
  keyof typeof fakePorts,
  string
>;
/**
 * A second app with a platform plugin (examples/discord-webhook), for the dashboard's view of an
 * extended service (web/test/extended-app.ts), and its Discord fake with one webhook.
 */
export const extendedPort = firstFake + 6;
export const extendedURL = `http://127.0.0.1:${extendedPort}`;
export const DISCORD = { fakePort: firstFake + 7, webhookToken: 'web-journey-webhook', webhookName: 'release-notes' };
/** The fakes' control (web/test/fake-platforms.ts): a journey tells a fake to refuse its next call. */
export const fakeControlURL = `http://127.0.0.1:${firstFake + 8}`;
/** X's OAuth server and API. */
export const fakeURL = fakeURLs.x;
/** What the fakes know (web/test/fake-platforms.ts) and the journeys type in. */
export const FAKE_ACCOUNTS = {
  facebook: {
    pages: [
      { id: '104000000000011', name: 'Acme Bakery', access_token: 'EAApage-bakery' },
      { id: '104000000000012', name: 'Acme Café', access_token: 'EAApage-cafe' },
    ],
  },
  bluesky: { handle: 'alice.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' },
  telegram: { botToken: '123456:web-journey-bot-AAHk3x9QeZ', channel: { id: -1001234567890, title: 'Acme News', username: 'acme_news' } },
  /** An X account seeded with this access token publishes on the X fake. */
  x: { accessToken: 'web-journey-x-access-token' },
};

/** The start-up admin of the test app (BOOTSTRAP_ADMIN_*). */
export const ADMIN = { email: 'admin@example.test', password: 'admin-password-123' };

export default defineConfig({
  testDir: './test',
  outputDir: join(root, 'web/test-results'),
  // Two cores: one browser at a time; the journeys share one app and database.
  workers: 1,
  fullyParallel: false,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    // Dialogs appear at once (the theme respects reduced motion): axe never sees one half faded in.
    reducedMotion: 'reduce',
    // Kept when a test fails, in web/test-results/.
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Root without a sandbox, and no background calls to Google (this machine's network is closed).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node -r @swc-node/register web/test/fake-platforms.ts',
      cwd: root,
      port: Number(process.env.SPS_WEB_FAKE_PORT),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node -r @swc-node/register web/test/extended-app.ts',
      cwd: root,
      url: `${extendedURL}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node dist/src/main.js',
      cwd: root,
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.SPS_WEB_DATA_DIR,
        MONGODB_URI: '',
        LOG_LEVEL: 'warn',
        DEMO_ACCOUNT: 'false',
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        // Every journey signs up from 127.0.0.1: the sign-up limit per address is off here.
        SIGNUP_LIMIT_PER_HOUR: '0',
        // Upload URLs and connection links point at the address the browser uses.
        PUBLIC_BASE_URL: baseURL,
        // The journeys' webhook receiver listens on 127.0.0.1; deliveries go out quickly.
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '200',
        // The fakes (web/test/fake-platforms.ts) live on 127.0.0.1: a Mastodon instance and a
        // Bluesky service typed in the forms may be private and plain http here.
        CONNECT_ALLOW_PRIVATE_INSTANCES: 'true',
        // LinkedIn's API, without an OAuth app (the page says it is not available).
        LINKEDIN_API_URL: fakeURLs.linkedin,
        // Facebook Login with two Pages to choose from.
        FACEBOOK_API_URL: `${fakeURLs.facebook}/v21.0`,
        FACEBOOK_CLIENT_ID: 'fb-client',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        FACEBOOK_AUTHORIZE_URL: `${fakeURLs.facebook}/v21.0/dialog/oauth`,
        FACEBOOK_TOKEN_URL: `${fakeURLs.facebook}/v21.0/oauth/access_token`,
        // X through the fake: connect with OAuth 2.0 + PKCE, then publish.
        TWITTER_API_URL: fakeURL,
        TWITTER_UPLOAD_URL: fakeURL,
        TWITTER_CLIENT_ID: 'x-client',
        TWITTER_CLIENT_SECRET: 'x-secret',
        TWITTER_AUTHORIZE_URL: `${fakeURL}/i/oauth2/authorize`,
        TWITTER_TOKEN_URL: `${fakeURL}/2/oauth2/token`,
        SCHEDULER_INTERVAL_MS: '500',
        // The metrics collector, often enough that a new connection's account reading shows within seconds.
        ENGAGEMENT_COLLECTION_INTERVAL_MS: '2000',
        TELEGRAM_API_URL: fakeURLs.telegram,
      },
    },
  ],
});
