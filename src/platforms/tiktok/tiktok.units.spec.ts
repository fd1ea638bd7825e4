import { classifyTikTokError } from './tiktok.errors';
import { tiktokPostInfo } from './tiktok.post-info';
import { MIB, planTikTokChunks } from './tiktok.upload-plan';

describe('planTikTokChunks', () => {
  it('small files are one chunk of their exact size', () => {
    const plan = planTikTokChunks(3 * MIB);
    expect(plan).toMatchObject({ chunkSize: 3 * MIB, totalChunkCount: 1 });
    expect(plan.sizeOf(0)).toBe(3 * MIB);
  });
  it('floor(size / chunk) chunks, the last carrying the remainder', () => {
    const plan = planTikTokChunks(25 * MIB + 7, 10 * MIB);
    expect(plan).toMatchObject({ chunkSize: 10 * MIB, totalChunkCount: 2 });
    expect([plan.sizeOf(0), plan.sizeOf(1)]).toEqual([10 * MIB, 15 * MIB + 7]);
  });
  it('clamps the chunk size to 5–64 MB', () => {
    expect(planTikTokChunks(100 * MIB, 1 * MIB).chunkSize).toBe(5 * MIB);
    expect(planTikTokChunks(1000 * MIB, 200 * MIB).chunkSize).toBe(64 * MIB);
    expect(planTikTokChunks(6 * MIB, 10 * MIB)).toMatchObject({ chunkSize: 6 * MIB, totalChunkCount: 1 });
  });
});

describe('tiktokPostInfo', () => {
  const creator = { privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'] };
  it('applies the API defaults with inverted allow* flags', () => {
    expect(tiktokPostInfo('caption', {}, creator)).toEqual({
      title: 'caption',
      privacy_level: 'PUBLIC_TO_EVERYONE',
      disable_comment: false,
      disable_duet: true,
      disable_stitch: true,
      brand_content_toggle: false,
      brand_organic_toggle: false,
    });
    expect(tiktokPostInfo('c', { allowComments: false, allowDuet: true, allowStitch: true }, creator)).toMatchObject({
      disable_comment: true,
      disable_duet: false,
      disable_stitch: false,
    });
  });
  it("the creator's disabled interactions win", () => {
    expect(tiktokPostInfo('c', { allowDuet: true }, { ...creator, duet_disabled: true }).disable_duet).toBe(true);
  });
  it('validates privacy and commercial content', () => {
    expect(() => tiktokPostInfo('c', { viewerSetting: 'MUTUAL_FOLLOW_FRIENDS' }, creator)).toThrow(/does not allow viewerSetting MUTUAL_FOLLOW_FRIENDS/);
    expect(() => tiktokPostInfo('c', { commercialContent: true }, creator)).toThrow(/brandOrganic/);
    expect(() => tiktokPostInfo('c', { commercialContent: true, brandedContent: true, viewerSetting: 'SELF_ONLY' }, creator)).toThrow(/SELF_ONLY/);
    expect(tiktokPostInfo('c', { commercialContent: true, brandOrganic: true }, creator)).toMatchObject({
      brand_organic_toggle: true,
      brand_content_toggle: false,
    });
    expect(tiktokPostInfo('c', { commercialContent: false, brandedContent: true }, creator).brand_content_toggle).toBe(false);
  });
});

describe('classifyTikTokError', () => {
  const h = new Headers();
  it('maps TikTok codes', () => {
    expect(classifyTikTokError(401, h, { error: { code: 'access_token_invalid' } }).code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(classifyTikTokError(403, h, { error: { code: 'scope_not_authorized' } }).code).toBe('PLATFORM_AUTH_EXPIRED');
    const rate = classifyTikTokError(429, h, { error: { code: 'rate_limit_exceeded', message: 'slow down' } });
    expect(rate.options).toMatchObject({ retryable: true, retryAfterMs: 60_000, platformError: 'rate_limit_exceeded: slow down' });
    expect(classifyTikTokError(400, h, { error: { code: 'invalid_params' } }).code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(classifyTikTokError(500, h, { error: { code: 'internal_error' } }).options.retryable).toBe(true);
  });
});
