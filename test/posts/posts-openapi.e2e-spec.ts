import { createTestApp, type TestApp } from '@test/support';

describe('OpenAPI document: posts routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every posts path with its method, responses and headers', async () => {
    const res = await t.http.get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<
      string,
      Record<string, { tags: string[]; responses: Record<string, unknown>; parameters?: Array<{ name: string; in: string }> }>
    >;
    const expected: Array<[string, string, string[]]> = [
      ['/api/v1/list-posts', 'get', ['200', '400', '500']],
      ['/api/v1/create-post', 'post', ['200', '400', '403', '409', '500']],
      ['/api/v1/get-post/{postGroupId}', 'get', ['200', '404', '500']],
      ['/api/v1/update-post/{postGroupId}', 'put', ['200', '400', '403', '404', '500']],
      ['/api/v1/delete-post/{postGroupId}', 'delete', ['200', '404', '500']],
      ['/api/v1/post-logs/{postGroupId}', 'get', ['200', '404', '500']],
    ];
    for (const [path, method, statuses] of expected) {
      const op = paths[path]?.[method];
      expect(op).toBeDefined();
      expect(op.tags).toContain('posts');
      for (const s of statuses) expect(Object.keys(op.responses)).toContain(s);
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headers).toEqual(expect.arrayContaining(['x-api-key', 'x-service-user-id']));
    }
    const createHeaders = (paths['/api/v1/create-post'].post.parameters ?? []).map((p) => p.name);
    expect(createHeaders).toContain('Idempotency-Key');
    const listParams = (paths['/api/v1/list-posts'].get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['page', 'limit', 'status', 'platform', 'sortBy', 'sortOrder', 'fromDate', 'toDate']));
  });
});
