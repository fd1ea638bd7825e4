import { httpUrlOrNull } from './http-url';

describe('httpUrlOrNull', () => {
  it.each(['https://bsky.app/profile/alice', 'http://mastodon.example/@bob', 'https://cdn.example/a.jpg?x=1#y'])('keeps %s', (url) => {
    expect(httpUrlOrNull(url)).toBe(url);
  });

  it('trims the whitespace around a URL', () => {
    expect(httpUrlOrNull('  https://x.com/a  ')).toBe('https://x.com/a');
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/a',
    '//evil.example/a',
    '/relative/path',
    'not a url',
    'https://',
    '',
    '   ',
  ])('drops %j', (url) => {
    expect(httpUrlOrNull(url)).toBeNull();
  });

  it('drops what is not a string, and URLs past 2,048 characters', () => {
    expect(httpUrlOrNull(null)).toBeNull();
    expect(httpUrlOrNull(undefined)).toBeNull();
    expect(httpUrlOrNull(42)).toBeNull();
    expect(httpUrlOrNull({ href: 'https://x.com' })).toBeNull();
    expect(httpUrlOrNull(`https://x.com/${'a'.repeat(2048)}`)).toBeNull();
    expect(httpUrlOrNull(`https://x.com/${'a'.repeat(2000)}`)).not.toBeNull();
  });
});
