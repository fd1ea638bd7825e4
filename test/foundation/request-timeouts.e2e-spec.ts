import { createTestApp, type TestApp } from '@test/support';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { accountWithDraft, makeMjpegAvi, makePng, pathOf, type Account } from '../media/media-helpers';
import { RawHttpConnection, requestHead } from './raw-http';

const BODY_TIMEOUT_MS = 1000;
const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 5000;
/** Room past a limit: Node checks the headers and whole-request limits every 250 ms here, and the machine may be busy. */
const SLACK_MS = 1500;

/** Test-only route whose answer takes longer than the body timeout once its body has arrived. */
@Controller('test-slow-answer')
class SlowAnswerController {
  @Post()
  @HttpCode(200)
  async answer(@Body() body: { n: number }) {
    await new Promise((r) => setTimeout(r, BODY_TIMEOUT_MS * 2.5));
    return { n: body.n };
  }
}

@Module({ controllers: [SlowAnswerController] })
class SlowAnswerModule {}

/** `buffer` in `count` nearly equal pieces. */
function pieces(buffer: Buffer, count: number): Buffer[] {
  const size = Math.ceil(buffer.length / count);
  return Array.from({ length: count }, (_, i) => buffer.subarray(i * size, (i + 1) * size)).filter((p) => p.length);
}

describe('Request timeouts: a request that stops arriving is answered 408 and closed; slow but moving ones are not', () => {
  let t: TestApp;
  let account: Account;
  let postGroupId: string;
  let platformId: string;

  beforeAll(async () => {
    t = await createTestApp({
      imports: [SlowAnswerModule],
      env: {
        HTTP_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      },
    });
    ({ account, postGroupId, platformId } = await accountWithDraft(t));
  }, 60_000);
  afterAll(async () => t?.close());

  const stalled = { error: `Request body timed out: nothing arrived for ${BODY_TIMEOUT_MS} ms` };

  it('a body that stops after 7 of its 100 announced bytes: 408 { error } and the connection closed after the body timeout', async () => {
    const connection = await RawHttpConnection.open(t.baseUrl);
    const head = requestHead('POST', '/api/v1/create-post', { ...account.apiHeaders, 'content-type': 'application/json', 'content-length': 100 });
    await connection.send([head, '{"conte']);
    const stalledAt = Date.now();
    const response = await connection.response(BODY_TIMEOUT_MS + SLACK_MS + 2000);
    expect(response).toMatchObject({ status: 408, headers: { 'content-type': 'application/json; charset=utf-8', connection: 'close' } });
    expect(JSON.parse(response!.body)).toEqual(stalled);
    const closedAfter = await connection.closed(stalledAt, 1000);
    expect(closedAfter).not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(closedAfter!).toBeLessThan(BODY_TIMEOUT_MS + SLACK_MS);
  });

  it('a chunked body that never ends: 408 { error } and closed likewise', async () => {
    const connection = await RawHttpConnection.open(t.baseUrl);
    const head = requestHead('POST', '/api/v1/create-post', { ...account.apiHeaders, 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    await connection.send([head, '7\r\n{"conte\r\n']);
    const stalledAt = Date.now();
    const response = await connection.response(BODY_TIMEOUT_MS + SLACK_MS + 2000);
    expect(response?.status).toBe(408);
    expect(JSON.parse(response!.body)).toEqual(stalled);
    const closedAfter = await connection.closed(stalledAt, 1000);
    expect(closedAfter).not.toBeNull();
    expect(closedAfter!).toBeLessThan(BODY_TIMEOUT_MS + SLACK_MS);
  });

  it('an upload that stalls on the pre-signed PUT route is answered the same way', async () => {
    const issued = await t.http
      .post('/api/v1/get-upload-url')
      .set(account.apiHeaders)
      .send({ fileName: 'p.png', contentType: 'image/png', postGroupId, type: 'image' });
    const png = await makePng();
    const connection = await RawHttpConnection.open(t.baseUrl);
    await connection.send([
      requestHead('PUT', pathOf(issued.body.uploadUrl), { 'content-type': 'image/png', 'content-length': png.length }),
      png.subarray(0, 10),
    ]);
    const response = await connection.response(BODY_TIMEOUT_MS + SLACK_MS + 2000);
    expect(response?.status).toBe(408);
    expect(JSON.parse(response!.body)).toEqual(stalled);
    expect(await connection.closed(Date.now(), 1000)).not.toBeNull();
  });

  it('headers that never finish (slowloris): 408 { error } within the headers timeout', async () => {
    const connection = await RawHttpConnection.open(t.baseUrl);
    await connection.send(['GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n']);
    const stalledAt = Date.now();
    const response = await connection.response(HEADERS_TIMEOUT_MS + SLACK_MS + 2000);
    expect(response?.status).toBe(408);
    expect(JSON.parse(response!.body)).toEqual({
      error: `Request timed out: its headers must arrive within ${HEADERS_TIMEOUT_MS} ms and the whole request within ${REQUEST_TIMEOUT_MS} ms`,
    });
    const closedAfter = await connection.closed(stalledAt, 1000);
    expect(closedAfter).not.toBeNull();
    expect(closedAfter!).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
  });

  it('a body that trickles in forever (a byte just inside the body timeout each time) is cut at the whole-request limit', async () => {
    const connection = await RawHttpConnection.open(t.baseUrl);
    const started = Date.now();
    await connection.send([requestHead('POST', '/api/v1/create-post', { 'content-type': 'application/json', 'content-length': 1000 })]);
    let sent = 0;
    while (connection.closedAt === null && sent < 20) {
      await connection.send(['x']);
      sent++;
      await connection.closed(Date.now(), BODY_TIMEOUT_MS / 2);
    }
    const response = await connection.response(0);
    expect(response?.status).toBe(408);
    expect(JSON.parse(response!.body).error).toMatch(/^Request timed out: /);
    expect(connection.closedAt).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS + BODY_TIMEOUT_MS / 2);
  }, 30_000);

  it('a slow but steady upload to the pre-signed PUT route, longer than the body timeout, completes: 200', async () => {
    const issued = await t.http
      .post('/api/v1/get-upload-url')
      .set(account.apiHeaders)
      .send({ fileName: 'slow.png', contentType: 'image/png', postGroupId, type: 'image' });
    const png = await makePng(64, 64);
    const connection = await RawHttpConnection.open(t.baseUrl);
    const started = Date.now();
    await connection.send(
      [requestHead('PUT', pathOf(issued.body.uploadUrl), { 'content-type': 'image/png', 'content-length': png.length }), ...pieces(png, 8)],
      BODY_TIMEOUT_MS * 0.4,
    );
    const response = await connection.response(5000);
    expect(Date.now() - started).toBeGreaterThan(BODY_TIMEOUT_MS * 2.5);
    expect([response?.status, response?.body]).toEqual([200, '']);
    expect((await t.http.get(pathOf(issued.body.fileUrl))).status).toBe(200);
    connection.end();
  });

  it('a slow but steady process-video upload (multipart), longer than the body timeout, completes: 200 { sessionId }', async () => {
    const avi = await makeMjpegAvi({ width: 32, height: 24, fps: 10, frames: 5 });
    const boundary = 'slowboundary42';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="postGroupId"\r\n\r\n${postGroupId}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="slow.avi"\r\nContent-Type: video/x-msvideo\r\n\r\n`),
      avi,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const connection = await RawHttpConnection.open(t.baseUrl);
    const started = Date.now();
    const head = requestHead('POST', '/media/process-video', {
      cookie: account.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
    });
    await connection.send([head, ...pieces(body, 8)], BODY_TIMEOUT_MS * 0.4);
    const response = await connection.response(5000);
    expect(Date.now() - started).toBeGreaterThan(BODY_TIMEOUT_MS * 2.5);
    expect(response?.status).toBe(200);
    expect(Object.keys(JSON.parse(response!.body))).toEqual(['sessionId']);
    connection.end();
  });

  it('an answer that takes longer than the body timeout once the body is in is not cut, nor is the kept-alive connection idle after it', async () => {
    const connection = await RawHttpConnection.open(t.baseUrl);
    const request = (n: number) => {
      const body = JSON.stringify({ n });
      return requestHead('POST', '/test-slow-answer', { 'content-type': 'application/json', 'content-length': body.length }) + body;
    };
    await connection.send([request(1)]);
    const first = await connection.response(BODY_TIMEOUT_MS * 5);
    expect([first?.status, first && JSON.parse(first.body)]).toEqual([200, { n: 1 }]);
    await new Promise((r) => setTimeout(r, BODY_TIMEOUT_MS * 1.5));
    expect(connection.closedAt).toBeNull();
    await connection.send([request(2)]);
    const second = await connection.response(BODY_TIMEOUT_MS * 5);
    expect([second?.status, second && JSON.parse(second.body)]).toEqual([200, { n: 2 }]);
    connection.end();
  });

  it('ordinary requests are untouched', async () => {
    await t.http.get('/health').expect(200);
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'hello', platforms: [platformId] });
    expect(res.status).toBe(200);
  });

  it('a request that is not HTTP is answered 400 { error } (the same body shape as every other error)', async () => {
    const connection = await RawHttpConnection.open(t.baseUrl);
    await connection.send(['NOT HTTP AT ALL\r\n\r\n']);
    const response = await connection.response(2000);
    expect(response?.status).toBe(400);
    expect(JSON.parse(response!.body)).toEqual({ error: 'Malformed HTTP request' });
    expect(await connection.closed(Date.now(), 1000)).not.toBeNull();
  });
});
