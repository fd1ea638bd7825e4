import { checkInstanceUrl } from './instance-url';

const refusal = (raw: string, allowPrivate = false) =>
  checkInstanceUrl(raw, allowPrivate, 'The Mastodon instance URL').then(
    () => null,
    (err: Error) => err.message,
  );

describe('checkInstanceUrl', () => {
  it('refuses loopback, private, link-local and metadata addresses (no DNS needed for these)', async () => {
    expect(await refusal('https://localhost')).toBe('The Mastodon instance URL is not allowed: Localhost URLs are not allowed');
    expect(await refusal('https://127.0.0.1')).toMatch(/^The Mastodon instance URL is not allowed: /);
    expect(await refusal('https://10.1.2.3')).toMatch(/^The Mastodon instance URL is not allowed: /);
    expect(await refusal('https://[::1]')).toMatch(/^The Mastodon instance URL is not allowed: /);
    expect(await refusal('https://169.254.169.254')).toMatch(/^The Mastodon instance URL is not allowed: /);
  });

  it('needs https and the bare server address', async () => {
    expect(await refusal('http://93.184.215.14')).toBe('The Mastodon instance URL must use https');
    expect(await refusal('https://93.184.215.14/@alice')).toBe(
      "The Mastodon instance URL must be the server's address only, without path, query or credentials",
    );
    expect(await refusal('https://user:pw@93.184.215.14')).toBe(
      "The Mastodon instance URL must be the server's address only, without path, query or credentials",
    );
    expect(await refusal('not a url at all')).toBe('The Mastodon instance URL must be a URL such as https://mastodon.social');
  });

  it('accepts a public address (scheme optional) and returns its origin', async () => {
    await expect(checkInstanceUrl('93.184.215.14', false, 'x')).resolves.toBe('https://93.184.215.14');
    await expect(checkInstanceUrl('https://93.184.215.14:8443/', false, 'x')).resolves.toBe('https://93.184.215.14:8443');
  });

  it('CONNECT_ALLOW_PRIVATE_INSTANCES lifts the private rules (and allows http) but never metadata', async () => {
    await expect(checkInstanceUrl('http://127.0.0.1:3000', true, 'x')).resolves.toBe('http://127.0.0.1:3000');
    expect(await refusal('http://169.254.169.254', true)).toMatch(/^The Mastodon instance URL is not allowed: /);
  });
});
