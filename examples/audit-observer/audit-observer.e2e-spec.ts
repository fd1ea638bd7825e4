import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Browser, CREDENTIALS, DISCONNECT, gql } from '../../test/connect/connect-helpers';
import { FAST_ENGINE_ENV, waitFor, waitForGroup } from '../../test/publishing/publishing-helpers';
import { DiscordWebhookModule, DiscordWebhookPlatform } from '../discord-webhook/discord-webhook.plugin';
import { FakeDiscordServer } from '../discord-webhook/discord.fake';
import { AuditObserver, AuditObserverModule } from './audit-observer';

/** In-process observers of post and connection events (@nestjs/event-emitter), after each change commits. */
describe('Example: an audit-trail observer', () => {
  const discord = new FakeDiscordServer();
  let t: TestApp;
  let account: TestAccount;
  let audit: AuditObserver;

  beforeAll(async () => {
    await discord.start();
    t = await createTestApp({
      env: { ...FAST_ENGINE_ENV },
      extensions: {
        imports: [AuditObserverModule, DiscordWebhookModule.forRoot({ apiBase: discord.baseUrl })],
        platforms: [{ useExisting: DiscordWebhookPlatform }],
      },
    });
    audit = t.app.get(AuditObserver);
    account = await createAccount(t, { plan: 'pro', seats: 3 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await discord.stop();
  });

  it('hears a connection, its post scheduled and published (one observer failing), then the disconnect', async () => {
    const browser = new Browser(account);
    const platformId: string = (await gql(t, browser.cookies, CREDENTIALS, { input: { platform: 'discord', secret: discord.addWebhook() } })).body.data
      .connectWithCredentials.platformId;
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'Audited', platforms: [platformId], scheduledTime: new Date().toISOString() })
      .expect(200);
    const postGroupId = res.body.postGroupId;
    expect((await waitForGroup(t, account.apiHeaders, postGroupId)).status).toBe('published');
    await waitFor(async () => audit.entries.some((e) => e.event === 'post.published'));
    await gql(t, browser.cookies, DISCONNECT, { platformId });
    expect(audit.entries).toEqual([
      { event: 'connection.created', userId: account.userId, subject: platformId },
      { event: 'post.scheduled', userId: account.userId, subject: postGroupId },
      { event: 'post.published', userId: account.userId, subject: postGroupId },
      { event: 'connection.deleted', userId: account.userId, subject: platformId },
    ]);
  });

  it('hears nothing of a change that was refused', async () => {
    const before = audit.entries.length;
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'x', platforms: ['discord-999'], scheduledTime: new Date().toISOString() });
    expect(res.status).toBe(400);
    expect(audit.entries).toHaveLength(before);
  });
});
