import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import {
  FacebookFake,
  FakeBlueskyServer,
  FakeMastodonServer,
  FakePinterestServer,
  InstagramFake,
  LinkedInFake,
  ThreadsFake,
  TwitterFake,
  fakeVideoBytes,
  makeImage,
} from '@test/support/fakes';
import { ALT_TEXT_LIMITS, MAX_ALT_TEXT_LENGTH } from '@app/rules';
import { FAST_ENGINE_ENV, waitForGroup } from './publishing-helpers';

type Upload = { kind: 'image' | 'video'; altText?: string };
type Platform = 'bluesky' | 'mastodon' | 'twitter' | 'linkedin' | 'facebook' | 'instagram' | 'threads' | 'pinterest';

describe('Alt text reaches every platform that takes it, in its own field (engine and fakes)', () => {
  const bluesky = new FakeBlueskyServer();
  const mastodon = new FakeMastodonServer();
  const twitter = new TwitterFake();
  const linkedin = new LinkedInFake();
  const facebook = new FacebookFake();
  const instagram = new InstagramFake();
  const threads = new ThreadsFake();
  const pinterest = new FakePinterestServer();
  const fakes = [bluesky, mastodon, twitter, linkedin, facebook, instagram, threads, pinterest];
  let t: TestApp;
  let account: TestAccount;
  let jpeg: Buffer;
  let video: Buffer;
  const ids = {} as Record<Platform, string>;
  let n = 0;

  beforeAll(async () => {
    const [bs, md, tw, li, fb, ig, th, pin] = await Promise.all(fakes.map((f) => f.start()));
    jpeg = await makeImage('jpeg', 40, 20);
    video = fakeVideoBytes(4096);
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        TWITTER_API_URL: tw,
        TWITTER_UPLOAD_URL: tw,
        TWITTER_CLIENT_ID: 'client-1',
        LINKEDIN_API_URL: li,
        FACEBOOK_API_URL: `${fb}/v21.0`,
        INSTAGRAM_API_URL: `${ig}/v21.0`,
        THREADS_API_URL: `${th}/v1.0`,
        PINTEREST_API_URL: pin,
        BLUESKY_VIDEO_URL: bs,
        PLATFORM_POLL_INTERVAL_MS: '10',
        PUBLISH_MAX_ATTEMPTS: '1',
      },
    });
    account = await createAccount(t, { plan: 'premium', seats: 50 });
    for (const f of [twitter, linkedin, facebook, instagram, threads]) f.setToken(`${f.constructor.name}-token`);
    mastodon.setToken('md-token');
    pinterest.setToken('pina_good');
    const session = bluesky.issueSession();
    const connect = async (platform: Platform, fields: Omit<Parameters<typeof createConnection>[2], 'platform'>) =>
      (ids[platform] = (await createConnection(t, account.userId, { platform, username: `${platform}_user`, ...fields })).platformId);
    await connect('bluesky', {
      externalId: bluesky.did,
      accessToken: session.accessJwt,
      refreshToken: session.refreshJwt,
      instanceUrl: bs,
      username: bluesky.handle,
    });
    await connect('mastodon', { externalId: mastodon.account.id, accessToken: 'md-token', instanceUrl: md, username: 'alice' });
    await connect('twitter', { externalId: twitter.user.id, accessToken: 'TwitterFake-token', refreshToken: 'tw-refresh', username: 'fakeuser' });
    await connect('linkedin', { externalId: linkedin.userinfo.sub, accessToken: 'LinkedInFake-token' });
    await connect('facebook', { externalId: facebook.page.id, accessToken: 'FacebookFake-token' });
    await connect('instagram', { externalId: instagram.user.id, accessToken: 'InstagramFake-token' });
    await connect('threads', { externalId: threads.user.id, accessToken: 'ThreadsFake-token' });
    await connect('pinterest', { externalId: 'alicepins', accessToken: 'pina_good', refreshToken: 'pinr_good' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all(fakes.map((f) => f.stop()));
  });
  beforeEach(async () => {
    await Promise.all(fakes.map((f) => f.settle()));
    for (const f of fakes) f.reset();
  });

  const unique = (text: string) => `${text} ${++n}-${Date.now()}`;

  /** A draft, its files uploaded in order with their alt texts (get-upload-url `altText`), then scheduled now. */
  async function publishWith(platform: Platform, uploads: Upload[]) {
    const content = unique('Described');
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content, platforms: [ids[platform]] });
    expect(created.status).toBe(200);
    const postGroupId: string = created.body.postGroupId;
    const fileUrls: string[] = [];
    for (const [i, upload] of uploads.entries()) {
      const contentType = upload.kind === 'image' ? 'image/jpeg' : 'video/mp4';
      const issued = await t.http
        .post('/api/v1/get-upload-url')
        .set(account.apiHeaders)
        .send({
          fileName: `file-${i + 1}.${upload.kind === 'image' ? 'jpg' : 'mp4'}`,
          contentType,
          postGroupId,
          type: upload.kind,
          ...(upload.altText ? { altText: upload.altText } : {}),
        });
      expect(issued.status).toBe(200);
      const put = await fetch(issued.body.uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: upload.kind === 'image' ? jpeg : video });
      expect(put.status).toBe(200);
      fileUrls.push(issued.body.fileUrl);
    }
    const scheduled = await t.http
      .put(`/api/v1/update-post/${postGroupId}`)
      .set(account.apiHeaders)
      .send({ status: 'scheduled', scheduledTime: new Date().toISOString() });
    expect(scheduled.status).toBe(200);
    const group = await waitForGroup(t, account.apiHeaders, postGroupId, 30_000);
    expect(group.posts.map((p: any) => [p.status, p.error?.message])).toEqual([['published', undefined]]);
    return { group, content, fileUrls };
  }

  it("Bluesky: `alt` of each app.bsky.embed.images entry ('' for an image without one)", async () => {
    await publishWith('bluesky', [{ kind: 'image', altText: 'A red square' }, { kind: 'image' }]);
    const record = bluesky.posts.at(-1)!.value;
    expect(record.embed.$type).toBe('app.bsky.embed.images');
    expect(record.embed.images.map((i: any) => i.alt)).toEqual(['A red square', '']);
  });

  it('Mastodon: `description` of POST /api/v2/media, only when given', async () => {
    await publishWith('mastodon', [{ kind: 'image', altText: 'Harbour at dusk' }, { kind: 'image' }]);
    const toot = mastodon.posts.at(-1)!;
    expect(toot.mediaIds.map((id) => mastodon.media.get(id)!.description)).toEqual(['Harbour at dusk', undefined]);
  });

  it('X: POST /2/media/metadata {id, metadata: {alt_text: {text}}} after the upload, only for media with alt text', async () => {
    await publishWith('twitter', [{ kind: 'image', altText: 'Two cats on a sofa' }, { kind: 'image' }]);
    const tweet = twitter.posts.at(-1)!;
    const metadata = twitter.calls('POST /2/media/metadata');
    expect(metadata.map((c) => c.body)).toEqual([{ id: tweet.mediaIds[0], metadata: { alt_text: { text: 'Two cats on a sofa' } } }]);
    expect(tweet.mediaIds.map((id) => twitter.media.get(id)!.altText)).toEqual(['Two cats on a sofa', undefined]);
    // The metadata is set before the tweet that uses the media is created.
    const order = twitter.calls(/^POST \/2\/(media\/metadata|tweets)$/).map((c) => c.path);
    expect(order).toEqual(['/2/media/metadata', '/2/tweets']);
  });

  it('LinkedIn: content.media.altText for one image, multiImage.images[].altText for several', async () => {
    await publishWith('linkedin', [{ kind: 'image', altText: 'Team photo' }]);
    expect(linkedin.posts.at(-1)!.content).toEqual({ media: { id: expect.stringMatching(/^urn:li:image:/), altText: 'Team photo' } });
    await publishWith('linkedin', [{ kind: 'image', altText: 'Slide one' }, { kind: 'image' }]);
    expect(linkedin.posts.at(-1)!.content!.multiImage!.images).toEqual([
      { id: expect.stringMatching(/^urn:li:image:/), altText: 'Slide one' },
      { id: expect.stringMatching(/^urn:li:image:/) },
    ]);
  });

  it('Facebook: alt_text_custom of POST /{page-id}/photos', async () => {
    await publishWith('facebook', [{ kind: 'image', altText: 'Our new shop front' }, { kind: 'image' }]);
    const uploads = facebook.calls(`POST /v21.0/${facebook.page.id}/photos`).map((c) => c.body as Record<string, string>);
    expect(uploads.map((u) => u.alt_text_custom)).toEqual(['Our new shop front', undefined]);
    expect([...facebook.photos.values()].map((p) => p.altTextCustom)).toEqual(['Our new shop front', undefined]);
  });

  it('Instagram: alt_text on a single image container and on carousel image children, never on videos', async () => {
    await publishWith('instagram', [{ kind: 'image', altText: 'Latte art' }]);
    let creates = instagram.calls(new RegExp(`^POST /v21\\.0/${instagram.user.id}/media$`)).map((r) => r.body as Record<string, string>);
    expect(creates).toEqual([expect.objectContaining({ image_url: expect.any(String), alt_text: 'Latte art' })]);

    instagram.reset();
    await publishWith('instagram', [
      { kind: 'image', altText: 'First slide' },
      { kind: 'video', altText: 'Not sent: videos take none' },
    ]);
    creates = instagram.calls(new RegExp(`^POST /v21\\.0/${instagram.user.id}/media$`)).map((r) => r.body as Record<string, string>);
    expect(creates).toHaveLength(3);
    expect(creates[0]).toMatchObject({ is_carousel_item: 'true', alt_text: 'First slide' });
    expect(creates[1]).toMatchObject({ media_type: 'VIDEO', is_carousel_item: 'true' });
    expect(creates[1]).not.toHaveProperty('alt_text');
    expect(creates[2]).toMatchObject({ media_type: 'CAROUSEL' });
    expect(creates[2]).not.toHaveProperty('alt_text');
  });

  it('Threads: alt_text on IMAGE and VIDEO items, carousel children included', async () => {
    await publishWith('threads', [{ kind: 'video', altText: 'A short clip of waves' }]);
    let creates = threads.calls(new RegExp(`^POST /v1\\.0/${threads.user.id}/threads$`)).map((r) => r.body as Record<string, string>);
    expect(creates).toEqual([expect.objectContaining({ media_type: 'VIDEO', alt_text: 'A short clip of waves' })]);

    threads.reset();
    await publishWith('threads', [{ kind: 'image', altText: 'Mountain' }, { kind: 'video', altText: 'River' }, { kind: 'image' }]);
    creates = threads.calls(new RegExp(`^POST /v1\\.0/${threads.user.id}/threads$`)).map((r) => r.body as Record<string, string>);
    expect(creates.map((c) => [c.media_type, c.alt_text])).toEqual([
      ['IMAGE', 'Mountain'],
      ['VIDEO', 'River'],
      ['IMAGE', undefined],
      ['CAROUSEL', undefined],
    ]);
  });

  it("Pinterest: the pin's alt_text (its first file's)", async () => {
    await publishWith('pinterest', [{ kind: 'image', altText: 'Blue ceramic bowl' }]);
    expect(pinterest.pins.at(-1)).toMatchObject({ alt_text: 'Blue ceramic bowl', media_source: { source_type: 'image_url' } });
  });

  it('without alt text nothing alt-text related is sent, and the post publishes', async () => {
    await publishWith('twitter', [{ kind: 'image' }]);
    expect(twitter.calls('POST /2/media/metadata')).toHaveLength(0);
    await publishWith('pinterest', [{ kind: 'image' }]);
    expect(pinterest.pins.at(-1)).not.toHaveProperty('alt_text');
  });

  describe("validate-post checks each platform's alt text limit", () => {
    const validate = (platforms: Platform[], media: Array<Record<string, unknown>>) =>
      t.http
        .post('/api/v1/validate-post')
        .set(account.apiHeaders)
        .send({ content: 'Planned', platforms: platforms.map((p) => ids[p]), media });

    it('a too-long alt text is a problem on the platforms it exceeds, named with the file and both lengths', async () => {
      const media = [
        { contentType: 'image/jpeg', altText: 'Fine' },
        { contentType: 'image/jpeg', altText: 'a'.repeat(1203) },
      ];
      const res = await validate(['twitter', 'bluesky', 'linkedin'], media);
      expect(res.status).toBe(200);
      expect(res.body.valid).toBe(false);
      const byPlatform = Object.fromEntries(res.body.platforms.map((p: any) => [p.platform, p]));
      expect(byPlatform.twitter.problems).toEqual(['Alt text of image 2 is too long for Twitter/X (1203/1000 characters)']);
      expect(byPlatform.bluesky).toMatchObject({ ok: true, problems: [] });
      expect(byPlatform.linkedin).toMatchObject({ ok: true, problems: [] });
    });

    it.each(Object.entries(ALT_TEXT_LIMITS) as Array<[Platform, number]>)('%s: at its limit (%i) fine, one more refused', async (platform, limit) => {
      const ok = await validate([platform], [{ contentType: 'image/jpeg', altText: 'x'.repeat(limit) }]);
      expect(ok.body.platforms[0].problems.filter((p: string) => p.startsWith('Alt text'))).toEqual([]);
      const over = await validate([platform], [{ contentType: 'image/jpeg', altText: 'x'.repeat(limit + 1) }]);
      // The longest limit is also the most the service stores: beyond it the request itself is refused.
      if (limit === MAX_ALT_TEXT_LENGTH) return expect(over.body).toEqual({ error: `altText must be at most ${limit} characters` });
      expect(over.body.platforms[0].problems).toContainEqual(
        expect.stringMatching(new RegExp(`^Alt text of image 1 is too long for .+ \\(${limit + 1}/${limit} characters\\)$`)),
      );
    });

    it('refuses an alt text that is not text, or longer than any platform takes, as a bad request', async () => {
      const notText = await validate(['twitter'], [{ contentType: 'image/jpeg', altText: 5 }]);
      expect(notText.status).toBe(400);
      expect(notText.body).toEqual({ error: 'altText must be a string' });
      const tooLong = await validate(['twitter'], [{ contentType: 'image/jpeg', altText: 'x'.repeat(4087) }]);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual({ error: 'altText must be at most 4086 characters' });
    });
  });
});
