import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import type { CommandStartedEvent } from 'mongodb';
import { Types } from 'mongoose';
import { createHmac } from 'node:crypto';
import { makePng, pathOf } from '../media/media-helpers';
import { isoIn } from '../posts/posts-helpers';
import { eventually, startReceiver, type Receiver } from '../webhooks/receiver';
import { dataOf, errorOf, gqlClient } from './graphql-helpers';

const WEBHOOK_FIELDS = 'id name url events isActive failureCount lastTriggeredAt createdAt updatedAt secret';
const CREATE_WEBHOOK = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { ${WEBHOOK_FIELDS} } }`;
const UPDATE_WEBHOOK = `mutation($id: ID!, $input: UpdateWebhookInput!) { updateWebhook(id: $id, input: $input) { ${WEBHOOK_FIELDS} } }`;
const DELIVERY_FIELDS = 'id webhookId event status attemptCount deliveredAt lastStatusCode payload attempts { ok statusCode }';

/** Webhooks (dashboard variant), deliveries, media and connections over GraphQL with a session. */
describe('GraphQL webhooks, media, connections', () => {
  describe('rules and errors (default address rules, no delivery worker)', () => {
    let t: TestApp;
    let gql: ReturnType<typeof gqlClient>;
    beforeAll(async () => {
      // METRICS_ENABLED turns the driver's command events on (the query counts below).
      t = await createTestApp({ env: { WEBHOOKS_WORKER_ENABLED: 'false', METRICS_ENABLED: 'true' } });
      gql = gqlClient(t);
    });
    afterAll(() => t?.close());

    it('createWebhook, webhooks, updateWebhook, regenerateWebhookSecret, deleteWebhook', async () => {
      const a = await createAccount(t);
      const created = dataOf(
        await gql(CREATE_WEBHOOK, { input: { name: 'Hook', url: 'https://example.com/h', events: ['post.published', 'post.published'] } }, a.cookie),
      ).createWebhook;
      expect(created).toMatchObject({
        name: 'Hook',
        url: 'https://example.com/h',
        events: ['post.published'],
        isActive: true,
        failureCount: 0,
        lastTriggeredAt: null,
      });
      expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      // The secret is stored encrypted, never in clear.
      const stored = await t.connection.collection('webhooks').findOne({ _id: new Types.ObjectId(created.id) });
      expect(JSON.stringify(stored)).not.toContain(created.secret);

      const listed = dataOf(await gql(`{ webhooks { ${WEBHOOK_FIELDS} } }`, {}, a.cookie)).webhooks;
      expect(listed).toEqual([{ ...created, secret: null }]);
      // Same webhook through the dashboard REST route.
      expect((await t.http.get('/webhooks').set('Cookie', a.cookie).expect(200)).body.webhooks[0]._id).toBe(created.id);

      const renamed = dataOf(await gql(UPDATE_WEBHOOK, { id: created.id, input: { name: '', events: ['post.failed'] } }, a.cookie)).updateWebhook;
      expect(renamed).toMatchObject({ name: '', events: ['post.failed'], secret: null });

      const regenerated = dataOf(
        await gql(`mutation($id: ID!) { regenerateWebhookSecret(id: $id) { id secret } }`, { id: created.id }, a.cookie),
      ).regenerateWebhookSecret;
      expect(regenerated.id).toBe(created.id);
      expect(regenerated.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      expect(regenerated.secret).not.toBe(created.secret);

      expect(dataOf(await gql('mutation($id: ID!) { deleteWebhook(id: $id) }', { id: created.id }, a.cookie)).deleteWebhook).toBe(true);
      expect(dataOf(await gql('{ webhooks { id } }', {}, a.cookie)).webhooks).toEqual([]);
    });

    it('re-enabling resets failureCount (dashboard variant)', async () => {
      const a = await createAccount(t);
      const { id } = dataOf(await gql(CREATE_WEBHOOK, { input: { name: 'h', url: 'https://example.com/', events: ['post.failed'] } }, a.cookie)).createWebhook;
      await t.connection.collection('webhooks').updateOne({ _id: new Types.ObjectId(id) }, { $set: { isActive: false, failureCount: 5 } });
      const enabled = dataOf(await gql(UPDATE_WEBHOOK, { id, input: { isActive: true } }, a.cookie)).updateWebhook;
      expect(enabled).toMatchObject({ isActive: true, failureCount: 0 });
    });

    it('validation errors are the REST messages (BAD_USER_INPUT) and create nothing', async () => {
      const a = await createAccount(t);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: '', url: 'https://example.com/', events: ['post.failed'] }, 'Name, URL, and at least one event are required'],
        [{ name: 'n', url: 'https://example.com/', events: [] }, 'Name, URL, and at least one event are required'],
        [{ name: 'n', url: 'not a url', events: ['post.failed'] }, 'Invalid URL format'],
        [
          { name: 'n', url: 'https://example.com/', events: ['post.nope'] },
          'Invalid events: post.nope. Valid events: post.scheduled, post.published, post.failed, token.expiring',
        ],
        [{ name: 'n', url: 'http://localhost:3000/', events: ['post.failed'] }, 'Localhost URLs are not allowed'],
        // Dashboard variant: ::1 and *.localhost are blocked too.
        [{ name: 'n', url: 'http://[::1]:8080/', events: ['post.failed'] }, 'Localhost URLs are not allowed'],
        [{ name: 'n', url: 'http://hooks.localhost/', events: ['post.failed'] }, 'Localhost URLs are not allowed'],
        [{ name: 'n', url: 'http://10.0.0.5/', events: ['post.failed'] }, 'Private IP addresses are not allowed'],
        [{ name: 'n', url: 'http://169.254.169.254/', events: ['post.failed'] }, 'Cloud metadata endpoints are not allowed'],
      ];
      for (const [input, message] of cases) {
        const err = errorOf(await gql(CREATE_WEBHOOK, { input }, a.cookie));
        expect({ url: input.url, message: err.message, code: err.code }).toEqual({ url: input.url, message, code: 'BAD_USER_INPUT' });
      }
      expect(dataOf(await gql('{ webhooks { id } }', {}, a.cookie)).webhooks).toEqual([]);

      const { id } = dataOf(await gql(CREATE_WEBHOOK, { input: { name: 'h', url: 'https://example.com/', events: ['post.failed'] } }, a.cookie)).createWebhook;
      for (const [input, message] of [
        [{ url: '' }, 'Invalid URL format'],
        [{ events: [] }, 'Name, URL, and at least one event are required'],
        [{ url: 'http://x.localhost/' }, 'Localhost URLs are not allowed'],
        [{ events: ['nope'] }, 'Invalid events: nope'],
      ] as const) {
        const err = errorOf(await gql(UPDATE_WEBHOOK, { id, input }, a.cookie));
        expect([err.message, err.code]).toEqual([message, 'BAD_USER_INPUT']);
      }
      for (let i = 1; i < 10; i++) await gql(CREATE_WEBHOOK, { input: { name: `h${i}`, url: 'https://example.com/', events: ['post.failed'] } }, a.cookie);
      const eleventh = errorOf(await gql(CREATE_WEBHOOK, { input: { name: 'h11', url: 'https://example.com/', events: ['post.failed'] } }, a.cookie));
      expect([eleventh.message, eleventh.code]).toEqual(['Maximum of 10 webhooks per user', 'BAD_USER_INPUT']);
    });

    it('another user’s webhook or delivery is NOT_FOUND for every operation; a disabled one refuses tests', async () => {
      const owner = await createAccount(t);
      const stranger = await createAccount(t);
      const { id } = dataOf(
        await gql(CREATE_WEBHOOK, { input: { name: 'h', url: 'https://example.com/', events: ['post.failed'] } }, owner.cookie),
      ).createWebhook;
      const delivery = dataOf(await gql(`mutation($id: ID!) { sendTestWebhook(id: $id) { ${DELIVERY_FIELDS} } }`, { id }, owner.cookie)).sendTestWebhook;
      expect(delivery).toMatchObject({ webhookId: id, event: 'webhook.test', status: 'pending', attemptCount: 0 });
      expect(JSON.parse(delivery.payload)).toMatchObject({ event: 'webhook.test', data: { webhookId: id } });

      const ops: Array<[string, Record<string, unknown>, string]> = [
        [UPDATE_WEBHOOK, { id, input: { name: 'x' } }, 'Webhook not found'],
        ['mutation($id: ID!) { deleteWebhook(id: $id) }', { id }, 'Webhook not found'],
        ['mutation($id: ID!) { regenerateWebhookSecret(id: $id) { id } }', { id }, 'Webhook not found'],
        ['mutation($id: ID!) { sendTestWebhook(id: $id) { id } }', { id }, 'Webhook not found'],
        ['query($id: ID!) { webhookDeliveries(webhookId: $id) { totalItems } }', { id }, 'Webhook not found'],
        ['mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { id } }', { id: delivery.id }, 'Delivery not found'],
        ['mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { id } }', { id: 'malformed' }, 'Delivery not found'],
      ];
      for (const [query, variables, message] of ops) {
        const err = errorOf(await gql(query, variables, stranger.cookie));
        expect([err.message, err.code]).toEqual([message, 'NOT_FOUND']);
      }
      // Still queued: not redelivered twice.
      const queued = errorOf(await gql('mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { id } }', { id: delivery.id }, owner.cookie));
      expect([queued.message, queued.code]).toEqual(['Delivery is already queued', 'BAD_USER_INPUT']);
      await gql(UPDATE_WEBHOOK, { id, input: { isActive: false } }, owner.cookie);
      const disabled = errorOf(await gql('mutation($id: ID!) { sendTestWebhook(id: $id) { id } }', { id }, owner.cookie));
      expect([disabled.message, disabled.code]).toEqual(['Webhook is disabled: enable it first', 'BAD_USER_INPUT']);
      expect(dataOf(await gql('query($id: ID!) { webhookDeliveries(webhookId: $id) { totalItems } }', { id }, owner.cookie)).webhookDeliveries.totalItems).toBe(
        1,
      );
    });

    it('webhookDeliveries pages newest first', async () => {
      const a = await createAccount(t);
      const { id } = dataOf(await gql(CREATE_WEBHOOK, { input: { name: 'h', url: 'https://example.com/', events: ['post.failed'] } }, a.cookie)).createWebhook;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(dataOf(await gql('mutation($id: ID!) { sendTestWebhook(id: $id) { id } }', { id }, a.cookie)).sendTestWebhook.id);
      const PAGE =
        'query($id: ID!, $p: Int, $l: Int) { webhookDeliveries(webhookId: $id, page: $p, limit: $l) { totalItems page limit totalPages items { id } } }';
      const first = dataOf(await gql(PAGE, { id, l: 2 }, a.cookie)).webhookDeliveries;
      expect(first).toEqual({ totalItems: 3, page: 1, limit: 2, totalPages: 2, items: [{ id: ids[2] }, { id: ids[1] }] });
      const second = dataOf(await gql(PAGE, { id, l: 2, p: 2 }, a.cookie)).webhookDeliveries;
      expect(second.items).toEqual([{ id: ids[0] }]);
      const clamped = dataOf(await gql(PAGE, { id, l: 1000, p: -1 }, a.cookie)).webhookDeliveries;
      expect(clamped).toMatchObject({ page: 1, limit: 100 });
    });

    it('createUploadUrl, the file upload, PostGroup.media, deleteMedia; errors and other users', async () => {
      const a = await createAccount(t);
      const conn = await createConnection(t, a.userId, { platform: 'linkedin' });
      const UPLOAD = 'mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { mediaId uploadUrl fileUrl } }';
      const issued = dataOf(await gql(UPLOAD, { input: { fileName: 'photo 1.png', contentType: 'image/png', type: 'image' } }, a.cookie)).createUploadUrl;
      expect(issued.mediaId).toMatch(/^[0-9a-f]{24}$/);
      await t.http
        .put(pathOf(issued.uploadUrl))
        .set('content-type', 'image/png')
        .send(await makePng(40, 20))
        .expect(200);

      const POST = `mutation($input: CreatePostInput!) { createPost(input: $input) { id mediaUrls media { id url type mimeType state size width height } } }`;
      const post = dataOf(await gql(POST, { input: { content: 'with media', platforms: [conn.platformId], mediaIds: [issued.mediaId] } }, a.cookie)).createPost;
      expect(post.mediaUrls).toEqual([issued.fileUrl]);
      expect(post.media).toEqual([
        { id: issued.mediaId, url: issued.fileUrl, type: 'image', mimeType: 'image/png', state: 'uploaded', size: expect.any(Number), width: 40, height: 20 },
      ]);
      // Already attached: a second post cannot take it.
      const again = errorOf(await gql(POST, { input: { content: 'x', platforms: [conn.platformId], mediaIds: [issued.mediaId] } }, a.cookie));
      expect([again.message, again.code]).toEqual([`Media file already belongs to a post: ${issued.mediaId}`, 'BAD_USER_INPUT']);
      // REST sees the same media.
      expect((await t.http.get(`/api/v1/list-posts`).set(a.apiHeaders)).body.posts[0].mediaUrls).toEqual([issued.fileUrl]);

      // Another user can neither attach nor delete it.
      const stranger = await createAccount(t);
      const sconn = await createConnection(t, stranger.userId, { platform: 'linkedin' });
      const theirs = errorOf(await gql(POST, { input: { content: 'x', platforms: [sconn.platformId], mediaIds: [issued.mediaId] } }, stranger.cookie));
      expect([theirs.message, theirs.code]).toEqual([`Media file not found: ${issued.mediaId}`, 'BAD_USER_INPUT']);
      const notTheirs = errorOf(await gql('mutation($id: ID!) { deleteMedia(mediaId: $id) }', { id: issued.mediaId }, stranger.cookie));
      expect([notTheirs.message, notTheirs.code]).toEqual(['Media file not found', 'NOT_FOUND']);
      const strangerPost = dataOf(
        await gql(
          'mutation($input: CreatePostInput!) { createPost(input: $input) { id } }',
          { input: { content: 'theirs', platforms: [sconn.platformId] } },
          stranger.cookie,
        ),
      ).createPost.id;

      const mediaCount = () => t.connection.collection('media').countDocuments({});
      const before = await mediaCount();
      for (const [input, message, code] of [
        [{ fileName: ' ', contentType: 'image/png', type: 'image' }, 'fileName and contentType are required', 'BAD_USER_INPUT'],
        [{ fileName: 'a.png', contentType: '', type: 'image' }, 'fileName and contentType are required', 'BAD_USER_INPUT'],
        [{ fileName: `${'a'.repeat(252)}.png`, contentType: 'image/png', type: 'image' }, 'fileName must be at most 255 characters', 'BAD_USER_INPUT'],
        // Neither an image, a video nor a PDF document: refused up front.
        [{ fileName: 'notes.txt', contentType: 'text/plain', type: 'image' }, 'Only video, image and PDF document files are allowed', 'BAD_USER_INPUT'],
        [{ fileName: 'page.html', contentType: 'text/html' }, 'Only video, image and PDF document files are allowed', 'BAD_USER_INPUT'],
        // Another user's post group is invisible, like every id that is not yours; so is a malformed one.
        [{ fileName: 'x.png', contentType: 'image/png', type: 'image', postGroupId: strangerPost }, 'Post group not found', 'NOT_FOUND'],
        [{ fileName: 'x.png', contentType: 'image/png', type: 'image', postGroupId: 'not-an-id' }, 'Post group not found', 'NOT_FOUND'],
      ] as const) {
        const err = errorOf(await gql(UPLOAD, { input }, a.cookie));
        expect([err.message, err.code]).toEqual([message, code]);
      }
      // Nothing was issued, and the stranger's group holds no media.
      expect(await mediaCount()).toBe(before);
      const strangers = dataOf(await gql('query($id: ID!) { post(id: $id) { mediaUrls media { id } } }', { id: strangerPost }, stranger.cookie)).post;
      expect(strangers).toEqual({ mediaUrls: [], media: [] });

      // With a postGroupId the record is attached at once (get-upload-url's rule).
      const second = dataOf(
        await gql(UPLOAD, { input: { fileName: 'b.png', contentType: 'image/png', type: 'image', postGroupId: post.id } }, a.cookie),
      ).createUploadUrl;
      const withTwo = dataOf(await gql('query($id: ID!) { post(id: $id) { media { id state } } }', { id: post.id }, a.cookie)).post;
      expect(withTwo.media).toEqual([
        { id: issued.mediaId, state: 'uploaded' },
        { id: second.mediaId, state: 'pending' },
      ]);

      expect(dataOf(await gql('mutation($id: ID!) { deleteMedia(mediaId: $id) }', { id: issued.mediaId }, a.cookie)).deleteMedia).toBe(true);
      const after = dataOf(await gql('query($id: ID!) { post(id: $id) { mediaUrls media { id } } }', { id: post.id }, a.cookie)).post;
      expect(after).toEqual({ mediaUrls: [second.fileUrl], media: [{ id: second.mediaId }] });
      const gone = errorOf(await gql('mutation($id: ID!) { deleteMedia(mediaId: $id) }', { id: issued.mediaId }, a.cookie));
      expect([gone.message, gone.code]).toEqual(['Media file not found', 'NOT_FOUND']);
    });

    it('a page with media costs one media query whatever its size', async () => {
      const a = await createAccount(t);
      const conn = await createConnection(t, a.userId, { platform: 'linkedin' });
      for (let i = 0; i < 6; i++) {
        const { id } = dataOf(
          await gql(
            'mutation($input: CreatePostInput!) { createPost(input: $input) { id } }',
            { input: { content: `p${i}`, platforms: [conn.platformId] } },
            a.cookie,
          ),
        ).createPost;
        await gql(
          'mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { mediaId } }',
          { input: { fileName: 'x.png', contentType: 'image/png', type: 'image', postGroupId: id } },
          a.cookie,
        );
      }
      let finds = 0;
      const counted = (e: CommandStartedEvent) => {
        if (e.commandName === 'find' && e.command.find === 'media') finds++;
      };
      t.connection.getClient().on('commandStarted', counted);
      try {
        const items = dataOf(await gql('{ posts(limit: 6) { items { media { id } } } }', {}, a.cookie)).posts.items;
        expect(items.map((i: any) => i.media.length)).toEqual([1, 1, 1, 1, 1, 1]);
      } finally {
        t.connection.getClient().off('commandStarted', counted);
      }
      expect(finds).toBe(1);
    });

    it('connections and testConnection: the REST list and messages; other users’ connections invisible', async () => {
      const a = await createAccount(t);
      const conn = await createConnection(t, a.userId, { platform: 'pinterest', externalId: 'pin1', username: 'pinner' });
      const listed = dataOf(await gql('{ connections { id platform platformId externalId username tokenStatus } }', {}, a.cookie)).connections;
      expect(listed).toEqual([
        { id: conn.id, platform: 'pinterest', platformId: conn.platformId, externalId: 'pin1', username: 'pinner', tokenStatus: expect.any(String) },
      ]);
      const TEST = 'mutation($p: String!) { testConnection(platformId: $p) { platform platformId username status message permissions } }';
      // Pinterest has no health validator: REST's answer, status error.
      const tested = dataOf(await gql(TEST, { p: conn.platformId }, a.cookie)).testConnection;
      const rest = (await t.http.post(`/api/v1/test-connection/${conn.platformId}`).set(a.apiHeaders).expect(200)).body;
      expect(tested).toMatchObject({ platform: rest.platform, status: rest.status, message: rest.message, permissions: rest.permissions });
      const stranger = await createAccount(t);
      expect(dataOf(await gql('{ connections { id } }', {}, stranger.cookie)).connections).toEqual([]);
      for (const [who, p, message, code] of [
        [stranger.cookie, conn.platformId, 'Connection not found', 'NOT_FOUND'],
        [a.cookie, 'nodash', 'Invalid platformId format', 'BAD_USER_INPUT'],
      ] as const) {
        const err = errorOf(await gql(TEST, { p }, who));
        expect([err.message, err.code]).toEqual([message, code]);
      }
      // The admin mutation stays admin-only.
      const denied = errorOf(
        await gql(
          'mutation($i: AdminCreateConnectionInput!) { adminCreateConnection(input: $i) { id } }',
          { i: { userId: a.userId, platform: 'linkedin', externalId: 'x', accessToken: 't' } },
          a.cookie,
        ),
      );
      expect([denied.message, denied.code]).toEqual(['Admin access required', 'FORBIDDEN']);
    });

    it('every operation is UNAUTHENTICATED without a session', async () => {
      const ops = [
        '{ webhooks { id } }',
        '{ connections { id } }',
        'query { webhookDeliveries(webhookId: "000000000000000000000000") { totalItems } }',
        'mutation { createWebhook(input: { name: "n", url: "https://example.com", events: ["post.failed"] }) { id } }',
        'mutation { updateWebhook(id: "000000000000000000000000", input: { name: "n" }) { id } }',
        'mutation { deleteWebhook(id: "000000000000000000000000") }',
        'mutation { regenerateWebhookSecret(id: "000000000000000000000000") { id } }',
        'mutation { sendTestWebhook(id: "000000000000000000000000") { id } }',
        'mutation { redeliverWebhook(deliveryId: "000000000000000000000000") { id } }',
        'mutation { createUploadUrl(input: { fileName: "a.png", contentType: "image/png" }) { mediaId } }',
        'mutation { deleteMedia(mediaId: "000000000000000000000000") }',
        'mutation { testConnection(platformId: "linkedin-1") { status } }',
      ];
      for (const query of ops) {
        const res = await gql(query);
        expect([res.status, errorOf(res).code]).toEqual([401, 'UNAUTHENTICATED']);
      }
    });
  });

  describe('delivery (local receiver, WEBHOOKS_ALLOW_PRIVATE_TARGETS=true, fast worker)', () => {
    let t: TestApp;
    let gql: ReturnType<typeof gqlClient>;
    let receiver: Receiver;
    let account: TestAccount;
    beforeAll(async () => {
      receiver = await startReceiver();
      t = await createTestApp({
        env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOKS_WORKER_ENABLED: 'true', WEBHOOKS_WORKER_INTERVAL_MS: '50', WEBHOOKS_RETRY_BASE_MS: '200' },
      });
      gql = gqlClient(t);
      account = await createAccount(t);
    });
    afterAll(async () => {
      await t?.close();
      await receiver?.close();
    });

    it('sendTestWebhook is delivered signed; redeliverWebhook sends the same bytes again', async () => {
      const hook = dataOf(await gql(CREATE_WEBHOOK, { input: { name: 'rx', url: receiver.url, events: ['post.scheduled'] } }, account.cookie)).createWebhook;
      const sent = dataOf(await gql(`mutation($id: ID!) { sendTestWebhook(id: $id) { ${DELIVERY_FIELDS} } }`, { id: hook.id }, account.cookie)).sendTestWebhook;
      const [first] = await receiver.waitFor(1);
      expect(first.headers['x-service-event']).toBe('webhook.test');
      expect(first.headers['x-service-delivery']).toBe(sent.id);
      expect(first.headers['x-service-signature']).toBe(createHmac('sha256', hook.secret).update(first.raw).digest('hex'));
      expect(first.raw.toString('utf8')).toBe(sent.payload);

      const delivered = await eventually(async () => {
        const page = dataOf(
          await gql(`query($id: ID!) { webhookDeliveries(webhookId: $id) { items { ${DELIVERY_FIELDS} } } }`, { id: hook.id }, account.cookie),
        ).webhookDeliveries;
        return page.items[0]?.status === 'delivered' ? page.items[0] : null;
      });
      expect(delivered).toMatchObject({
        id: sent.id,
        attemptCount: 1,
        lastStatusCode: 200,
        attempts: [{ ok: true, statusCode: 200 }],
        deliveredAt: expect.any(String),
      });

      const again = dataOf(
        await gql(`mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { ${DELIVERY_FIELDS} } }`, { id: sent.id }, account.cookie),
      ).redeliverWebhook;
      expect(again.id).not.toBe(sent.id);
      const [, second] = await receiver.waitFor(2);
      expect(second.raw.equals(first.raw)).toBe(true);
      expect(second.headers['x-service-delivery']).toBe(again.id);
    });

    it('a post scheduled over GraphQL sends post.scheduled', async () => {
      const before = receiver.requests.length;
      const { id: hookId } = dataOf(
        await gql(CREATE_WEBHOOK, { input: { name: 'sched', url: receiver.url, events: ['post.scheduled'] } }, account.cookie),
      ).createWebhook;
      const conn = await createConnection(t, account.userId, { platform: 'linkedin' });
      const created = dataOf(
        await gql(
          'mutation($input: CreatePostInput!) { createPost(input: $input) { id platformPosts { id } } }',
          { input: { content: 'hi', platforms: [conn.platformId], scheduledTime: isoIn(30) } },
          account.cookie,
        ),
      ).createPost;
      const events = await eventually(async () => {
        const got = receiver.requests.slice(before).filter((r) => r.body.event === 'post.scheduled' && r.body.data.postGroupId === created.id);
        // Both webhooks of this account subscribe to post.scheduled.
        return got.length === 2 ? got : null;
      });
      expect(events[0].body.data).toMatchObject({ postId: created.platformPosts[0].id, platform: 'linkedin' });
      expect(hookId).toBeTruthy();
    });
  });
});
