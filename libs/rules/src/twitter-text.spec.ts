import { twitterTextLength } from './twitter-text';

describe('twitterTextLength', () => {
  it('counts plain Latin text one per character', () => {
    expect(twitterTextLength('Hello, world!')).toBe(13);
    expect(twitterTextLength('')).toBe(0);
    expect(twitterTextLength('café — “quoted”')).toBe(15);
  });

  it('counts each emoji as 2, including multi-code-point emoji', () => {
    expect(twitterTextLength('😀')).toBe(2);
    expect(twitterTextLength('hi 👋')).toBe(5);
    expect(twitterTextLength('👩‍👩‍👧‍👦')).toBe(2); // family ZWJ sequence
    expect(twitterTextLength('👍🏽')).toBe(2); // skin tone
    expect(twitterTextLength('🇫🇷')).toBe(2); // flag
  });

  it('counts CJK characters as 2', () => {
    expect(twitterTextLength('日本語')).toBe(6);
  });

  it('counts URLs at their literal length', () => {
    const url = 'https://example.com/a/very/long/path?with=query';
    expect(twitterTextLength(`see ${url}`)).toBe(4 + url.length);
  });

  it('puts 140 emoji exactly at the 280 limit', () => {
    expect(twitterTextLength('😀'.repeat(140))).toBe(280);
  });
});
