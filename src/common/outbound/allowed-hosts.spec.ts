import { AllowedHostsError, isAllowedHost, parseAllowedHosts } from './allowed-hosts';

const errorOf = (raw: string): string => {
  try {
    parseAllowedHosts(raw);
  } catch (err) {
    if (err instanceof AllowedHostsError) return err.message;
    throw err;
  }
  throw new Error(`expected ${raw} to be refused`);
};

describe('parseAllowedHosts', () => {
  it('reads comma-separated origins, the port defaulting to the scheme’s, hosts normalised', () => {
    expect(parseAllowedHosts('https://Mastodon.Intranet , http://127.0.0.1:8080/,,http://[::1]:3000, https://10.0.0.5:443')).toEqual([
      { protocol: 'https:', host: 'mastodon.intranet', port: 443 },
      { protocol: 'http:', host: '127.0.0.1', port: 8080 },
      { protocol: 'http:', host: '::1', port: 3000 },
      { protocol: 'https:', host: '10.0.0.5', port: 443 },
    ]);
    expect(parseAllowedHosts('')).toEqual([]);
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts('http://intranet.')).toEqual([{ protocol: 'http:', host: 'intranet', port: 80 }]);
  });

  it.each([
    ['mastodon.intranet', 'no scheme'],
    ['ftp://files.intranet', 'another scheme'],
    ['https://mastodon.intranet/api', 'a path'],
    ['https://mastodon.intranet?x=1', 'a query'],
    ['https://mastodon.intranet#top', 'a fragment'],
    ['https://user:pw@mastodon.intranet', 'credentials'],
    ['https://mastodon.intranet:99999', 'a port out of range'],
    ['https://', 'no host'],
    ['https://*.intranet', 'a wildcard'],
  ])('refuses %s (%s), quoting the entry', (entry) => {
    expect(errorOf(`https://ok.intranet,${entry}`)).toBe(`"${entry}" is not an origin: use http(s)://host[:port], without path, query or credentials`);
  });

  it.each([
    'http://169.254.169.254',
    'https://169.254.170.2:443',
    'http://metadata.google.internal',
    'http://[fd00:ec2::254]',
    'http://[::ffff:169.254.169.254]',
  ])('never exempts a cloud metadata endpoint: %s', (entry) => {
    expect(errorOf(entry)).toBe(`"${entry}" is a cloud metadata endpoint, which is never allowed`);
  });
});

describe('isAllowedHost', () => {
  const allowed = parseAllowedHosts('http://127.0.0.1:8080,https://mastodon.intranet,http://[::1]:3000');

  it('matches scheme, host and port exactly, as a URL or undici’s connect options name them', () => {
    expect(isAllowedHost(allowed, new URL('http://127.0.0.1:8080/api/v1/apps'))).toBe(true);
    expect(isAllowedHost(allowed, new URL('https://MASTODON.intranet/'))).toBe(true);
    expect(isAllowedHost(allowed, new URL('https://mastodon.intranet:443'))).toBe(true);
    expect(isAllowedHost(allowed, new URL('http://[::1]:3000'))).toBe(true);
    expect(isAllowedHost(allowed, { protocol: 'https:', hostname: 'mastodon.intranet', port: '' })).toBe(true);
    expect(isAllowedHost(allowed, { protocol: 'http:', hostname: '::1', port: '3000' })).toBe(true);
  });

  it('does not match another port, scheme or host', () => {
    expect(isAllowedHost(allowed, new URL('http://127.0.0.1:8081'))).toBe(false);
    expect(isAllowedHost(allowed, new URL('https://127.0.0.1:8080'))).toBe(false);
    expect(isAllowedHost(allowed, new URL('http://mastodon.intranet'))).toBe(false);
    expect(isAllowedHost(allowed, new URL('https://mastodon.intranet:8443'))).toBe(false);
    expect(isAllowedHost(allowed, new URL('https://evil.mastodon.intranet'))).toBe(false);
    expect(isAllowedHost(allowed, new URL('http://localhost:8080'))).toBe(false); // a name is matched as written
    expect(isAllowedHost([], new URL('http://127.0.0.1:8080'))).toBe(false);
  });
});
