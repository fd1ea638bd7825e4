import { createTestApp, type TestApp } from '@test/support';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaRecord } from '../../src/media/schemas/media-record.schema';
import { MediaUrlMessages } from '../../src/media/media.errors';
import { BulkMessages } from '../../src/bulk/bulk.errors';
import { makePng } from '../media/media-helpers';
import { accountWithConnections, groupCount, type Account } from './bulk-helpers';

/**
 * Media by URL: fetched through the outbound guard (public addresses only; the test server's
 * origin is exempted with OUTBOUND_ALLOWED_HOSTS, as an operator would exempt an intranet host),
 * checked like an upload, stored, and attached to the row's post in its transaction.
 */
describe('bulk create-posts: mediaUrls', () => {
  let t: TestApp;
  let files: Server;
  let origin: string;
  let account: Account;
  let linkedin: string;
  let png: Buffer;

  beforeAll(async () => {
    png = await makePng();
    files = createServer((req, res) => {
      if (req.url === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (req.url === '/moved') return res.writeHead(302, { location: '/photo.png' }).end();
      if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      if (req.url === '/fake.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    t = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: origin } });
    const made = await accountWithConnections(t, ['linkedin']);
    account = made.account;
    linkedin = made.connections[0].platformId;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => files.close(resolve));
  });

  const records = () => t.connection.model(MediaRecord.name).find({ userId: account.userId }).lean<Array<{ attached: boolean; source: string }>>();
  const importRows = (body: object) => t.http.post('/api/v1/bulk/create-posts').set(account.apiHeaders).send(body);

  it('fetches each URL (a redirect followed) into storage and attaches the files to the row’s post', async () => {
    const res = await importRows({ rows: [{ content: 'With pictures', accounts: [linkedin], mediaUrls: [`${origin}/photo.png`, `${origin}/moved`] }] }).expect(
      200,
    );
    const post = await t.http.get('/api/v1/list-posts?limit=1').set(account.apiHeaders).expect(200);
    // Each file in this service's storage, named after the URL it came from (after the redirect).
    const urls: string[] = post.body.posts[0].mediaUrls;
    expect(post.body.posts[0].postGroupId).toBe(res.body.results[0].postGroupId);
    expect(urls).toEqual([expect.stringMatching(/\/media\/files\/image\/.+-photo\.png$/), expect.stringMatching(/\/media\/files\/image\/.+-photo\.png$/)]);
    expect(new Set(urls).size).toBe(2);
    const stored = await t.http.get(new URL(post.body.posts[0].mediaUrls[0]).pathname).expect(200);
    expect(Buffer.compare(stored.body as Buffer, png)).toBe(0);
    expect((await records()).map((r) => [r.source, r.attached])).toEqual([
      ['url-import', true],
      ['url-import', true],
    ]);
  });

  it.each([
    ['a private address (not exempted)', 'http://10.20.30.40/a.png', MediaUrlMessages.refused('http://10.20.30.40/a.png', 'it is not a public address')],
    ['a host name that resolves to loopback', () => `http://localhost:${new URL(origin).port}/photo.png`, null],
    ['a 404', () => `${origin}/missing.png`, (url: string) => MediaUrlMessages.status(url, 404)],
    ['a page, not a file', () => `${origin}/page.html`, (url: string) => MediaUrlMessages.unsupported(url, 'text/html')],
    ['bytes that are not the type it claims', () => `${origin}/fake.png`, (url: string) => MediaUrlMessages.notThatType(url, 'PNG image')],
  ])('refuses %s, creating nothing (all or nothing) and keeping no fetched file', async (_name, target, message) => {
    const url = typeof target === 'function' ? target() : target;
    const expected = typeof message === 'function' ? message(url) : (message ?? MediaUrlMessages.refused(url, 'it is not a public address'));
    const [groupsBefore, recordsBefore] = [await groupCount(t, account.userId), (await records()).length];
    const res = await importRows({
      rows: [
        { content: 'fine, and fetched first', accounts: [linkedin], mediaUrls: [`${origin}/photo.png`] },
        { content: 'refused', accounts: [linkedin], mediaUrls: [url] },
      ],
    }).expect(400);
    expect(res.body).toEqual({ error: BulkMessages.notCreated(1, 2), total: 2, errors: [{ row: 2, httpStatus: 400, error: expected }] });
    expect(await groupCount(t, account.userId)).toBe(groupsBefore);
    expect((await records()).length).toBe(recordsBefore);
  });

  it('mode partial: the row with a refused URL is refused by itself', async () => {
    const res = await importRows({
      mode: 'partial',
      rows: [
        { content: 'kept', accounts: [linkedin], mediaUrls: [`${origin}/photo.png`] },
        { content: 'refused', accounts: [linkedin], mediaUrls: [`${origin}/missing.png`] },
      ],
    }).expect(200);
    expect(res.body.results.map((r: { success: boolean; error?: string }) => r.error ?? 'created')).toEqual([
      'created',
      MediaUrlMessages.status(`${origin}/missing.png`, 404),
    ]);
    expect((await records()).every((r) => r.attached)).toBe(true);
  });

  it('the dry run checks a URL’s form only (nothing is fetched)', async () => {
    const before = (await records()).length;
    const res = await t.http
      .post('/api/v1/bulk/validate-posts')
      .set(account.apiHeaders)
      .send({
        rows: [
          { content: 'x', accounts: [linkedin], mediaUrls: [`${origin}/missing.png`] },
          { content: 'y', accounts: [linkedin], mediaUrls: ['file:///etc/passwd'] },
        ],
      })
      .expect(200);
    expect(res.body.results.map((r: { success: boolean; error?: string }) => r.error ?? 'ok')).toEqual([
      'ok',
      BulkMessages.mediaUrlInvalid('file:///etc/passwd'),
    ]);
    expect((await records()).length).toBe(before);
  });
});
