import { Readable } from 'node:stream';
import type { MediaItem, PlatformContentRules } from '../platform-adapter';
import { checkCommonRules, checkMediaSizes, formatMegabytes } from './content-checks';

const rules = (over: Partial<PlatformContentRules> = {}): PlatformContentRules => ({
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
const item = (kind: 'image' | 'video', mimeType = kind === 'image' ? 'image/png' : 'video/mp4'): MediaItem => ({
  kind,
  mimeType,
  url: 'http://x',
  size: 1,
  fileName: 'f',
  open: async () => Readable.from([Buffer.alloc(1)]),
});

describe('checkCommonRules', () => {
  it('names the platform and both numbers when text is too long', () => {
    expect(checkCommonRules('Demo', rules(), { content: 'x'.repeat(11), media: [] })).toBe("Content exceeds Demo's 10 character limit (currently 11)");
  });

  it('skips length for auto-threading platforms', () => {
    expect(checkCommonRules('Demo', rules({ autoThreads: true }), { content: 'x'.repeat(500), media: [] })).toBeNull();
  });

  it('uses the platform counter when given', () => {
    expect(checkCommonRules('Demo', rules(), { content: 'abc', media: [] }, () => 99)).toMatch(/currently 99/);
  });

  it('enforces media required, video only, mixing, counts and video types', () => {
    expect(checkCommonRules('Insta', rules({ requiresMedia: true }), { content: 'a', media: [] })).toBe('Insta posts require media');
    expect(checkCommonRules('Tok', rules({ videoOnly: true }), { content: 'a', media: [item('image')] })).toBe('Tok posts require a video');
    expect(checkCommonRules('Tok', rules({ videoOnly: true }), { content: 'a', media: [item('video'), item('image')] })).toBe(
      'Tok does not accept images, only a video',
    );
    expect(checkCommonRules('Demo', rules(), { content: 'a', media: [item('image'), item('video')] })).toBe('Demo posts cannot mix images and video');
    expect(checkCommonRules('Demo', rules(), { content: 'a', media: [item('image'), item('image'), item('image')] })).toMatch(
      /at most 2 images per post \(got 3\)/,
    );
    expect(checkCommonRules('Demo', rules({ maxImages: 0 }), { content: 'a', media: [item('image')] })).toMatch(/do not accept images/);
    expect(checkCommonRules('Demo', rules(), { content: 'a', media: [item('video'), item('video')] })).toMatch(/at most 1 video per post/);
    expect(checkCommonRules('Demo', rules(), { content: 'a', media: [item('video', 'video/webm')] })).toMatch(/does not accept video\/webm/);
    expect(checkCommonRules('Demo', rules(), { content: 'a', media: [item('video')] })).toBeNull();
  });
});

describe('checkMediaSizes', () => {
  it('names the first file over its limit, with both sizes', () => {
    const big = { ...item('video'), size: 3 * 1024 * 1024, fileName: 'clip.mp4' };
    const limit = (m: MediaItem) => (m.kind === 'video' ? 2 * 1024 * 1024 : 1024);
    expect(checkMediaSizes('Demo', [item('image'), big], limit)).toBe('Demo videos must be at most 2 MB (clip.mp4 is 3 MB)');
    expect(checkMediaSizes('Demo', [item('image')], limit)).toBeNull();
  });

  it('formats megabytes with one decimal when needed', () => {
    expect(formatMegabytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
