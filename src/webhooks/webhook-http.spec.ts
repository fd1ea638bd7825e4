import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveDestination, type Resolver } from '../common/outbound/address-rules';
import { OutboundGuard } from '../common/outbound/outbound-guard';
import { postWebhook } from './webhook-http';

const fixed =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolveDestination', () => {
  it('uses an IP literal as is', async () => {
    await expect(resolveDestination('[2606:4700::1]', false)).resolves.toEqual({ address: '2606:4700::1', family: 6 });
  });
  it('refuses when any resolved address is not allowed', async () => {
    await expect(resolveDestination('evil.example', false, fixed('93.184.216.34', '10.0.0.1'))).rejects.toThrow(
      'Refused: evil.example resolves to a private address (10.0.0.1)',
    );
    await expect(resolveDestination('x.example', false, fixed('::ffff:127.0.0.1'))).rejects.toThrow(/loopback/);
    await expect(resolveDestination('x.example', true, fixed('169.254.169.254'))).rejects.toThrow(/metadata/);
  });
  it('returns the first address when all pass', async () => {
    await expect(resolveDestination('ok.example', false, fixed('93.184.216.34', '1.1.1.1'))).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(resolveDestination('ok.example', true, fixed('127.0.0.1'))).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });
});

describe('postWebhook', () => {
  let server: Server;
  let port: number;
  const seen: Array<{ host: string | undefined; body: string }> = [];
  let behaviour: (req: IncomingMessage, res: import('node:http').ServerResponse) => void = (_q, r) => r.end('ok');

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ host: req.headers.host, body });
        behaviour(req, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => (seen.length = 0));

  /** The webhooks' rules (http accepted) with the private-targets switch, over `resolver` (default: the system's). */
  const guard = (allowPrivate: boolean, resolver?: Resolver) => new OutboundGuard({ allowPrivate, httpsOnly: false, allowedHosts: [] }, resolver);
  const lenient = guard(true);
  const send = (url: string, via: OutboundGuard, timeoutMs = 1000) =>
    postWebhook({ url, body: Buffer.from('{"a":1}'), headers: { 'Content-Type': 'application/json' }, timeoutMs, guard: via });

  it('connects to the checked address, keeping the Host header', async () => {
    let calls = 0;
    const resolver: Resolver = async () => (calls++, [{ address: '127.0.0.1', family: 4 }]);
    const r = await send(`http://receiver.example:${port}/hook`, guard(true, resolver));
    expect(r).toMatchObject({ ok: true, statusCode: 200, error: null, refused: false });
    expect(seen).toEqual([{ host: `receiver.example:${port}`, body: '{"a":1}' }]);
    expect(calls).toBe(1); // no second resolution
  });

  it('refuses a name resolving to loopback with the switch off: nothing is sent', async () => {
    const r = await send(`http://localhost:${port}/hook`, guard(false));
    expect(r.ok).toBe(false);
    expect(r.refused).toBe(true);
    expect(r.error).toMatch(/^Refused: localhost resolves to a loopback address/);
    expect(seen).toHaveLength(0);
  });

  it('non-2xx and redirects are failures', async () => {
    behaviour = (_q, r) => {
      r.statusCode = 302;
      r.setHeader('location', 'http://example.com/');
      r.end();
    };
    const r = await send(`http://127.0.0.1:${port}/`, lenient);
    expect(r).toMatchObject({ ok: false, statusCode: 302, error: 'HTTP 302' });
    expect(seen).toHaveLength(1);
    behaviour = (_q, r) => r.end();
  });

  it('cuts a hanging receiver at the timeout', async () => {
    behaviour = () => undefined; // never answers
    const started = Date.now();
    const r = await send(`http://127.0.0.1:${port}/`, lenient, 300);
    expect(r).toMatchObject({ ok: false, statusCode: null, error: 'Timed out after 300 ms' });
    expect(Date.now() - started).toBeLessThan(3000); // 300 ms plus room for a loaded machine
    behaviour = (_q, r) => r.end();
  });

  it('resolves and checks once per socket: a second POST to the receiver reuses the checked connection', async () => {
    let calls = 0;
    const pool = guard(true, async () => (calls++, [{ address: '127.0.0.1', family: 4 }]));
    const first = await send(`http://reuse.example:${port}/a`, pool);
    // undici frees the socket a tick after the answer's end (a POST sent sooner gets a second one).
    await new Promise((r) => setImmediate(r));
    const second = await send(`http://reuse.example:${port}/b`, pool);
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(seen).toHaveLength(2);
    expect(calls).toBe(1);
  });

  it('never lends a socket opened under the private-targets switch to a guard without it (one pool per guard)', async () => {
    const resolver = fixed('127.0.0.1');
    expect((await send(`http://shared.example:${port}/`, guard(true, resolver))).ok).toBe(true);
    const refused = await send(`http://shared.example:${port}/`, guard(false, resolver));
    expect(refused).toMatchObject({ ok: false, refused: true, error: 'Refused: shared.example resolves to a loopback address (127.0.0.1)' });
    expect(seen).toHaveLength(1);
  });

  it('reports a connection the receiver closes without answering', async () => {
    behaviour = (req) => req.socket.destroy();
    const r = await send(`http://127.0.0.1:${port}/`, lenient);
    expect(r).toMatchObject({ ok: false, statusCode: null, refused: false });
    expect(r.error).toMatch(/^(other side closed|ECONNRESET|EPIPE)$/);
    behaviour = (_q, r) => r.end();
  });

  it('answers a URL that is not http(s) without sending', async () => {
    expect(await send('ftp://127.0.0.1/x', lenient)).toMatchObject({ ok: false, refused: true, error: 'Refused: unsupported protocol ftp:' });
    expect(await send('not a url', lenient)).toMatchObject({ ok: false, refused: true, error: 'Invalid URL' });
    expect(seen).toHaveLength(0);
  });

  it('reports a name that does not resolve, without sending', async () => {
    const resolver: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    const r = await send(`http://nowhere.example:${port}/`, guard(true, resolver));
    expect(r).toMatchObject({ ok: false, statusCode: null, refused: false, error: 'DNS lookup failed: ENOTFOUND' });
    expect(seen).toHaveLength(0);
  });

  it('reports a refused connection', async () => {
    const r = await send('http://127.0.0.1:1/', lenient);
    expect(r).toMatchObject({ ok: false, refused: false, error: 'ECONNREFUSED' });
  });
});
