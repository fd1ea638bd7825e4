import { checkAltTexts, checkCommonRules, checkMediaSizes, formatMegabytes } from './content-checks';
import { PLATFORM_CONTENT_RULES } from './content-rules';
import { ALT_TEXT_LIMITS } from './rich-posts';
import type { MediaFacts, PlatformContentRules } from './content-rules';

const rules = (over: Partial<PlatformContentRules> = {}): PlatformContentRules => ({
  label: 'Demo',
  maxTextLength: 10,
  maxImages: 2,
  maxVideos: 1,
  requiresMedia: false,
  videoOnly: false,
  noMixedMedia: true,
  autoThreads: false,
  convertWebpToJpeg: false,
  videoMimeTypes: ['video/mp4'],
  ...over,
});
const item = (kind: 'image' | 'video', mimeType = kind === 'image' ? 'image/png' : 'video/mp4'): MediaFacts => ({ kind, mimeType, size: 1, fileName: 'f' });

describe('checkCommonRules', () => {
  it('names the platform and both numbers when text is too long', () => {
    expect(checkCommonRules(rules(), { content: 'x'.repeat(11), media: [] })).toBe("Content exceeds Demo's 10 character limit (currently 11)");
  });

  it('skips length for auto-threading platforms', () => {
    expect(checkCommonRules(rules({ autoThreads: true }), { content: 'x'.repeat(500), media: [] })).toBeNull();
  });

  it('uses the platform counter when given', () => {
    expect(checkCommonRules(rules({ measureText: () => 99 }), { content: 'abc', media: [] })).toMatch(/currently 99/);
  });

  it('enforces media required, video only, mixing, counts and video types', () => {
    expect(checkCommonRules(rules({ label: 'Insta', requiresMedia: true }), { content: 'a', media: [] })).toBe('Insta posts require media');
    expect(checkCommonRules(rules({ label: 'Tok', videoOnly: true }), { content: 'a', media: [item('image')] })).toBe('Tok posts require a video');
    expect(checkCommonRules(rules({ label: 'Tok', videoOnly: true }), { content: 'a', media: [item('video'), item('image')] })).toBe(
      'Tok does not accept images, only a video',
    );
    expect(checkCommonRules(rules(), { content: 'a', media: [item('image'), item('video')] })).toBe('Demo posts cannot mix images and video');
    expect(checkCommonRules(rules(), { content: 'a', media: [item('image'), item('image'), item('image')] })).toMatch(/at most 2 images per post \(got 3\)/);
    expect(checkCommonRules(rules({ maxImages: 0 }), { content: 'a', media: [item('image')] })).toMatch(/do not accept images/);
    expect(checkCommonRules(rules(), { content: 'a', media: [item('video'), item('video')] })).toMatch(/at most 1 video per post/);
    expect(checkCommonRules(rules(), { content: 'a', media: [item('video', 'video/webm')] })).toMatch(/does not accept video\/webm/);
    expect(checkCommonRules(rules(), { content: 'a', media: [item('video')] })).toBeNull();
  });
});

describe('checkMediaSizes', () => {
  it('names the first file over its limit, with both sizes', () => {
    const big = { ...item('video'), size: 3 * 1024 * 1024, fileName: 'clip.mp4' };
    const limits = rules({ maxVideoBytes: 2 * 1024 * 1024, maxImageBytes: 1024 });
    expect(checkMediaSizes(limits, [item('image'), big])).toBe('Demo videos must be at most 2 MB (clip.mp4 is 3 MB)');
    expect(checkMediaSizes(limits, [item('image')])).toBeNull();
  });

  it('GIFs have their own limit where one is set, else the image limit; no limit set, no check', () => {
    const gif = { ...item('image', 'image/gif'), size: 2048, fileName: 'a.gif' };
    expect(checkMediaSizes(rules({ maxImageBytes: 1024 }), [gif])).toMatch(/a\.gif is/);
    expect(checkMediaSizes(rules({ maxImageBytes: 1024, maxGifBytes: 4096 }), [gif])).toBeNull();
    expect(checkMediaSizes(rules(), [{ ...item('video'), size: 10 ** 12 }])).toBeNull();
  });
});

describe('caption limit', () => {
  it('applies when media is attached', () => {
    const telegram = rules({ label: 'Telegram', maxTextLength: 20, maxCaptionLength: 5 });
    expect(checkCommonRules(telegram, { content: 'x'.repeat(10), media: [] })).toBeNull();
    expect(checkCommonRules(telegram, { content: 'x'.repeat(10), media: [item('image')] })).toBe(
      "Content exceeds Telegram's 5 character caption limit for posts with media (currently 10)",
    );
  });
});

describe('formatMegabytes', () => {
  it('formats megabytes with one decimal when needed', () => {
    expect(formatMegabytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('checkAltTexts (alt text length per platform)', () => {
  const image = (altText?: string): MediaFacts => ({ ...item('image'), ...(altText === undefined ? {} : { altText }) });

  it('names the file by position and kind, the platform, the length and the limit', () => {
    const media = [image('ok'), image('a'.repeat(1203))];
    expect(checkAltTexts(PLATFORM_CONTENT_RULES.twitter, media)).toBe('Alt text of image 2 is too long for Twitter/X (1203/1000 characters)');
    expect(checkCommonRules(PLATFORM_CONTENT_RULES.twitter, { content: 'a', media })).toBe(
      'Alt text of image 2 is too long for Twitter/X (1203/1000 characters)',
    );
    expect(checkAltTexts(PLATFORM_CONTENT_RULES.bluesky, [{ ...item('video'), altText: 'v'.repeat(2001) }])).toBe(
      'Alt text of video 1 is too long for Bluesky (2001/2000 characters)',
    );
  });

  it('counts characters as code points: an emoji is one', () => {
    expect(checkAltTexts(PLATFORM_CONTENT_RULES.pinterest, [image('😀'.repeat(500))])).toBeNull();
    expect(checkAltTexts(PLATFORM_CONTENT_RULES.pinterest, [image('😀'.repeat(501))])).toBe(
      'Alt text of image 1 is too long for Pinterest (501/500 characters)',
    );
  });

  it('takes each platform at its limit exactly', () => {
    for (const [name, limit] of Object.entries(ALT_TEXT_LIMITS)) {
      const rules = PLATFORM_CONTENT_RULES[name as keyof typeof PLATFORM_CONTENT_RULES];
      expect(rules.maxAltTextLength).toBe(limit);
      expect(checkAltTexts(rules, [image('a'.repeat(limit))])).toBeNull();
      expect(checkAltTexts(rules, [image('a'.repeat(limit + 1))])).toBe(
        `Alt text of image 1 is too long for ${rules.label} (${limit + 1}/${limit} characters)`,
      );
    }
  });

  it('a missing or empty alt text never blocks; platforms without alt text ignore it', () => {
    expect(checkAltTexts(PLATFORM_CONTENT_RULES.twitter, [image(), image('')])).toBeNull();
    expect(checkCommonRules(PLATFORM_CONTENT_RULES.instagram, { content: 'a', media: [image()] })).toBeNull();
    expect(PLATFORM_CONTENT_RULES.telegram.maxAltTextLength).toBeUndefined();
    expect(checkAltTexts(PLATFORM_CONTENT_RULES.telegram, [image('a'.repeat(50_000))])).toBeNull();
  });
});
