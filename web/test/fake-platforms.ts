/**
 * The fake platforms the browser journeys connect to and publish on (Playwright starts this as a
 * web server beside the app), from the service's own test fakes, each on its own port
 * (`fakeURLs` in playwright.config.ts, from SPS_WEB_FAKE_PORT up):
 * - X: OAuth 2.0 authorize and token endpoints and its API;
 * - Facebook: Facebook Login and the Graph API, with two Pages to choose from;
 * - Bluesky: a PDS that takes the handle and app password in FAKE_ACCOUNTS;
 * - Telegram: the Bot API, with one bot token and a channel where the bot is an administrator;
 * - Mastodon: an instance that registers apps and runs its own OAuth;
 * - LinkedIn: its API only (no OAuth app is configured), so health checks get a real refusal.
 * X starts last, on the port Playwright waits for, so every fake is up when the app starts.
 * A control server (fakeControlURL) lets a journey make a fake refuse its next call:
 * `POST /telegram/refuse-next-message` makes Telegram refuse the next sendMessage for good,
 * `POST /telegram/drop-next-message` drops the connection of the next one once it is sent (so the
 * service cannot know whether it went out), and `GET /telegram/messages`, `/mastodon/posts`,
 * `/bluesky/posts` and `/x/posts` list what each fake received.
 */
import { FacebookFake, FakeBlueskyServer, FakeMastodonServer, FakeTelegramServer, LinkedInFake, TwitterFake } from '../../test/support/fakes';
import { createServer } from 'node:http';
import { FAKE_ACCOUNTS, fakeControlURL, fakePorts } from '../playwright.config';

async function main(): Promise<void> {
  const facebook = new FacebookFake();
  facebook.managedPages = FAKE_ACCOUNTS.facebook.pages.map((p) => ({ ...p }));

  const bluesky = new FakeBlueskyServer();
  bluesky.appPassword = FAKE_ACCOUNTS.bluesky.appPassword;

  const telegram = new FakeTelegramServer();
  telegram.setToken(FAKE_ACCOUNTS.telegram.botToken);
  telegram.addChat({ ...FAKE_ACCOUNTS.telegram.channel, type: 'channel', botStatus: 'administrator' });

  const mastodon = new FakeMastodonServer();
  const linkedin = new LinkedInFake();
  const x = new TwitterFake();
  x.checkAfterSecs = 0;
  // An account seeded with this token (seedConnection) publishes on the X fake.
  x.setToken(FAKE_ACCOUNTS.x.accessToken);

  await Promise.all([
    facebook.start(fakePorts.facebook),
    bluesky.start(fakePorts.bluesky),
    telegram.start(fakePorts.telegram),
    mastodon.start(fakePorts.mastodon),
    linkedin.start(fakePorts.linkedin),
  ]);
  // What each fake received, for a journey to check what was published where.
  const published: Record<string, () => unknown> = {
    '/telegram/messages': () => telegram.messages,
    '/mastodon/posts': () => mastodon.posts.map((post) => ({ ...post, media: post.mediaIds.map((id) => mastodon.media.get(id)) })),
    '/bluesky/posts': () => bluesky.posts,
    '/x/posts': () => x.posts,
  };
  const control = createServer((req, res) => {
    const read = req.method === 'GET' ? published[req.url ?? ''] : undefined;
    if (read) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(read()));
      return;
    }
    if (req.method === 'POST' && req.url === '/telegram/refuse-next-message') {
      telegram.inject({
        kind: 'respond',
        match: '/sendMessage',
        response: { status: 400, body: { ok: false, error_code: 400, description: "Bad Request: can't parse entities: unsupported start tag" } },
      });
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && req.url === '/telegram/drop-next-message') {
      // The socket is closed before the fake stores the message: nothing was published.
      telegram.inject({ kind: 'reset', match: '/sendMessage' });
      res.writeHead(204).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => control.listen(Number(new URL(fakeControlURL).port), '127.0.0.1', resolve));
  console.log(`fake platforms up, X at ${await x.start(fakePorts.x)}`);
}

void main();
