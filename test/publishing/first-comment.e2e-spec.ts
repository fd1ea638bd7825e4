import { Types } from 'mongoose';
import { createAccount, createConnection, createTestApp, openTestDatabase, type TestAccount, type TestApp } from '@test/support';
import {
  FacebookFake,
  FakeBlueskyServer,
  FakeMastodonServer,
  FakeYouTubeServer,
  InstagramFake,
  LinkedInFake,
  ThreadsFake,
  TwitterFake,
  fakeVideoBytes,
  makeImage,
} from '@test/support/fakes';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { FAST_ENGINE_ENV, postLogs, waitFor, waitForGroup } from './publishing-helpers';

type Platform = 'twitter' | 'mastodon' | 'bluesky' | 'threads' | 'linkedin' | 'facebook' | 'instagram' | 'youtube';
type Comment = Record<string, any>;

/**
 * The first comment is published under its post once the post is out, on each platform's own
 * comment or reply call; its outcome is its own (the post stays published), it is retried on a
 * passing failure, and it is never sent twice: not after an unknown outcome, not after a crash,
 * not by two instances.
 */
describe('Publishing first comments (engine and fakes)', () => {
  const twitter = new TwitterFake();
  const mastodon = new FakeMastodonServer();
  const bluesky = new FakeBlueskyServer();
  const threads = new ThreadsFake();
  const linkedin = new LinkedInFake();
  const facebook = new FacebookFake();
  const instagram = new InstagramFake();
  const youtube = new FakeYouTubeServer();
  const fakes = [twitter, mastodon, bluesky, threads, linkedin, facebook, instagram, youtube];
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let env: Record<string, string>;
  let t: TestApp;
  let account: TestAccount;
  let receiver: Receiver;
  let jpeg: Buffer;
  let video: Buffer;
  const ids = {} as Record<Platform, string>;
  let n = 0;

  beforeAll(async () => {
    const [tw, md, bs, th, li, fb, ig, yt] = await Promise.all(fakes.map((f) => f.start()));
    receiver = await startReceiver();
    jpeg = await makeImage('jpeg', 40, 20);
    video = fakeVideoBytes(4096);
    db = await openTestDatabase();
    env = {
      ...FAST_ENGINE_ENV,
      TWITTER_API_URL: tw,
      TWITTER_UPLOAD_URL: tw,
      TWITTER_CLIENT_ID: 'client-1',
      LINKEDIN_API_URL: li,
      FACEBOOK_API_URL: `${fb}/v21.0`,
      INSTAGRAM_API_URL: `${ig}/v21.0`,
      THREADS_API_URL: `${th}/v1.0`,
      BLUESKY_VIDEO_URL: bs,
      YOUTUBE_API_URL: yt,
      YOUTUBE_UPLOAD_URL: `${yt}/upload`,
      PLATFORM_POLL_INTERVAL_MS: '10',
      PLATFORM_REQUEST_TIMEOUT_MS: '1000',
      PUBLISH_MAX_ATTEMPTS: '3',
      WEBHOOKS_WORKER_ENABLED: 'true',
      WEBHOOKS_WORKER_INTERVAL_MS: '50',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      ENCRYPTION_KEY: 'c'.repeat(64),
      SESSION_SECRET: 's'.repeat(40),
    };
    t = await createTestApp({ env, databaseUri: db.uri });
    account = await createAccount(t, { plan: 'premium', seats: 50 });
    twitter.checkAfterSecs = 0;
    for (const f of [twitter, linkedin, facebook, instagram, threads]) f.setToken(`${f.constructor.name}-token`);
    mastodon.setToken('md-token');
    youtube.setToken('ya29.good');
    const session = bluesky.issueSession();
    const connect = async (platform: Platform, fields: Omit<Parameters<typeof createConnection>[2], 'platform'>) =>
      (ids[platform] = (await createConnection(t, account.userId, { platform, username: `${platform}_user`, ...fields })).platformId);
    await connect('twitter', { externalId: twitter.user.id, accessToken: 'TwitterFake-token', refreshToken: 'tw-refresh', username: 'fakeuser' });
    await connect('mastodon', { externalId: mastodon.account.id, accessToken: 'md-token', instanceUrl: md, username: 'alice' });
    await connect('bluesky', {
      externalId: bluesky.did,
      accessToken: session.accessJwt,
      refreshToken: session.refreshJwt,
      instanceUrl: bs,
      username: bluesky.handle,
    });
    await connect('threads', { externalId: threads.user.id, accessToken: 'ThreadsFake-token' });
    await connect('linkedin', { externalId: linkedin.userinfo.sub, accessToken: 'LinkedInFake-token' });
    await connect('facebook', { externalId: facebook.page.id, accessToken: 'FacebookFake-token' });
    await connect('instagram', { externalId: instagram.user.id, accessToken: 'InstagramFake-token' });
    await connect('youtube', { externalId: youtube.channel.id, accessToken: 'ya29.good', refreshToken: 'yt-refresh' });
    const hook = await t.http
      .post('/api/v1/webhooks')
      .set(account.apiHeaders)
      .send({ name: 'comments', url: receiver.url, events: ['post.published', 'post.failed', 'post.first_comment_published', 'post.first_comment_failed'] });
    expect(hook.status).toBe(201);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await Promise.all(fakes.map((f) => f.stop()));
    await db?.stop();
  });
  beforeEach(async () => {
    await Promise.all(fakes.map((f) => f.settle()));
    for (const f of fakes) f.reset();
  });

  const unique = (text: string) => `${text} ${++n}-${Date.now()}`;

  /** Creates the post with its first comment (media uploaded first where the platform needs it), scheduled now. */
  async function schedule(app: TestApp, platform: Platform, content: string, firstComment: string): Promise<string> {
    const created = await app.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({
        content,
        platforms: [ids[platform]],
        firstComment,
        ...(platform === 'youtube' ? { platformSettings: { youtube: { title: content.slice(0, 90) } } } : {}),
      });
    expect(created.status).toBe(200);
    const postGroupId: string = created.body.postGroupId;
    if (platform === 'instagram' || platform === 'youtube') {
      const kind = platform === 'instagram' ? 'image' : 'video';
      const contentType = kind === 'image' ? 'image/jpeg' : 'video/mp4';
      const issued = await app.http
        .post('/api/v1/get-upload-url')
        .set(account.apiHeaders)
        .send({ fileName: kind === 'image' ? 'photo.jpg' : 'clip.mp4', contentType, postGroupId, type: kind });
      expect(issued.status).toBe(200);
      const put = await fetch(issued.body.uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: kind === 'image' ? jpeg : video });
      expect(put.status).toBe(200);
    }
    const scheduled = await app.http
      .put(`/api/v1/update-post/${postGroupId}`)
      .set(account.apiHeaders)
      .send({ status: 'scheduled', scheduledTime: new Date().toISOString() });
    expect(scheduled.status).toBe(200);
    return postGroupId;
  }

  /** get-post's one platform post, once its first comment has left `pending`/`processing` (or matches `until`). */
  async function commentSettled(postGroupId: string, until: (c: Comment) => boolean = (c) => c.status === 'published' || c.status === 'failed') {
    let last: unknown;
    try {
      return await waitFor(async () => {
        const res = await t.http.get(`/api/v1/get-post/${postGroupId}`).set(account.apiHeaders);
        last = res.body;
        const post = res.body.posts?.[0];
        return post?.firstComment && until(post.firstComment) ? { group: res.body, post, comment: post.firstComment as Comment } : null;
      }, 20_000);
    } catch (err) {
      throw new Error(`${(err as Error).message}; last get-post: ${JSON.stringify(last)}`);
    }
  }

  const commentLogs = async (postGroupId: string) =>
    (await postLogs(t, account.apiHeaders, postGroupId)).filter((l) => String(l.event).startsWith('first_comment_')).map((l) => l.event);

  /** What each platform's fake recorded as the comment under the post, and the id it gave it. */
  const recorded: Record<Platform, (postedId: string, text: string) => { parent: string; id: string }[]> = {
    twitter: (_, text) => twitter.posts.filter((p) => p.text === text).map((p) => ({ parent: p.inReplyTo!, id: p.id })),
    mastodon: (_, text) => mastodon.posts.filter((p) => p.text === text).map((p) => ({ parent: p.inReplyToId!, id: p.id })),
    bluesky: (_, text) =>
      bluesky.posts
        .filter((p) => p.value.text === text)
        .map((p) => {
          // A reply to a top-level post names it as both its root and its parent.
          expect(p.value.reply.root).toEqual(p.value.reply.parent);
          return { parent: p.value.reply.parent.uri, id: p.uri };
        }),
    threads: (_, text) => threads.posts.filter((p) => p.text === text).map((p) => ({ parent: p.replyToId!, id: p.id })),
    linkedin: (postedId, text) =>
      linkedin
        .socialOf(postedId)
        .comments.filter((c) => c.text === text)
        .map((c) => ({ parent: postedId, id: c.commentUrn })),
    facebook: (_, text) => facebook.comments.filter((c) => c.message === text).map((c) => ({ parent: c.postId, id: c.id })),
    instagram: (_, text) => instagram.comments.filter((c) => c.message === text).map((c) => ({ parent: c.mediaId, id: c.id })),
    youtube: (_, text) => youtube.comments.filter((c) => c.text === text).map((c) => ({ parent: c.videoId, id: c.id })),
  };

  describe.each(Object.keys(recorded) as Platform[])('%s', (platform) => {
    it('publishes the comment under the published post, once, with its own status, log entries and event', async () => {
      const content = unique(`A post on ${platform}`);
      const text = unique(`First comment on ${platform} #launch`);
      const id = await schedule(t, platform, content, text);
      const group = await waitForGroup(t, account.apiHeaders, id, 30_000);
      expect(group.posts.map((p: any) => [p.status, p.error?.message])).toEqual([['published', undefined]]);
      const { comment, post } = await commentSettled(id);

      const made = recorded[platform](post.postedId, text);
      expect(made).toEqual([{ parent: post.postedId, id: comment.postedId }]);
      expect(comment).toEqual({
        content: text,
        status: 'published',
        postedId: made[0].id,
        publishedUrl: expect.stringMatching(/^https?:\/\//),
        publishedAt: expect.any(String),
      });
      expect(post.status).toBe('published');
      expect(await commentLogs(id)).toEqual(['first_comment_attempted', 'first_comment_published']);
      if (platform === 'mastodon') {
        // The same key on every attempt of this comment, so Mastodon itself drops a repeat.
        const call = mastodon.calls('POST /api/v1/statuses').find((c) => (c.body as Comment)?.status === text || String(c.raw).includes(text));
        expect(call?.headers['idempotency-key']).toBe(`${post.postId}:first-comment`);
      }

      const event = await waitFor(async () => receiver.requests.find((r) => r.body.event === 'post.first_comment_published' && r.body.data.postGroupId === id));
      expect(event.body.data).toEqual({
        postId: post.postId ?? expect.any(String),
        postGroupId: id,
        platform,
        commentId: comment.postedId,
        url: comment.publishedUrl,
        publishedAt: comment.publishedAt,
      });
    });
  });

  it('a comment the platform refuses for good fails by itself: the post and the group stay published, with the reason and its own event', async () => {
    const content = unique('Refused comment');
    const text = unique('Comment Facebook refuses');
    facebook.inject({
      kind: 'respond',
      match: /^POST \/v21\.0\/[^/]+\/comments$/,
      response: { status: 400, body: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } } },
    });
    const id = await schedule(t, 'facebook', content, text);
    const { group, post, comment } = await commentSettled(id);
    expect([group.status, post.status]).toEqual(['published', 'published']);
    expect(comment).toMatchObject({
      content: text,
      status: 'failed',
      error: { code: expect.any(String), message: expect.stringContaining('Invalid parameter') },
    });
    expect(comment.error.category).toEqual(expect.any(String));
    expect(comment).not.toHaveProperty('postedId');
    expect(facebook.comments.filter((c) => c.message === text)).toEqual([]);
    expect(facebook.calls(/\/comments$/)).toHaveLength(1);
    expect(await commentLogs(id)).toEqual(['first_comment_attempted', 'first_comment_failed']);

    const events = await waitFor(async () => {
      const mine = receiver.requests.filter((r) => r.body.data.postGroupId === id).map((r) => r.body);
      return mine.some((e) => e.event === 'post.first_comment_failed') && mine.some((e) => e.event === 'post.published') ? mine : null;
    });
    expect(events.map((e) => e.event).sort()).toEqual(['post.first_comment_failed', 'post.published']);
    expect(events.find((e) => e.event === 'post.first_comment_failed')!.data).toEqual({
      postId: expect.any(String),
      postGroupId: id,
      platform: 'facebook',
      error: { code: comment.error.code, message: comment.error.message, category: comment.error.category },
      failedAt: expect.any(String),
    });
  });

  it('a passing failure (500) waits its backoff and is tried again: one comment on the platform', async () => {
    const content = unique('Retried comment');
    const text = unique('Comment after a 500');
    linkedin.inject({ kind: 'server_error', match: /^POST \/rest\/socialActions\/[^/]+\/comments$/ });
    const id = await schedule(t, 'linkedin', content, text);
    const { group, post, comment } = await commentSettled(id);
    expect([group.status, post.status, comment.status]).toEqual(['published', 'published', 'published']);
    expect(linkedin.calls(/^POST \/rest\/socialActions\/[^/]+\/comments$/)).toHaveLength(2);
    expect(recorded.linkedin(post.postedId, text)).toEqual([{ parent: post.postedId, id: comment.postedId }]);
    const logs = (await postLogs(t, account.apiHeaders, id)).filter((l) => String(l.event).startsWith('first_comment_'));
    expect(logs.map((l) => l.event)).toEqual(['first_comment_attempted', 'first_comment_failed', 'first_comment_attempted', 'first_comment_published']);
    expect(logs[1].metadata).toMatchObject({ retryable: true, nextAttemptAt: expect.any(String) });
    expect(logs[2].retryCount).toBe(1);
  });

  it('an unknown outcome (the call timed out) fails as PUBLISH_OUTCOME_UNKNOWN and is never resent', async () => {
    const content = unique('Hung comment');
    const text = unique('Comment whose answer never comes');
    instagram.inject({ kind: 'hang', match: /^POST \/v21\.0\/[^/]+\/comments$/ });
    const id = await schedule(t, 'instagram', content, text);
    const { group, comment } = await commentSettled(id);
    expect(group.status).toBe('published');
    expect(comment).toMatchObject({ status: 'failed', error: { code: 'PUBLISH_OUTCOME_UNKNOWN', category: 'outcome_unknown' } });
    expect(comment.error.message).toMatch(/not resent, so the comment is never published twice/);
    // Several sweeps later, still the one call.
    await new Promise((r) => setTimeout(r, 1000));
    expect(instagram.calls(/\/comments$/)).toHaveLength(1);
    expect(await commentLogs(id)).toEqual(['first_comment_attempted', 'first_comment_failed']);
  });

  it('an attempt its instance left mid-call is settled as unknown by the sweep, never resent', async () => {
    const content = unique('Crash under comment');
    const first = unique('Comment already published');
    const id = await schedule(t, 'twitter', content, first);
    const { post } = await commentSettled(id);
    // As an instance that died after claiming the comment and calling X leaves it.
    const lost = unique('Comment whose instance died');
    await t.connection.collection('platform_posts').updateOne(
      { _id: new Types.ObjectId(post.postId) },
      {
        $set: {
          firstComment: {
            content: lost,
            status: 'processing',
            attemptCount: 1,
            attemptInFlight: { owner: 'gone:1:dead', startedAt: new Date(Date.now() - 10 * 60_000) },
          },
        },
      },
    );
    const { comment } = await commentSettled(id, (c) => c.content === lost && c.status === 'failed');
    expect(comment.error).toMatchObject({ code: 'PUBLISH_OUTCOME_UNKNOWN', category: 'outcome_unknown', message: expect.stringMatching(/interrupted/) });
    await new Promise((r) => setTimeout(r, 600));
    expect(twitter.posts.filter((p) => p.text === lost)).toEqual([]);
    expect((await postLogs(t, account.apiHeaders, id)).filter((l) => l.event === 'first_comment_failed')).toHaveLength(1);
  });

  it('two instances on one database: every due comment is sent exactly once', async () => {
    const other = await createTestApp({ env, databaseUri: db.uri });
    try {
      const COUNT = 6;
      const texts = Array.from({ length: COUNT }, (_, i) => unique(`Shared comment ${i}`));
      // Each comment's first call fails with a 500, so both instances' sweeps race for every retry.
      facebook.inject({ kind: 'server_error', match: /^POST \/v21\.0\/[^/]+\/comments$/ }, COUNT);
      const ids = await Promise.all(texts.map((text, i) => schedule(i % 2 ? other : t, 'facebook', unique('Shared post'), text)));
      const settled = await Promise.all(ids.map((id) => commentSettled(id)));
      expect(settled.map((s) => s.comment.status)).toEqual(texts.map(() => 'published'));
      for (const text of texts) expect(facebook.comments.filter((c) => c.message === text)).toHaveLength(1);
      expect(facebook.calls(/\/comments$/)).toHaveLength(2 * COUNT);
    } finally {
      await other.close();
    }
  }, 60_000);
});
