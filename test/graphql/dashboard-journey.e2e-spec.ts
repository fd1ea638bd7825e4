import { createAccount, createTestApp, FakeMastodonServer, sessionCookie, type TestApp } from '@test/support';
import { createHmac } from 'node:crypto';
import { makePng, pathOf } from '../media/media-helpers';
import { FAST_ENGINE_ENV, waitFor } from '../publishing/publishing-helpers';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { dataOf, gqlClient } from './graphql-helpers';

/**
 * One person's way through the dashboard, all over GraphQL with a session: sign up, get a
 * connection (the admin mutation), compose a draft with an image, schedule it, watch the real
 * scheduler publish it on the fake Mastodon instance, read its log, receive its webhook.
 */
describe('dashboard journey over GraphQL', () => {
  const mastodon = new FakeMastodonServer();
  let receiver: Receiver;
  let t: TestApp;
  let gql: ReturnType<typeof gqlClient>;

  beforeAll(async () => {
    await mastodon.start();
    receiver = await startReceiver();
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        WEBHOOKS_WORKER_ENABLED: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '50',
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      },
    });
    gql = gqlClient(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await mastodon.stop();
  });

  it('sign up → connection → draft with media → schedule → published → logs → webhook', async () => {
    // 1. Sign up (REST, the only way in) and see yourself.
    const email = `journey-${Date.now()}@example.com`;
    const signUp = await t.http.post('/auth/register').send({ email, password: 'journey-password' }).expect(201);
    const cookie = sessionCookie(signUp.headers['set-cookie'])!;
    const me = dataOf(await gql('{ me { id email plan } }', {}, cookie)).me;
    expect(me).toMatchObject({ email, plan: 'starter' });

    // 2. An admin stores a Mastodon connection for the new user.
    const admin = await createAccount(t, { isAdmin: true });
    mastodon.setToken('journey-token');
    dataOf(
      await gql(
        'mutation($i: AdminCreateConnectionInput!) { adminCreateConnection(input: $i) { id } }',
        {
          i: {
            userId: me.id,
            platform: 'mastodon',
            externalId: mastodon.account.id,
            username: 'alice',
            accessToken: 'journey-token',
            instanceUrl: mastodon.baseUrl,
          },
        },
        admin.cookie,
      ),
    );
    const [connection] = dataOf(await gql('{ connections { platformId platform username tokenStatus } }', {}, cookie)).connections;
    expect(connection).toMatchObject({ platform: 'mastodon', username: 'alice' });

    // 3. A webhook for the outcome.
    const hook = dataOf(
      await gql(
        'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id secret } }',
        { i: { name: 'journey', url: receiver.url, events: ['post.published'] } },
        cookie,
      ),
    ).createWebhook;

    // 4. Upload an image, then a draft that uses it.
    const upload = dataOf(
      await gql(
        'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { mediaId uploadUrl fileUrl } }',
        { i: { fileName: 'cover.png', contentType: 'image/png', type: 'image' } },
        cookie,
      ),
    ).createUploadUrl;
    await t.http
      .put(pathOf(upload.uploadUrl))
      .set('content-type', 'image/png')
      .send(await makePng(64, 32))
      .expect(200);
    const content = `Hello from the dashboard journey ${Date.now()}`;
    const draft = dataOf(
      await gql(
        'mutation($i: CreatePostInput!) { createPost(input: $i) { id status media { id state width } platformPosts { platformId status } } }',
        { i: { content, platforms: [connection.platformId], mediaIds: [upload.mediaId] } },
        cookie,
      ),
    ).createPost;
    expect(draft).toMatchObject({ status: 'draft', media: [{ id: upload.mediaId, state: 'uploaded', width: 64 }], platformPosts: [{ status: 'pending' }] });

    // 5. Schedule it for now; the scheduler takes it from here.
    const scheduled = dataOf(
      await gql(
        'mutation($id: ID!, $i: UpdatePostInput!) { updatePost(id: $id, input: $i) { status scheduledTime } }',
        { id: draft.id, i: { status: 'scheduled', scheduledTime: new Date().toISOString() } },
        cookie,
      ),
    ).updatePost;
    expect(scheduled.status).toBe('scheduled');
    const usage = dataOf(await gql('{ usage { scheduledPosts { used } monthlyPosts { used } } }', {}, cookie)).usage;
    expect(usage.monthlyPosts.used).toBe(1);

    // 6. Published on the fake instance, with the image.
    const POST = `query($id: ID!) { post(id: $id) { status processingStatus
      platformPosts { status postedId publishedUrl error { code message } }
      logs { event platform metadata } } }`;
    const published = await waitFor(async () => {
      const p = dataOf(await gql(POST, { id: draft.id }, cookie)).post;
      return p.status !== 'scheduled' && p.processingStatus === 'finished' ? p : null;
    }, 20_000);
    const status = mastodon.posts.find((s) => s.text === content)!;
    expect(status).toBeDefined();
    expect(status.mediaIds).toHaveLength(1);
    expect(published.status).toBe('published');
    expect(published.platformPosts).toEqual([{ status: 'published', postedId: status.id, publishedUrl: mastodon.statusUrl(status.id), error: null }]);

    // 7. Its log, oldest first.
    const events = published.logs.filter((l: any) => l.platform === 'mastodon').map((l: any) => l.event);
    expect(events).toEqual(['scheduled', 'processing', 'publish_attempted', 'publish_succeeded', 'status_changed']);
    expect(published.logs.at(-1)).toMatchObject({ event: 'status_changed', metadata: { from: 'scheduled', to: 'published' } });

    // 8. The webhook arrives, signed with the secret createWebhook showed.
    const [delivery] = await receiver.waitFor(1, 15_000);
    expect(delivery.body).toMatchObject({ event: 'post.published', data: { postGroupId: draft.id, platform: 'mastodon' } });
    expect(delivery.headers['x-service-signature']).toBe(createHmac('sha256', hook.secret).update(delivery.raw).digest('hex'));
    const history = await waitFor(async () => {
      const page = dataOf(
        await gql('query($id: ID!) { webhookDeliveries(webhookId: $id) { items { event status } } }', { id: hook.id }, cookie),
      ).webhookDeliveries;
      return page.items[0]?.status === 'delivered' ? page.items : null;
    });
    expect(history).toEqual([{ event: 'post.published', status: 'delivered' }]);
  }, 60_000);
});
