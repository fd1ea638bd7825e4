import { createTestApp, type TestApp } from '@test/support';

const PAGE = (path: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST ${path}</pre>\n</body>\n</html>\n`;

describe('disabled analytics-feed routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/api/v1/linkedin-posts', '/api/v1/linkedin-post-comments', '/api/v1/linkedin-post-reactions'])(
    'POST %s answers the HTML 404 page before any auth',
    async (path) => {
      for (const req of [t.http.post(path).send({ platformId: 'linkedin-1' }), t.http.post(`${path}?start=0`).set('x-api-key', 'sk_wrong.key')]) {
        const res = await req;
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.text).toBe(PAGE(path));
      }
    },
  );

  it('leaves other unknown routes to the JSON 404', async () => {
    const res = await t.http.post('/api/v1/linkedin-something');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({ error: 'Cannot POST /api/v1/linkedin-something' });
  });

  it('is not in the OpenAPI document', async () => {
    const res = await t.http.get('/api/v1/openapi.json');
    expect(Object.keys(res.body.paths)).not.toContain('/api/v1/linkedin-posts');
    expect(Object.keys(res.body.paths)).toContain('/api/v1/linkedin-followers');
  });
});
