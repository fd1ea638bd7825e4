import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FacebookFake, InstagramFake, LinkedInFake, ThreadsFake, TwitterFake, fakeVideoBytes, makeImage } from '@test/support/fakes';
import { FAST_ENGINE_ENV, waitForGroup } from './publishing-helpers';

/** A small but real PDF header and trailer: the upload checks the first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

type Upload = { kind: 'image' | 'video' | 'document'; name?: string };
const CONTENT_TYPES = { image: 'image/jpeg', video: 'video/mp4', document: 'application/pdf' } as const;
const UPLOAD_TYPES = { image: 'image', video: 'video', document: 'document' } as const;

describe('Carousels, multi-image and document posts through the engine (Meta, LinkedIn and X fakes)', () => {
  const instagram = new InstagramFake();
  const threads = new ThreadsFake();
  const linkedin = new LinkedInFake();
  const facebook = new FacebookFake();
  const twitter = new TwitterFake();
  const fakes = [instagram, threads, linkedin, facebook, twitter];
  let t: TestApp;
  let account: TestAccount;
  let jpeg: Buffer;
  let video: Buffer;
  const ids: Record<'instagram' | 'threads' | 'linkedin' | 'facebook' | 'twitter', string> = {} as never;
  let n = 0;

  beforeAll(async () => {
    const [ig, th, li, fb, tw] = await Promise.all(fakes.map((f) => f.start()));
    jpeg = await makeImage('jpeg');
    video = fakeVideoBytes(4096);
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        INSTAGRAM_API_URL: `${ig}/v21.0`,
        THREADS_API_URL: `${th}/v1.0`,
        LINKEDIN_API_URL: li,
        FACEBOOK_API_URL: `${fb}/v21.0`,
        TWITTER_API_URL: tw,
        TWITTER_UPLOAD_URL: tw,
        TWITTER_CLIENT_ID: 'client-1',
        PLATFORM_POLL_INTERVAL_MS: '10',
        PUBLISH_MAX_ATTEMPTS: '1',
      },
    });
    account = await createAccount(t, { plan: 'premium', seats: 50 });
    for (const f of fakes) f.setToken(`${f.constructor.name}-token`);
    const connect = async (platform: keyof typeof ids, externalId: string, token: string) =>
      (ids[platform] = (await createConnection(t, account.userId, { platform, externalId, accessToken: token, username: `${platform}_user` })).platformId);
    await connect('instagram', instagram.user.id, 'InstagramFake-token');
    await connect('threads', threads.user.id, 'ThreadsFake-token');
    await connect('linkedin', linkedin.userinfo.sub, 'LinkedInFake-token');
    await connect('facebook', facebook.page.id, 'FacebookFake-token');
    await connect('twitter', twitter.user.id, 'TwitterFake-token');
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
  const bytesOf = (kind: Upload['kind']) => (kind === 'image' ? jpeg : kind === 'video' ? video : PDF);
  const groupCount = () => t.connection.collection('post_groups').countDocuments({});

  /** A draft on these accounts, its files uploaded in order (get-upload-url, then the PUT), then scheduled now. */
  async function publishWith(platformIds: string[], uploads: Upload[], extra: Record<string, unknown> = {}) {
    const content = unique('Rich post');
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content, platforms: platformIds, ...extra });
    expect(created.status).toBe(200);
    const postGroupId: string = created.body.postGroupId;
    const fileUrls: string[] = [];
    for (const [i, upload] of uploads.entries()) {
      const ext = upload.kind === 'image' ? 'jpg' : upload.kind === 'video' ? 'mp4' : 'pdf';
      const issued = await t.http
        .post('/api/v1/get-upload-url')
        .set(account.apiHeaders)
        .send({ fileName: upload.name ?? `file-${i + 1}.${ext}`, contentType: CONTENT_TYPES[upload.kind], postGroupId, type: UPLOAD_TYPES[upload.kind] });
      expect(issued.status).toBe(200);
      const put = await fetch(issued.body.uploadUrl, { method: 'PUT', headers: { 'content-type': CONTENT_TYPES[upload.kind] }, body: bytesOf(upload.kind) });
      expect(put.status).toBe(200);
      fileUrls.push(issued.body.fileUrl);
    }
    const scheduled = await t.http
      .put(`/api/v1/update-post/${postGroupId}`)
      .set(account.apiHeaders)
      .send({ status: 'scheduled', scheduledTime: new Date().toISOString() });
    expect(scheduled.status).toBe(200);
    const group = await waitForGroup(t, account.apiHeaders, postGroupId, 30_000);
    return { group, content, fileUrls };
  }

  const validate = (platformIds: string[], media: Array<{ contentType: string; size?: number }>, extra: Record<string, unknown> = {}) =>
    t.http
      .post('/api/v1/validate-post')
      .set(account.apiHeaders)
      .send({ content: 'Planned', platforms: platformIds, media, ...extra });

  describe('Instagram and Threads carousels of images and videos', () => {
    it('Instagram: children in order (images image_url, videos VIDEO + video_url), each waited on until FINISHED, then the CAROUSEL parent and media_publish', async () => {
      instagram.processingPolls = 2;
      const { group, content, fileUrls } = await publishWith([ids.instagram], [{ kind: 'image' }, { kind: 'video' }, { kind: 'image' }, { kind: 'video' }]);
      expect(group.status).toBe('published');

      const creates = instagram.calls(new RegExp(`^POST /v21\\.0/${instagram.user.id}/media$`)).map((r) => r.body as Record<string, string>);
      expect(creates).toHaveLength(5);
      expect(creates.slice(0, 4)).toEqual([
        expect.objectContaining({ image_url: fileUrls[0], is_carousel_item: 'true' }),
        expect.objectContaining({ media_type: 'VIDEO', video_url: fileUrls[1], is_carousel_item: 'true' }),
        expect.objectContaining({ image_url: fileUrls[2], is_carousel_item: 'true' }),
        expect.objectContaining({ media_type: 'VIDEO', video_url: fileUrls[3], is_carousel_item: 'true' }),
      ]);
      for (const child of creates.slice(0, 4)) expect(child).not.toHaveProperty('caption');
      const childIds = [...instagram.containers.values()].filter((c) => c.params.is_carousel_item === 'true').map((c) => c.id);
      expect(creates[4]).toMatchObject({ media_type: 'CAROUSEL', children: childIds.join(','), caption: content });

      // Each child was polled to FINISHED before the next was created, and all before the parent.
      const order = instagram.calls(/^(POST|GET) \/v21\.0\//).map((r) => `${r.method} ${r.path.split('/').pop()}`);
      for (const [i, id] of childIds.entries()) {
        const polls = order.map((o, at) => (o === `GET ${id}` ? at : -1)).filter((at) => at >= 0);
        expect(polls.length).toBeGreaterThanOrEqual(2);
        const nextCreate = order.findIndex((o, at) => at > polls[0] && o === 'POST media');
        expect(polls.at(-1)!).toBeLessThan(nextCreate);
        if (i === childIds.length - 1) expect(nextCreate).toBe(order.lastIndexOf('POST media'));
      }
      expect(instagram.calls('POST /v21.0/' + instagram.user.id + '/media_publish')).toHaveLength(1);
      const post = instagram.posts.at(-1)!;
      expect(post).toMatchObject({ mediaType: 'CAROUSEL', caption: content, mediaUrls: fileUrls });
      expect(group.posts[0]).toMatchObject({ status: 'published', postedId: post.id, publishedUrl: post.permalink });
    });

    it('Instagram: a single video stays a reel', async () => {
      const { group, fileUrls } = await publishWith([ids.instagram], [{ kind: 'video' }]);
      expect(group.status).toBe('published');
      const creates = instagram.calls(new RegExp(`^POST /v21\\.0/${instagram.user.id}/media$`)).map((r) => r.body as Record<string, string>);
      expect(creates).toEqual([expect.objectContaining({ media_type: 'REELS', video_url: fileUrls[0] })]);
      expect(creates[0]).not.toHaveProperty('is_carousel_item');
    });

    it('Threads: IMAGE and VIDEO children in order, each waited on, then the CAROUSEL with the text, then threads_publish', async () => {
      threads.processingPolls = 2;
      const { group, content, fileUrls } = await publishWith([ids.threads], [{ kind: 'video' }, { kind: 'image' }, { kind: 'video' }]);
      expect(group.status).toBe('published');
      const creates = threads.calls(`POST /v1.0/${threads.user.id}/threads`).map((r) => r.body as Record<string, string>);
      expect(creates.slice(0, 3)).toEqual([
        expect.objectContaining({ media_type: 'VIDEO', video_url: fileUrls[0], is_carousel_item: 'true' }),
        expect.objectContaining({ media_type: 'IMAGE', image_url: fileUrls[1], is_carousel_item: 'true' }),
        expect.objectContaining({ media_type: 'VIDEO', video_url: fileUrls[2], is_carousel_item: 'true' }),
      ]);
      const childIds = [...threads.containers.values()].filter((c) => c.params.is_carousel_item === 'true').map((c) => c.id);
      expect(creates[3]).toMatchObject({ media_type: 'CAROUSEL', children: childIds.join(','), text: content });
      for (const id of childIds) expect(threads.containers.get(id)!.polls).toBeGreaterThanOrEqual(2);
      const order = threads.calls(/^POST /).map((r) => r.path.split('/').pop());
      expect(order).toEqual(['threads', 'threads', 'threads', 'threads', 'threads_publish']);
      expect(threads.posts.at(-1)).toMatchObject({ mediaType: 'CAROUSEL', text: content, mediaUrls: fileUrls });
    });
  });

  describe('LinkedIn documents and multi-image posts', () => {
    it('a PDF: initializeUpload, the PUT of the same bytes, then the post naming the document with the title from platformSettings', async () => {
      const { group, content } = await publishWith([ids.linkedin], [{ kind: 'document', name: 'Q3 deck.pdf' }], {
        platformSettings: { linkedin: { documentTitle: 'Our third quarter' } },
      });
      expect(group.status).toBe('published');
      const sequence = linkedin.calls(/^(POST|PUT) /).map((r) => `${r.method} ${r.path}`);
      const [urn] = [...linkedin.documents.keys()];
      expect(sequence).toEqual(['POST /rest/documents', `PUT /upload/document/${encodeURIComponent(urn)}`, 'POST /rest/posts']);
      const init = linkedin.calls('POST /rest/documents')[0];
      expect(init.query.get('action')).toBe('initializeUpload');
      expect(init.body).toEqual({ initializeUploadRequest: { owner: `urn:li:person:${linkedin.userinfo.sub}` } });
      expect(Buffer.compare(linkedin.documents.get(urn)!.bytes!, PDF)).toBe(0);
      const post = linkedin.posts.at(-1)!;
      expect(post.content).toEqual({ media: { id: urn, title: 'Our third quarter' } });
      expect(post.commentary).toBe(content);
      expect(group.posts[0]).toMatchObject({ status: 'published', postedId: post.urn });
    });

    it('without documentTitle the title is the file name without its extension', async () => {
      const { group } = await publishWith([ids.linkedin], [{ kind: 'document', name: 'Annual-report.2026.pdf' }]);
      expect(group.status).toBe('published');
      expect(linkedin.posts.at(-1)!.content).toEqual({ media: { id: [...linkedin.documents.keys()].at(-1), title: 'Annual-report.2026' } });
    });

    it('multi-image: every image initialized and uploaded before the post, which lists them in order', async () => {
      const before = new Set(linkedin.images.keys());
      const { group } = await publishWith([ids.linkedin], [{ kind: 'image' }, { kind: 'image' }, { kind: 'image' }]);
      expect(group.status).toBe('published');
      const urns = [...linkedin.images.keys()].filter((k) => !before.has(k));
      expect(urns).toHaveLength(3);
      const sequence = linkedin.calls(/^(POST|PUT) /).map((r) => `${r.method} ${r.path}`);
      expect(sequence).toEqual([...urns.flatMap((u) => ['POST /rest/images', `PUT /upload/image/${encodeURIComponent(u)}`]), 'POST /rest/posts']);
      for (const u of urns) expect(Buffer.compare(linkedin.images.get(u)!.bytes!, jpeg)).toBe(0);
      expect(linkedin.posts.at(-1)!.content).toEqual({ multiImage: { images: urns.map((id) => expect.objectContaining({ id })) } });
    });
  });

  describe('Facebook multi-photo', () => {
    it.each([2, 4])('%i photos: each uploaded unpublished by the page, then one feed post attaching them in order', async (count) => {
      const { group, content, fileUrls } = await publishWith(
        [ids.facebook],
        Array.from({ length: count }, () => ({ kind: 'image' as const })),
      );
      expect(group.status).toBe('published');
      const uploads = facebook.calls(`POST /v21.0/${facebook.page.id}/photos`).map((r) => r.body as Record<string, string>);
      expect(uploads.map((u) => u.url)).toEqual(fileUrls);
      for (const u of uploads) expect(u.published).toBe('false');
      const feed = facebook.calls(`POST /v21.0/${facebook.page.id}/feed`);
      expect(feed).toHaveLength(1);
      const attached = JSON.parse((feed[0].body as Record<string, string>).attached_media) as Array<{ media_fbid: string }>;
      const photoIds = [...facebook.photos.entries()].filter(([, p]) => fileUrls.includes(p.url)).map(([id]) => id);
      expect(attached.map((a) => a.media_fbid)).toEqual(photoIds);
      const post = facebook.posts.at(-1)!;
      expect(post).toMatchObject({ message: content, photoIds });
      for (const id of photoIds) expect(facebook.photos.get(id)).toMatchObject({ published: false, page: facebook.page.id, attachedTo: post.id });
    });
  });

  describe('refusals: each with its message, nothing created on the platform', () => {
    it('a document to X: validate-post names the refusal and stores nothing; publishing fails with it before any X call', async () => {
      const groups = await groupCount();
      const res = await validate([ids.twitter], [{ contentType: 'application/pdf', size: PDF.length }]);
      expect(res.status).toBe(200);
      expect(res.body.valid).toBe(false);
      expect(res.body.platforms[0].problems).toEqual(['Twitter/X does not take documents (PDF): only LinkedIn does']);
      expect(await groupCount()).toBe(groups);

      const { group } = await publishWith([ids.twitter], [{ kind: 'document' }]);
      expect(group.status).toBe('failed');
      expect(group.posts[0].error.message).toBe('Twitter/X does not take documents (PDF): only LinkedIn does');
      expect(twitter.calls(/^(POST|PUT) /)).toEqual([]);
    });

    it('11 carousel items on Instagram: validate-post and publishing both refuse, nothing created', async () => {
      const res = await validate(
        [ids.instagram],
        Array.from({ length: 11 }, () => ({ contentType: 'image/jpeg', size: 100 })),
      );
      expect(res.body.platforms[0].problems).toEqual(['Instagram carousels take 2 to 10 images or videos (got 11)']);
      const mixed = await validate([ids.instagram, ids.threads], [{ contentType: 'image/jpeg' }, { contentType: 'video/mp4' }]);
      expect(mixed.body.valid).toBe(true);

      const { group } = await publishWith(
        [ids.instagram],
        Array.from({ length: 11 }, () => ({ kind: 'image' as const })),
      );
      expect(group.status).toBe('failed');
      expect(group.posts[0].error.message).toBe('Instagram carousels take 2 to 10 images or videos (got 11)');
      expect(instagram.calls(/^POST /)).toEqual([]);
    });

    it('a document plus an image on LinkedIn: refused by validate-post and publishing, nothing uploaded or posted', async () => {
      const res = await validate([ids.linkedin], [{ contentType: 'application/pdf' }, { contentType: 'image/png' }]);
      expect(res.body.platforms[0].problems).toEqual(['LinkedIn document (PDF) posts cannot also carry images or video: post the document on its own']);
      const { group } = await publishWith([ids.linkedin], [{ kind: 'document' }, { kind: 'image' }]);
      expect(group.status).toBe('failed');
      expect(group.posts[0].error.message).toBe('LinkedIn document (PDF) posts cannot also carry images or video: post the document on its own');
      expect(linkedin.calls(/^(POST|PUT) /)).toEqual([]);
    });

    it('a documentTitle over the limit is refused by validate-post', async () => {
      const res = await validate([ids.linkedin], [{ contentType: 'application/pdf' }], { platformSettings: { linkedin: { documentTitle: 'x'.repeat(401) } } });
      expect(res.body.platforms[0].problems).toEqual(['LinkedIn documentTitle must be at most 400 characters (currently 401)']);
    });
  });
});
