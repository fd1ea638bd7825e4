import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import type { PlatformEndpoints } from '../../src/platforms/platform-endpoints';
import { IMPATIENT, SLOW_FAULT_MS, failureOf, fakeEndpoints } from './fake-endpoints';
import { LinkedInAdapter } from '../../src/platforms/linkedin';
import { LinkedInFake, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';

describe('LinkedInAdapter against the LinkedIn fake', () => {
  const fake = new LinkedInFake();
  let endpoints: PlatformEndpoints;
  let adapter: LinkedInAdapter;
  let impatient: LinkedInAdapter;
  const creds = (token = 'tok-valid', extra: Partial<PlatformCredentials> = {}): PlatformCredentials => ({
    externalId: 'abc123',
    accessToken: token,
    refreshToken: 'li-rt-1',
    ...extra,
  });
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: {},
    idempotencyKey: 'idem-1',
    ...extra,
  });

  beforeAll(async () => {
    const base = await fake.start();
    endpoints = fakeEndpoints(base, {
      linkedinApiUrl: base,
      linkedinOAuthUrl: base,
      pollIntervalMs: 10,
      clients: { linkedin: { clientId: 'li-client', clientSecret: 'li-secret' } },
    });
    adapter = new LinkedInAdapter(endpoints);
    impatient = new LinkedInAdapter({ ...endpoints, ...IMPATIENT });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.videoPartBytes = 16 * 1024;
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
    fake.setToken('tok-revoked', 'revoked');
  });

  it('posts escaped commentary with the versioned headers and returns the share URN', async () => {
    const result = await adapter.publish(creds(), request('Big news #launch (beta) @{urn:li:organization:42|Acme}'));
    const call = fake.calls('POST /rest/posts')[0];
    expect(call.headers['linkedin-version']).toBe(endpoints.linkedinVersion);
    expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(call.body).toMatchObject({
      author: 'urn:li:person:abc123',
      commentary: 'Big news \\#launch \\(beta\\) @[Acme](urn:li:organization:42)',
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    });
    const urn = fake.posts.at(-1)!.urn;
    expect(result).toEqual({ postedId: urn, publishedUrl: `https://www.linkedin.com/feed/update/${urn}` });
  });

  it('posts as an organization when the connection is a page', async () => {
    await adapter.publish(creds('tok-valid', { externalId: '2414183', type: 'organization' }), request('From the page'));
    expect(fake.posts.at(-1)!.author).toBe('urn:li:organization:2414183');
  });

  it('uploads one image and attaches it as content.media', async () => {
    const jpeg = await makeImage('jpeg');
    await adapter.publish(creds(), request('One image', { media: [mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg' })] }));
    expect(fake.calls('POST /rest/images')[0].body).toEqual({ initializeUploadRequest: { owner: 'urn:li:person:abc123' } });
    const urn = fake.posts.at(-1)!.content!.media!.id;
    expect(fake.images.get(urn)!.bytes!.equals(jpeg)).toBe(true);
  });

  it('posts several images as multiImage', async () => {
    const jpeg = await makeImage('jpeg');
    const media = [1, 2, 3].map(() => mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg' }));
    await adapter.publish(creds(), request('Three images', { media }));
    expect(fake.calls('PUT /upload/image/')).toHaveLength(3);
    expect(fake.posts.at(-1)!.content!.multiImage!.images).toHaveLength(3);
  });

  it('uploads video in parts, finalizes with the etags and waits for AVAILABLE', async () => {
    fake.processingPolls = 3;
    const bytes = fakeVideoBytes(40 * 1024);
    await adapter.publish(creds(), request('A video', { media: [mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4' })] }));
    expect(fake.calls('POST /rest/videos')[0].body).toEqual({
      initializeUploadRequest: { owner: 'urn:li:person:abc123', fileSizeBytes: bytes.length, uploadCaptions: false, uploadThumbnail: false },
    });
    const puts = fake.calls('PUT /upload/video/');
    expect(puts.map((p) => p.raw.length)).toEqual([16384, 16384, 8192]);
    expect(Buffer.concat(puts.map((p) => p.raw)).equals(bytes)).toBe(true);
    const video = [...fake.videos.values()].at(-1)!;
    expect((fake.calls('POST /rest/videos')[1].body as any).finalizeUploadRequest.uploadedPartIds).toEqual(video.parts.map((p) => p.etag));
    expect(fake.calls('GET /rest/videos/')).toHaveLength(3);
    expect(fake.posts.at(-1)!.content!.media!.id).toBe(video.urn);
  });

  it('gives up clearly when the video never becomes AVAILABLE', async () => {
    fake.processingPolls = Infinity;
    const video = mediaItem(fakeVideoBytes(1024), { kind: 'video', mimeType: 'video/mp4' });
    const err = await failureOf(impatient.publish(creds(), request('stuck', { media: [video] })));
    expect(err.message).toMatch(/LinkedIn video processing did not finish/);
    expect(err.retryable).toBe(false);
    expect(fake.calls('POST /rest/posts')).toHaveLength(0);
  });

  it.each(['tok-expired', 'tok-revoked'])('maps %s (serviceErrorCode 6560x) to PLATFORM_AUTH_EXPIRED', async (token) => {
    const err = await failureOf(adapter.publish(creds(token), request('x')));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
    expect(err.httpStatus).toBe(401);
  });

  it('maps 429 to RATE_LIMITED, waiting for the daily reset at midnight UTC', async () => {
    fake.inject({ kind: 'rate_limit', match: 'POST /rest/posts' });
    const err = await failureOf(adapter.publish(creds(), request('throttled')));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(Math.abs(err.options.retryAfterMs! - (midnight.getTime() - Date.now()))).toBeLessThan(5000);
  });

  it('maps 5xx to a retryable server error', async () => {
    fake.inject({ kind: 'server_error', match: 'POST /rest/posts' });
    const err = await failureOf(adapter.publish(creds(), request('down')));
    expect(err.code).toBe('PLATFORM_SERVER_ERROR');
    expect(err.retryable).toBe(true);
  });

  it('keeps LinkedIn wording for a rejected duplicate', async () => {
    await adapter.publish(creds(), request('same'));
    const err = await failureOf(adapter.publish(creds(), request('same')));
    expect(err.code).toBe('INVALID_CONTENT');
    expect(err.httpStatus).toBe(422);
    expect(err.options.platformError).toMatch(/duplicate of urn:li:share:/);
  });

  it('flags a timeout on the create call as outcome unknown, and on uploads as safe', async () => {
    fake.inject({ kind: 'slow', match: 'POST /rest/posts', delayMs: SLOW_FAULT_MS });
    const create = await failureOf(impatient.publish(creds(), request('slow')));
    expect(create.code).toBe('TIMEOUT_ERROR');
    expect(create.options.outcomeUnknown).toBe(true);

    fake.inject({ kind: 'hang', match: 'POST /rest/images' });
    const jpeg = await makeImage('jpeg');
    const upload = await failureOf(impatient.publish(creds(), request('img', { media: [mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg' })] })));
    expect(upload.code).toBe('TIMEOUT_ERROR');
    expect(upload.options.outcomeUnknown).toBe(false);
  });

  it('refreshes a partner token and rejects an invalid refresh token', async () => {
    fake.refreshTokens.set('li-rt-1', 'valid');
    const tokens = await adapter.refresh(creds());
    expect(tokens.refreshToken).toBe('li-rt-1');
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 5_000_000_000);
    expect(fake.calls('POST /oauth/v2/accessToken')[0].body).toMatchObject({ grant_type: 'refresh_token', client_id: 'li-client', client_secret: 'li-secret' });
    await expect(adapter.validate(creds(tokens.accessToken))).resolves.toMatchObject({ ok: true });

    fake.refreshTokens.set('li-rt-1', 'revoked');
    const err = await failureOf(adapter.refresh(creds()));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
    const none = await failureOf(adapter.refresh(creds('tok-valid', { refreshToken: null })));
    expect(none.code).toBe('PLATFORM_AUTH_EXPIRED');
  });

  it('validates via userinfo and reports an expired token without throwing', async () => {
    await expect(adapter.validate(creds())).resolves.toMatchObject({
      ok: true,
      username: 'Fake Member',
      displayName: 'Fake Member',
      profileImageUrl: 'https://media.licdn.com/p.jpg',
      message: 'Connection is valid',
      permissions: expect.arrayContaining(['w_member_social']),
    });
    await expect(adapter.validate(creds('tok-expired'))).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it("findPublished finds the post by its commentary among the author's latest posts", async () => {
    const since = new Date();
    const content = 'Launch day (finally) #news';
    const posted = await adapter.publish(creds(), request(content));
    await adapter.publish(creds(), request('something else'));
    await expect(adapter.findPublished(creds(), request(content), since)).resolves.toEqual(posted);
    const [lookup] = fake.calls('GET /rest/posts');
    expect(lookup.query.get('author')).toBe('urn:li:person:abc123');
    expect(lookup.headers['linkedin-version']).toMatch(/^\d{6}$/);
    await expect(adapter.findPublished(creds(), request('never posted'), since)).resolves.toBeNull();
    await expect(adapter.findPublished(creds(), request(content), new Date(Date.now() + 60_000))).resolves.toBeNull();
    // Another author's identical post is not ours.
    await expect(adapter.findPublished(creds('tok-valid', { externalId: 'other' }), request(content), since)).resolves.toBeNull();
  });

  it('checks length, mixing and counts', async () => {
    const jpeg = await makeImage('jpeg');
    const image = mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg' });
    const video = mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' });
    expect(adapter.checkContent({ content: 'x'.repeat(3000), media: [], settings: {} })).toBeNull();
    expect(adapter.checkContent({ content: 'x'.repeat(3001), media: [], settings: {} })).toBe(
      "Content exceeds LinkedIn's 3000 character limit (currently 3001)",
    );
    expect(adapter.checkContent({ content: 'hi', media: [image, video], settings: {} })).toMatch(/cannot mix/);
    expect(adapter.checkContent({ content: 'hi', media: Array(21).fill(image), settings: {} })).toMatch(/at most 20 images/);
    expect(adapter.checkContent({ content: 'hi', media: [{ ...video, mimeType: 'video/quicktime' }], settings: {} })).toMatch(
      /does not accept video\/quicktime/,
    );
  });
});
