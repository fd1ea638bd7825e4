import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Resolver } from '../common/outbound/address-rules';
import { parseAllowedHosts } from '../common/outbound/allowed-hosts';
import { OutboundGuard } from '../common/outbound/outbound-guard';
import type { ChosenServer } from './chosen-server';
import { PlatformError } from './platform-adapter';
import { platformFetch, platformFetchText } from './platform-http';

/** platformFetchText (the JSON clients' request) against a real local server, beside platformFetch. */
describe('platformFetchText', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        handler(req, res, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it('sends a string body with its headers and a default user-agent; answers status, headers (repeated ones joined) and text', async () => {
    handler = (_req, res) => {
      res.setHeader('x-rate', ['1', '2']);
      res.setHeader('content-type', 'application/json');
      res.writeHead(201).end('{"id":"7"}');
    };
    const answer = await platformFetchText(`${base}/api/v1/statuses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"status":"hi"}',
    });
    expect(answer).toMatchObject({ status: 201, ok: true, text: '{"id":"7"}' });
    expect(answer.headers.get('x-rate')).toBe('1, 2');
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v1/statuses', body: '{"status":"hi"}' });
    expect(seen[0].headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer t', 'user-agent': 'node', 'content-length': '15' });
    expect(seen[0].headers['sec-fetch-mode']).toBeUndefined(); // undici's request, not fetch
  });

  it("sends a form (Mastodon's statuses) through request too, with fetch's content type when none is given", async () => {
    handler = (_req, res) => res.writeHead(200).end('{}');
    const form = new URLSearchParams({ status: 'hé & co', visibility: 'public' });
    await platformFetchText(`${base}/api/v1/statuses`, { method: 'POST', body: form, headers: { 'idempotency-key': 'k1' } });
    await platformFetchText(`${base}/plain`, { method: 'POST', body: 'just text' });
    expect(seen[0]).toMatchObject({ body: 'status=h%C3%A9+%26+co&visibility=public' });
    expect(seen[0].headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'idempotency-key': 'k1' });
    expect(seen[0].headers['sec-fetch-mode']).toBeUndefined();
    expect(seen[1].headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it("keeps the caller's user-agent, and answers a refusal as a value (not ok)", async () => {
    handler = (_req, res) => res.writeHead(429, { 'retry-after': '3' }).end('slow down');
    const answer = await platformFetchText(`${base}/x`, { headers: { 'User-Agent': 'mine/1' } });
    expect(answer).toMatchObject({ status: 429, ok: false, text: 'slow down' });
    expect(answer.headers.get('retry-after')).toBe('3');
    expect(seen[0].headers['user-agent']).toBe('mine/1');
  });

  it('follows a redirect as fetch does', async () => {
    handler = (req, res) => {
      if (req.url === '/old') res.writeHead(302, { location: '/new' }).end();
      else res.writeHead(200).end('moved here');
    };
    const answer = await platformFetchText(`${base}/old`);
    expect(answer).toMatchObject({ status: 200, text: 'moved here' });
    expect(seen.map((s) => s.url)).toEqual(['/old', '/old', '/new']);
  });

  it('sends a multipart body through fetch', async () => {
    handler = (_req, res) => res.writeHead(200).end('ok');
    const form = new FormData();
    form.set('file', new Blob(['abc']), 'a.txt');
    const answer = await platformFetchText(`${base}/upload`, { method: 'POST', body: form });
    expect(answer.text).toBe('ok');
    expect(seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('abc');
    expect(seen[0].headers['sec-fetch-mode']).toBe('cors'); // fetch
  });

  it('a timeout after sending is TIMEOUT_ERROR with an unknown outcome (POST), a known one (GET)', async () => {
    handler = () => undefined; // never answers
    const post = await platformFetchText(`${base}/slow`, { method: 'POST', body: 'x', timeoutMs: 50 }).catch((e: unknown) => e);
    expect(post).toBeInstanceOf(PlatformError);
    expect(post).toMatchObject({
      code: 'TIMEOUT_ERROR',
      message: 'Platform request timed out after 50 ms',
      retryable: true,
      options: { outcomeUnknown: true },
    });
    const get = await platformFetchText(`${base}/slow`, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(get).toMatchObject({ code: 'TIMEOUT_ERROR', options: { outcomeUnknown: false } });
  });

  it('a refused connection is a NETWORK_ERROR sent nowhere; a reset after sending has an unknown outcome; both as platformFetch says', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await platformFetchText(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network error calling platform (ECONNREFUSED)', options: { outcomeUnknown: false } });
    const viaFetch = await platformFetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x' }).catch((e: unknown) => e);
    expect(viaFetch).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network error calling platform (ECONNREFUSED)' });

    handler = (req) => req.socket.destroy();
    const reset = await platformFetchText(`${base}/reset`, { method: 'POST', body: 'x' }).catch((e: unknown) => e);
    expect(reset).toMatchObject({ code: 'NETWORK_ERROR', retryable: true, options: { outcomeUnknown: true } });
  });
});

/**
 * A chosen server (Mastodon instance, Bluesky PDS) through its guard: the connection goes to the
 * address the guard checked, a refusal or a redirect is a clear PlatformError and nothing is sent.
 * A resolver stands in for DNS: the `.example` names resolve nowhere else.
 */
describe('platformFetch and platformFetchText to a chosen server', () => {
  let server: Server;
  let port: number;
  const seen: Array<{ method: string; url: string; host: string | undefined; body: string }> = [];
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('{"ok":true}');

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, host: req.headers.host, body });
        handler(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
    handler = (_req, res) => res.end('{"ok":true}');
  });

  /** `pinned.example:<port>` listed (http), every name resolving to the local server. */
  const chosen = (resolver?: Resolver): ChosenServer => {
    const lookups: string[] = [];
    const toLoopback: Resolver = async (host) => (lookups.push(host), [{ address: '127.0.0.1', family: 4 }]);
    const guard = new OutboundGuard(
      { allowPrivate: false, httpsOnly: true, allowedHosts: parseAllowedHosts(`http://pinned.example:${port}`) },
      resolver ?? toLoopback,
    );
    return Object.assign({ guard, label: 'Mastodon' }, { lookups });
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err as PlatformError,
    );

  it('connects to the checked address (request and fetch alike), the Host header naming the server, one lookup per socket', async () => {
    const server = chosen();
    const text = await platformFetchText(`http://pinned.example:${port}/api/v1/statuses`, { method: 'POST', body: 'status=hi', chosenServer: server });
    expect(text).toMatchObject({ status: 200, text: '{"ok":true}' });
    await new Promise((r) => setImmediate(r)); // undici frees the socket a tick after the answer
    const form = new FormData();
    form.set('file', new Blob(['abc']), 'a.txt');
    const res = await platformFetch(`http://pinned.example:${port}/api/v2/media`, { method: 'POST', body: form, chosenServer: server });
    expect(await res.text()).toBe('{"ok":true}');
    expect(seen.map((s) => [s.method, s.url, s.host])).toEqual([
      ['POST', '/api/v1/statuses', `pinned.example:${port}`],
      ['POST', '/api/v2/media', `pinned.example:${port}`],
    ]);
    expect(seen[1].body).toContain('abc');
    expect((server as unknown as { lookups: string[] }).lookups).toEqual(['pinned.example']);
  });

  it('a name resolving to a non-public address (not listed) is refused before anything is sent, not retried', async () => {
    for (const send of [
      () => platformFetchText(`http://rebound.example:${port}/x`, { chosenServer: chosen() }),
      () => platformFetch(`http://rebound.example:${port}/x`, { method: 'POST', body: 'x', chosenServer: chosen() }),
    ]) {
      // Plain http to an unlisted origin is refused first, by its scheme.
      expect(await failure(send())).toMatchObject({
        code: 'PLATFORM_VALIDATION_ERROR',
        message: 'Mastodon server rebound.example is not allowed: it must use https',
      });
    }
    const guard = new OutboundGuard({ allowPrivate: false, httpsOnly: false, allowedHosts: [] }, async () => [{ address: '127.0.0.1', family: 4 }]);
    for (const send of [
      () => platformFetchText(`http://rebound.example:${port}/x`, { chosenServer: { guard, label: 'Bluesky' } }),
      () => platformFetch(`http://rebound.example:${port}/x`, { method: 'POST', body: 'x', chosenServer: { guard, label: 'Bluesky' } }),
    ]) {
      const err = await failure(send());
      expect(err).toBeInstanceOf(PlatformError);
      expect(err).toMatchObject({
        code: 'PLATFORM_VALIDATION_ERROR',
        message: 'Bluesky server rebound.example is not allowed: it resolves to a non-public address',
        retryable: false,
      });
      expect(err!.options.outcomeUnknown).toBeFalsy();
    }
    expect(seen).toHaveLength(0);
  });

  it('a name that does not resolve is a retryable NETWORK_ERROR naming the server', async () => {
    const server = chosen(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND pinned.example'), { code: 'ENOTFOUND' });
    });
    for (const send of [
      () => platformFetchText(`http://pinned.example:${port}/x`, { method: 'POST', body: 'x', chosenServer: server }),
      () => platformFetch(`http://pinned.example:${port}/x`, { chosenServer: server }),
    ]) {
      expect(await failure(send())).toMatchObject({
        code: 'NETWORK_ERROR',
        message: 'Could not resolve the Mastodon server pinned.example',
        retryable: true,
        options: { outcomeUnknown: false },
      });
    }
  });

  it('a redirect is refused, never followed (request and fetch alike): one request reached the server', async () => {
    handler = (_req, res) => res.writeHead(307, { location: `http://pinned.example:${port}/elsewhere` }).end();
    for (const send of [
      () => platformFetchText(`http://pinned.example:${port}/old`, { method: 'POST', body: 'x', chosenServer: chosen() }),
      () => platformFetch(`http://pinned.example:${port}/old`, { chosenServer: chosen() }),
    ]) {
      seen.length = 0;
      expect(await failure(send())).toMatchObject({
        code: 'PLATFORM_VALIDATION_ERROR',
        message: 'Mastodon server pinned.example answered with a redirect (HTTP 307); redirects are not followed',
        retryable: false,
        options: { httpStatus: 307 },
      });
      expect(seen.map((s) => s.url)).toEqual(['/old']);
    }
  });
});
