import { createTestApp, type TestApp } from '@test/support';
import { accountWithDraft, makePng, pathOf, type Account } from './media-helpers';

const ACCEPTED = 'JPEG, PNG, GIF and WebP images, MP4, MOV, AVI, MKV and WebM videos and PDF documents';

describe('User files are inert: only real images and videos are stored, and served so they can never act as a page', () => {
  let t: TestApp;
  let account: Account;
  let postGroupId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ account, postGroupId } = await accountWithDraft(t));
  }, 60_000);
  afterAll(async () => t?.close());

  const issue = async (fileName: string, contentType: string, type = 'image') => {
    const res = await t.http.post('/api/v1/get-upload-url').set(account.apiHeaders).send({ fileName, contentType, postGroupId, type });
    expect(res.status).toBe(200); // the spec: get-upload-url does not validate contentType
    return res.body as { uploadUrl: string; fileUrl: string; mediaId: string };
  };
  const put = (url: string, body: Buffer | string, contentType: string) => t.http.put(pathOf(url)).set('content-type', contentType).send(Buffer.from(body));

  it('HTML and SVG are refused at upload (415), nothing is stored or served', async () => {
    for (const [name, type, body] of [
      ['x.html', 'text/html', '<script>fetch("/auth/api-keys")</script>'],
      ['x.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ]) {
      const issued = await issue(name, type);
      const res = await put(issued.uploadUrl, body, type);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: `Only ${ACCEPTED} can be uploaded; ${type} is not one of them` });
      expect((await t.http.get(pathOf(issued.fileUrl))).status).toBe(404);
    }
  });

  it('bytes that are not the declared type are refused (magic numbers); the URL then takes the right file', async () => {
    const issued = await issue('photo.png', 'image/png');
    const fake = await put(issued.uploadUrl, '<html><script>alert(document.cookie)</script></html>', 'image/png');
    expect(fake.status).toBe(415);
    expect(fake.body.error).toBe(
      "The file is not a PNG image: its first bytes are those of another kind of file. Upload a PNG image, or ask for an upload URL of the file's real type",
    );
    expect((await t.http.get(pathOf(issued.fileUrl))).status).toBe(404);
    const png = await makePng();
    expect((await put(issued.uploadUrl, png, 'image/png')).status).toBe(200);
    const served = await t.http.get(pathOf(issued.fileUrl));
    expect(served.status).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('fileName longer than 255 characters is a clear 400 up front', async () => {
    const res = await t.http
      .post('/api/v1/get-upload-url')
      .set(account.apiHeaders)
      .send({ fileName: `${'a'.repeat(252)}.png`, contentType: 'image/png', postGroupId, type: 'image' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'fileName must be at most 255 characters' });
    // 255 characters are taken, and stored (the key's last segment is shortened to fit the file system).
    const issued = await issue(`${'a'.repeat(251)}.png`, 'image/png');
    expect((await put(issued.uploadUrl, await makePng(), 'image/png')).status).toBe(200);
  });

  it('every answer carries the usual security headers, with a CSP a same-origin dashboard can live with', async () => {
    const res = await t.http.get('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Errors and API answers too; outside production GraphiQL's page goes without a CSP.
    const missing = await t.http.get('/api/v1/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const graphiql = await t.http.get('/graphql').set('accept', 'text/html');
    expect(graphiql.headers['x-content-type-options']).toBe('nosniff');
    expect(graphiql.headers['content-security-policy']).toBeUndefined();
  });
});

describe('MEDIA_PUBLIC_BASE_URL: user files on their own origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MEDIA_PUBLIC_BASE_URL: 'https://media.example.test/' } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('upload and file URLs use the media origin, the API stays where it is', async () => {
    const { account, postGroupId } = await accountWithDraft(t);
    const res = await t.http
      .post('/api/v1/get-upload-url')
      .set(account.apiHeaders)
      .send({ fileName: 'p.png', contentType: 'image/png', postGroupId, type: 'image' });
    expect(res.status).toBe(200);
    expect(res.body.uploadUrl).toMatch(/^https:\/\/media\.example\.test\/media\/upload\//);
    expect(res.body.fileUrl).toMatch(/^https:\/\/media\.example\.test\/media\/files\/image\//);
  });
});
