import { Readable } from 'node:stream';
import { PLATFORM_CONTENT_RULES, type PlatformContentRules } from '@app/rules';
import type { MediaItem } from '../platform-adapter';
import { checkPlatformContent } from './content-checks';

// The shared checks themselves are specified in libs/rules; here only their order around the platform's own.
const limits: PlatformContentRules = { ...PLATFORM_CONTENT_RULES.linkedin, label: 'Demo', maxTextLength: 10, maxImageBytes: 10 };
const image = (size: number): MediaItem => ({
  kind: 'image',
  mimeType: 'image/png',
  url: 'http://x',
  size,
  fileName: 'f',
  open: async () => Readable.from([Buffer.alloc(1)]),
});

describe('checkPlatformContent', () => {
  it('the shared rules first, then the platform rules, then the file sizes', () => {
    const own = () => 'own rule';
    expect(checkPlatformContent(limits, { content: 'x'.repeat(11), media: [], settings: {} }, own)).toMatch(/character limit/);
    expect(checkPlatformContent(limits, { content: 'x', media: [image(99)], settings: {} }, own)).toBe('own rule');
    expect(checkPlatformContent(limits, { content: 'x', media: [image(99)], settings: {} })).toMatch(/images must be at most/);
    expect(checkPlatformContent(limits, { content: 'x', media: [], settings: {} }, () => null)).toBeNull();
  });
});
