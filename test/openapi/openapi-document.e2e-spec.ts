import { createTestApp, type TestApp } from '@test/support';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { resolve } from 'node:path';
import { AGGREGATIONS, FOLLOWERS_PERIODS, METRICS } from '../../src/analytics/analytics-metrics';
import { registeredRoutes } from '../../src/common/route-catalog';
import { TOKEN_STATUSES } from '../../src/connections/token-status';
import { LIMIT_CODES } from '../../src/limits/limit-rules';
import { LIST_SORT_KEYS } from '../../src/posts/list-posts.query';
import { ALL_POST_LOG_EVENTS, PLATFORM_POST_STATUSES, POST_LOG_EVENTS, UPDATE_POST_STATUSES } from '@app/rules';
import { DELIVERY_STATUSES } from '../../src/webhooks/schemas/webhook-delivery.schema';

/**
 * Routes served on purpose without an entry in the REST document: GET and DELETE /mcp only answer
 * 405 (the MCP server is stateless), GraphQL has its own schema
 * (docs/graphql.md), the connect callback is a browser redirect target (docs/connect.md), the API
 * reference serves itself, and the three disabled analytics-feed routes answer the framework's
 * HTML 404 as the spec says; `GET /*` serves the web dashboard (its files and client routes,
 * docs/dashboard.md) when it is built.
 */
const UNDOCUMENTED = [
  /^GET \/\*$/,
  /^(GET|DELETE) \/mcp$/,
  /^GET \/connect\/callback\//,
  // The hosted page of a workspace connection link: HTML for a browser, not the REST API.
  /^[A-Z]+ \/connect\/(:token|link\/)/,
  // The page a post's review link opens (docs/teams.md): HTML for a browser, like the connection link.
  /^[A-Z]+ \/review\/(:token|post)/,
  /^[A-Z]+ \/graphql$/,
  /^[A-Z]+ \/api\/docs/,
  /^[A-Z]+ \/api\/v1\/openapi\.json$/,
  /^[A-Z]+ \/api\/v1\/(linkedin-posts|linkedin-post-comments|linkedin-post-reactions)$/,
];

/** Successful answers without a body, on purpose. */
const EMPTY_SUCCESS = ['PUT /media/upload/{mediaId} 200', 'POST /mcp 202'];

type Operation = { summary?: string; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };

/** `/api/v1/get-post/:postGroupId` → `/api/v1/get-post/{postGroupId}`; `*` → `{path}`. */
const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');

describe('The OpenAPI document (/api/v1/openapi.json)', () => {
  let t: TestApp;
  let document: {
    paths: Record<string, Record<string, Operation & { parameters?: Array<{ name: string; schema: { enum?: string[] } }> }>>;
    components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
  };
  let raw: string;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.http.get('/api/v1/openapi.json').expect(200);
    document = res.body;
    raw = res.text;
  }, 60_000);
  afterAll(async () => t?.close());

  it('documents every route the service serves (controllers and the raw MCP and media routes)', () => {
    const served = registeredRoutes(t.app.getHttpAdapter().getInstance())
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => !UNDOCUMENTED.some((re) => re.test(`${r.method} ${r.url}`)));
    expect(served.length).toBeGreaterThan(30);
    const missing = served
      .map((r) => `${r.method} ${toOpenApiPath(r.url)}`)
      .filter((key) => {
        const [method, path] = key.split(' ');
        return !document.paths[path]?.[method.toLowerCase()];
      });
    expect([...new Set(missing)]).toEqual([]);
  });

  it('gives every operation a summary, a success response with a schema, and a schema for every error it lists', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.summary) problems.push(`${where}: no summary`);
        const statuses = Object.keys(op.responses);
        if (!statuses.some((s) => s.startsWith('2'))) problems.push(`${where}: no 2xx response`);
        if (path !== '/health' && !statuses.some((s) => s.startsWith('4'))) problems.push(`${where}: no 4xx response`);
        for (const [status, response] of Object.entries(op.responses)) {
          const schemas = Object.values(response.content ?? {}).filter((c) => c.schema);
          if (!schemas.length && !EMPTY_SUCCESS.includes(`${where} ${status}`)) problems.push(`${where} ${status}: no schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("lists each enum from the service's own constant (no copy typed again)", () => {
    const enumOf = (schema: string, property: string) => document.components.schemas[schema].properties[property].enum;
    expect(document.paths['/api/v1/list-posts'].get.parameters!.find((p) => p.name === 'sortBy')!.schema.enum).toEqual([...LIST_SORT_KEYS]);
    expect(enumOf('ListedPlatform', 'status')).toEqual([...PLATFORM_POST_STATUSES]);
    expect(enumOf('PlatformPostDto', 'status')).toEqual([...PLATFORM_POST_STATUSES]);
    // The spec's six first, then the first comment's.
    expect(enumOf('PostLogDto', 'event')).toEqual([...ALL_POST_LOG_EVENTS]);
    expect(enumOf('PostLogDto', 'event')!.slice(0, POST_LOG_EVENTS.length)).toEqual([...POST_LOG_EVENTS]);
    expect(enumOf('LimitExceededResponse', 'code')).toEqual(Object.keys(LIMIT_CODES));
    expect(enumOf('UpdatePostDto', 'status')).toEqual([...UPDATE_POST_STATUSES]);
    expect(enumOf('DeliveryResponse', 'status')).toEqual([...DELIVERY_STATUSES]);
    expect(enumOf('ConnectionResponse', 'tokenStatus')).toEqual([...TOKEN_STATUSES]);
    expect(enumOf('LinkedInFollowersRequest', 'period')).toEqual([...FOLLOWERS_PERIODS]);
    expect(enumOf('LinkedInAccountStatisticsRequest', 'aggregation')).toEqual([...AGGREGATIONS]);
    expect(enumOf('LinkedInAccountStatisticsRequest', 'queryType')).toEqual([...METRICS]);
    expect(enumOf('AccountStatisticsResponseDoc', 'aggregation')).toEqual([...AGGREGATIONS]);
  });

  it('lists each parameter once (header names compared as HTTP does, case-insensitively), and Idempotency-Key as optional', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const parameters = (op.parameters ?? []) as unknown as Array<{ name: string; in: string; required?: boolean }>;
        const keys = parameters.map((p) => `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`);
        for (const key of new Set(keys.filter((k, i) => keys.indexOf(k) !== i))) problems.push(`${method.toUpperCase()} ${path}: ${key} twice`);
        const key = parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
        if (key?.required) problems.push(`${method.toUpperCase()} ${path}: Idempotency-Key required`);
      }
    }
    expect(problems).toEqual([]);
    expect(document.paths['/api/v1/create-post'].post.parameters!.filter((p) => p.name.toLowerCase() === 'idempotency-key')).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
  });

  it('passes the Redocly linter (recommended rules, redocly.yaml) without errors or warnings', async () => {
    const config = await loadConfig({ configPath: resolve(__dirname, '../../redocly.yaml') });
    const results = await lintFromString({ source: raw, absoluteRef: 'openapi.json', config });
    const problems = results.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
    expect(problems).toEqual([]);
  });
});
