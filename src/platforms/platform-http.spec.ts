import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
