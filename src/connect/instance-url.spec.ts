import { instanceGuard } from '../platforms/chosen-server';
import { checkInstanceUrl } from './instance-url';

const strict = instanceGuard({ CONNECT_ALLOW_PRIVATE_INSTANCES: false, OUTBOUND_ALLOWED_HOSTS: '' });
const lenient = instanceGuard({ CONNECT_ALLOW_PRIVATE_INSTANCES: true, OUTBOUND_ALLOWED_HOSTS: '' });

const refusal = (raw: string, guard = strict) =>
  checkInstanceUrl(raw, guard, 'The Mastodon instance URL').then(
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
    await expect(checkInstanceUrl('93.184.215.14', strict, 'x')).resolves.toBe('https://93.184.215.14');
    await expect(checkInstanceUrl('https://93.184.215.14:8443/', strict, 'x')).resolves.toBe('https://93.184.215.14:8443');
  });

  it('CONNECT_ALLOW_PRIVATE_INSTANCES lifts the private rules (and allows http) but never metadata', async () => {
    await expect(checkInstanceUrl('http://127.0.0.1:3000', lenient, 'x')).resolves.toBe('http://127.0.0.1:3000');
    expect(await refusal('http://169.254.169.254', lenient)).toMatch(/^The Mastodon instance URL is not allowed: /);
  });

  it('an OUTBOUND_ALLOWED_HOSTS origin passes as itself only: its scheme, host and port', async () => {
    const listed = instanceGuard({ CONNECT_ALLOW_PRIVATE_INSTANCES: false, OUTBOUND_ALLOWED_HOSTS: 'http://127.0.0.1:3000, https://10.1.2.3' });
    await expect(checkInstanceUrl('http://127.0.0.1:3000', listed, 'x')).resolves.toBe('http://127.0.0.1:3000');
    await expect(checkInstanceUrl('https://10.1.2.3', listed, 'x')).resolves.toBe('https://10.1.2.3');
    // Another port, another scheme: the rules as for anyone else, with their messages.
    expect(await refusal('https://127.0.0.1:3001', listed)).toBe('The Mastodon instance URL is not allowed: Localhost URLs are not allowed');
    expect(await refusal('http://10.1.2.3', listed)).toBe('The Mastodon instance URL must use https');
    expect(await refusal('https://10.1.2.3:8443', listed)).toBe('The Mastodon instance URL is not allowed: Private IP addresses are not allowed');
  });
});
