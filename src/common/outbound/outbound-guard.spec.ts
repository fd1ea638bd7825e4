import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { RefusedError, type Resolver } from './address-rules';
import { parseAllowedHosts } from './allowed-hosts';
import { DnsLookupError, OutboundGuard, outboundGuard, SchemeRefusedError, type OutboundPolicy } from './outbound-guard';

const policy = (over: Partial<OutboundPolicy> & { hosts?: string } = {}): OutboundPolicy => ({
  allowPrivate: over.allowPrivate ?? false,
  httpsOnly: over.httpsOnly ?? true,
  allowedHosts: parseAllowedHosts(over.hosts ?? ''),
});

/** A resolver that answers these addresses for any name and counts its calls. */
function fixed(...addresses: string[]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (host: string) => {
    calls.push(host);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { calls });
}

describe('OutboundGuard.refusalForUrl (before anything is resolved or opened)', () => {
  it('takes http(s) only, and plain http only where the policy allows it', () => {
    const strict = new OutboundGuard(policy());
    expect(strict.refusalForUrl('ftp://example.com/')).toBeInstanceOf(SchemeRefusedError);
    expect(strict.refusalForUrl('http://example.com/')?.message).toBe('Refused: plain http to example.com');
    expect(strict.refusalForUrl('https://example.com/')).toBeNull();
    expect(new OutboundGuard(policy({ httpsOnly: false })).refusalForUrl('http://example.com/')).toBeNull();
    expect(new OutboundGuard(policy({ allowPrivate: true })).refusalForUrl('http://example.com/')).toBeNull();
    expect(strict.refusalForUrl('not a url')?.message).toBe('Refused: not a URL');
  });

  it('an http:// entry allows plain http to that origin only; an https:// entry does not allow http', () => {
    const guard = new OutboundGuard(policy({ hosts: 'http://mastodon.intranet:8080,https://bsky.intranet' }));
    expect(guard.refusalForUrl('http://mastodon.intranet:8080/api/v1/apps')).toBeNull();
    expect(guard.refusalForUrl('http://mastodon.intranet/')).toBeInstanceOf(SchemeRefusedError);
    expect(guard.refusalForUrl('http://bsky.intranet/')).toBeInstanceOf(SchemeRefusedError);
    expect(guard.refusalForUrl('https://bsky.intranet/xrpc/x')).toBeNull();
  });

  it('refuses a non-public IP literal unless private targets are allowed or the origin is listed; metadata always', () => {
    const guard = new OutboundGuard(policy({ hosts: 'https://10.0.0.5,http://127.0.0.1:4000' }));
    expect(guard.refusalForUrl('https://10.0.0.6/')?.message).toBe('Refused: 10.0.0.6 resolves to a private address (10.0.0.6)');
    expect(guard.refusalForUrl('https://[::1]/')?.message).toBe('Refused: ::1 resolves to a loopback address (::1)');
    expect(guard.refusalForUrl('https://10.0.0.5/')).toBeNull();
    expect(guard.refusalForUrl('http://127.0.0.1:4000/')).toBeNull();
    expect(guard.refusalForUrl('http://127.0.0.1:4001/')?.message).toMatch(/loopback/);
    expect(guard.refusalForUrl('https://93.184.216.34/')).toBeNull();
    const lenient = new OutboundGuard(policy({ allowPrivate: true }));
    expect(lenient.refusalForUrl('https://10.0.0.6/')).toBeNull();
    expect(lenient.refusalForUrl('http://169.254.169.254/')?.message).toMatch(/metadata/);
  });
});

describe('OutboundGuard.resolve (a check ahead of a request, e.g. a typed server)', () => {
  it('checks every address with the policy, listed origins exempt from the private rule only', async () => {
    const guard = new OutboundGuard(policy({ hosts: 'https://mastodon.intranet' }), fixed('10.1.1.1'));
    await expect(guard.resolve(new URL('https://mastodon.intranet'))).resolves.toEqual({ address: '10.1.1.1', family: 4 });
    await expect(guard.resolve(new URL('https://other.intranet'))).rejects.toThrow('Refused: other.intranet resolves to a private address (10.1.1.1)');
    const toMetadata = new OutboundGuard(policy({ hosts: 'https://mastodon.intranet' }), fixed('169.254.169.254'));
    await expect(toMetadata.resolve(new URL('https://mastodon.intranet'))).rejects.toThrow(/metadata/);
  });
});

describe("OutboundGuard's pool: checked and pinned when a socket is opened", () => {
  let server: Server;
  let port: number;
  const seen: Array<{ host: string | undefined; url: string | undefined }> = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      seen.push({ host: req.headers.host, url: req.url });
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => (seen.length = 0));

  const get = async (guard: OutboundGuard, url: string) => {
    const res = await request(url, { dispatcher: guard.dispatcher });
    return { status: res.statusCode, text: await res.body.text() };
  };
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err,
    );

  it('a listed name is resolved once and the socket goes to exactly the checked address (the name never resolves elsewhere)', async () => {
    // `pinned.example` has no DNS record: anything but the guard's connector resolving it would fail.
    const resolver = fixed('127.0.0.1');
    const guard = new OutboundGuard(policy({ hosts: `http://pinned.example:${port}` }), resolver);
    expect(await get(guard, `http://pinned.example:${port}/a`)).toEqual({ status: 200, text: 'ok' });
    await new Promise((r) => setImmediate(r)); // undici frees the socket a tick after the answer
    expect(await get(guard, `http://pinned.example:${port}/b`)).toEqual({ status: 200, text: 'ok' });
    expect(seen).toEqual([
      { host: `pinned.example:${port}`, url: '/a' },
      { host: `pinned.example:${port}`, url: '/b' },
    ]);
    expect(resolver.calls).toEqual(['pinned.example']); // one socket, one check
  });

  it('an unlisted name resolving to loopback is refused when the socket would open: nothing is sent', async () => {
    const guard = new OutboundGuard(policy({ hosts: `http://pinned.example:${port}` }), fixed('127.0.0.1'));
    const err = await failureOf(get(guard, `http://rebound.example:${port}/`));
    expect(err).toBeInstanceOf(RefusedError);
    expect((err as Error).message).toBe('Refused: rebound.example resolves to a loopback address (127.0.0.1)');
    // The same origin on another port is not the listed one either.
    expect(await failureOf(get(guard, `http://pinned.example:${port + 1}/`))).toBeInstanceOf(RefusedError);
    expect(seen).toHaveLength(0);
  });

  it('a name with one non-public address among public ones is refused', async () => {
    const guard = new OutboundGuard(policy(), fixed('93.184.216.34', '127.0.0.1'));
    expect(await failureOf(get(guard, `http://mixed.example:${port}/`))).toBeInstanceOf(RefusedError);
    expect(seen).toHaveLength(0);
  });

  it('a name that does not resolve is a DNS failure, not a refusal', async () => {
    const guard = new OutboundGuard(policy(), async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    });
    const err = await failureOf(get(guard, `http://nowhere.example:${port}/`));
    expect(err).toBeInstanceOf(DnsLookupError);
    expect((err as Error).message).toBe('DNS lookup failed: ENOTFOUND');
  });

  it('outboundGuard shares one guard (one pool) per policy', () => {
    expect(outboundGuard(policy({ hosts: 'https://a.intranet' }))).toBe(outboundGuard(policy({ hosts: 'https://a.intranet' })));
    expect(outboundGuard(policy({ hosts: 'https://a.intranet' }))).not.toBe(outboundGuard(policy({ hosts: 'https://b.intranet' })));
    expect(outboundGuard(policy())).not.toBe(outboundGuard(policy({ allowPrivate: true })));
  });
});
