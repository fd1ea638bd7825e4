import { PLATFORM_CONTENT_RULES } from './content-rules';
import { planThreadParts } from './content-plan';
import { splitIntoThread } from './thread-splitter';
import { twitterTextLength } from './twitter-text';

describe('planThreadParts', () => {
  const long = Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} of a long announcement.`).join(' ');

  it('X: content that fits is one part; longer content is the splitter’s reply chain, counted X’s way', () => {
    expect(planThreadParts(PLATFORM_CONTENT_RULES.twitter, 'Hello')).toEqual(['Hello']);
    const parts = planThreadParts(PLATFORM_CONTENT_RULES.twitter, long);
    expect(parts).toEqual(splitIntoThread(long, { limit: 280, measure: twitterTextLength }));
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(twitterTextLength(part)).toBeLessThanOrEqual(280);
  });

  it('exactly at the limit stays one part, counted X’s way (an emoji weighs 2)', () => {
    const exact = 'a'.repeat(280);
    expect(planThreadParts(PLATFORM_CONTENT_RULES.twitter, exact)).toEqual([exact]);
    const emoji = `${'a'.repeat(278)}🚀`;
    expect(planThreadParts(PLATFORM_CONTENT_RULES.twitter, emoji)).toEqual([emoji]);
    expect(planThreadParts(PLATFORM_CONTENT_RULES.twitter, `${emoji}b`).length).toBe(2);
  });

  it('Threads splits at its own 500 code points; platforms that do not thread keep one part whatever its length', () => {
    const threads = planThreadParts(PLATFORM_CONTENT_RULES.threads, long.repeat(2));
    expect(threads.length).toBeGreaterThan(1);
    for (const part of threads) expect([...part].length).toBeLessThanOrEqual(500);
    const tooLong = 'x'.repeat(5000);
    expect(planThreadParts(PLATFORM_CONTENT_RULES.linkedin, tooLong)).toEqual([tooLong]);
    expect(planThreadParts(PLATFORM_CONTENT_RULES.bluesky, long)).toEqual([long]);
  });
});
