import { checkCommonRules, checkMediaSizes } from './content-checks';
import { DOCUMENT_PLATFORM_LABELS, PLATFORM_CONTENT_RULES, type MediaFacts, type MediaKind } from './content-rules';
import { PLATFORM_NAMES } from './platforms';

const MIME: Record<MediaKind, string> = { image: 'image/jpeg', video: 'video/mp4', document: 'application/pdf' };
const file = (kind: MediaKind, size = 1): MediaFacts => ({ kind, mimeType: MIME[kind], size, fileName: `deck.${kind}` });
const many = (...kinds: MediaKind[]) => kinds.map((k) => file(k));
const check = (platform: keyof typeof PLATFORM_CONTENT_RULES, media: MediaFacts[]) =>
  checkCommonRules(PLATFORM_CONTENT_RULES[platform], { content: 'Hi', media });

describe('carousel rows', () => {
  it.each(['instagram', 'threads'] as const)('%s takes 2 to 10 images and videos mixed, in any order', (platform) => {
    expect(PLATFORM_CONTENT_RULES[platform]).toMatchObject({ maxCarouselItems: 10, carouselMixesMedia: true });
    expect(check(platform, many('image', 'video'))).toBeNull();
    expect(check(platform, many('video', 'image', 'video', 'image'))).toBeNull();
    expect(check(platform, many('video', 'video'))).toBeNull();
    expect(
      check(
        platform,
        Array.from({ length: 10 }, (_, i) => file(i % 2 ? 'video' : 'image')),
      ),
    ).toBeNull();
    const label = PLATFORM_CONTENT_RULES[platform].label;
    expect(
      check(
        platform,
        Array.from({ length: 11 }, () => file('image')),
      ),
    ).toBe(`${label} carousels take 2 to 10 images or videos (got 11)`);
  });

  it('keeps a single video a single post (reel or video)', () => {
    expect(check('instagram', many('video'))).toBeNull();
    expect(check('threads', many('video'))).toBeNull();
  });

  it('leaves platforms without carousels on their image and video counts and mixing rule', () => {
    expect(PLATFORM_CONTENT_RULES.facebook.maxCarouselItems).toBeUndefined();
    expect(check('facebook', many('image', 'video'))).toBe('Facebook posts cannot mix images and video');
    expect(check('twitter', many('image', 'image', 'image', 'image', 'image'))).toBe('Twitter/X allows at most 4 images per post (got 5)');
    expect(
      check(
        'facebook',
        Array.from({ length: 10 }, () => file('image')),
      ),
    ).toBeNull();
  });

  it('a carousel that does not mix media refuses videos with its own message', () => {
    const rules = { ...PLATFORM_CONTENT_RULES.instagram, carouselMixesMedia: false };
    expect(checkCommonRules(rules, { content: '', media: many('image', 'video') })).toBe('Instagram carousels take images only: post a video on its own');
    expect(checkCommonRules(rules, { content: '', media: Array.from({ length: 11 }, () => file('image')) })).toBe(
      'Instagram carousels take 2 to 10 images (got 11)',
    );
  });
});

describe('LinkedIn multi-image and document rows', () => {
  it('takes 2 to 20 images as one multi-image post', () => {
    expect(
      check(
        'linkedin',
        Array.from({ length: 20 }, () => file('image')),
      ),
    ).toBeNull();
    expect(
      check(
        'linkedin',
        Array.from({ length: 21 }, () => file('image')),
      ),
    ).toBe('LinkedIn allows at most 20 images per post (got 21)');
  });

  it('takes one document, alone', () => {
    expect(PLATFORM_CONTENT_RULES.linkedin.maxDocuments).toBe(1);
    expect(check('linkedin', many('document'))).toBeNull();
    expect(check('linkedin', many('document', 'document'))).toBe('LinkedIn posts take at most 1 document (PDF) (got 2)');
    expect(check('linkedin', many('document', 'image'))).toBe('LinkedIn document (PDF) posts cannot also carry images or video: post the document on its own');
    expect(check('linkedin', many('video', 'document'))).toMatch(/cannot also carry images or video/);
  });

  it('checks the document size against LinkedIn’s 100 MB', () => {
    expect(checkMediaSizes(PLATFORM_CONTENT_RULES.linkedin, [file('document', 101 * 1024 * 1024)])).toBe(
      'LinkedIn documents must be at most 100 MB (deck.document is 101 MB)',
    );
    expect(checkMediaSizes(PLATFORM_CONTENT_RULES.linkedin, [file('document', 1024)])).toBeNull();
  });
});

describe('documents elsewhere', () => {
  it('only LinkedIn takes documents', () => {
    expect(DOCUMENT_PLATFORM_LABELS).toEqual(['LinkedIn']);
  });

  it.each(PLATFORM_NAMES.filter((p) => p !== 'linkedin'))('%s refuses a document, naming the platform that takes one', (platform) => {
    const label = PLATFORM_CONTENT_RULES[platform].label;
    expect(check(platform, many('document'))).toBe(`${label} does not take documents (PDF): only LinkedIn does`);
  });

  it('words the refusal for X as the dashboard shows it', () => {
    expect(check('twitter', many('document'))).toBe('Twitter/X does not take documents (PDF): only LinkedIn does');
  });
});
