import { createAccount, createTestApp, LOG_LEVEL, type AppLog, type AppLogRecord, type TestApp } from '@test/support';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { SCHEMA_FILE } from '../../src/graphql/schema-file';
import {
  badGetCases,
  malformedBodyCases,
  missingAndExtraVariableCases,
  operationSelectionCases,
  wrongVariableCases,
  type FuzzCase,
} from './graphql-fuzz-cases';
import type { GqlBody } from './graphql-helpers';

/** Codes that say the client made the mistake: Apollo's own, and those of docs/graphql.md. */
const CLIENT_CODES = new Set([
  'BAD_REQUEST',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_USER_INPUT',
  'QUERY_TOO_COMPLEX',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'PLATFORM_NOT_AVAILABLE',
  'SCHEDULE_HORIZON_REACHED',
  'SCHEDULED_POST_LIMIT_REACHED',
  'POST_LIMIT_REACHED',
  'CONNECTIONS_OVER_LIMIT',
  'NOT_CONFIGURED',
]);

interface Caller {
  name: string;
  cookie?: string;
}

/**
 * Client mistakes over GraphQL, for every operation and argument of the committed schema
 * (schema.gql, which test/graphql/schema-file.e2e-spec.ts holds equal to the served one), sent by
 * an anonymous caller and by a signed-in one: none may answer 5xx or log at error level or with a
 * stack, and every error carries a client code. The table is exhaustive, so a run is repeatable.
 */
describe('GraphQL fuzz: client mistakes are client errors', () => {
  let t: TestApp;
  let log: AppLog;
  let schema: GraphQLSchema;
  let callers: Caller[];

  beforeAll(async () => {
    t = await createTestApp({ captureLog: true });
    log = t.log!;
    schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
    const alice = await createAccount(t);
    callers = [{ name: 'anonymous' }, { name: 'signed in', cookie: alice.cookie }];
  }, 60_000);
  afterAll(async () => t?.close());

  async function send(c: FuzzCase, caller: Caller): Promise<{ status: number; text: string; body: GqlBody | undefined }> {
    const r = c.request;
    const headers: Record<string, string> = caller.cookie ? { cookie: caller.cookie } : {};
    let res: Response;
    if (r.method === 'GET') {
      if (r.preflight) headers['apollo-require-preflight'] = 'true';
      res = await fetch(`${t.baseUrl}/graphql?${new URLSearchParams(r.query).toString()}`, { headers: { ...headers, accept: 'application/json' } });
    } else {
      const raw = 'raw' in r;
      const contentType = raw ? r.contentType : 'application/json';
      if (contentType) headers['content-type'] = contentType;
      // Bytes, so that fetch adds no content type of its own.
      res = await fetch(`${t.baseUrl}/graphql`, { method: 'POST', headers, body: Buffer.from(raw ? r.raw : JSON.stringify(r.body)) });
    }
    const text = await res.text();
    let body: GqlBody | undefined;
    try {
      body = JSON.parse(text) as GqlBody;
    } catch {
      body = undefined;
    }
    return { status: res.status, text, body };
  }

  /** What is wrong with one answer, or null. */
  function problemWith(c: FuzzCase, caller: Caller, res: Awaited<ReturnType<typeof send>>, records: AppLogRecord[]): string | null {
    if (res.status >= 500) return `HTTP ${res.status}: ${res.text.slice(0, 300)}`;
    const loud = records.filter((r) => r.level >= LOG_LEVEL.error || r.err?.stack);
    if (loud.length) return `logged ${JSON.stringify(loud.map((r) => ({ level: r.level, msg: r.msg, err: r.err?.message })))}`;
    const errors = res.body?.errors;
    if (res.status >= 400 && !errors?.length) return `HTTP ${res.status} without GraphQL errors: ${res.text.slice(0, 300)}`;
    const codes = (errors ?? []).map((e) => String(e.extensions?.code));
    const foreign = codes.filter((code) => !CLIENT_CODES.has(code));
    if (foreign.length) return `codes ${foreign.join(', ')}: ${res.text.slice(0, 300)}`;
    if (!c.refusedWith) return null;
    const allowed = caller.cookie || c.public ? c.refusedWith : [...c.refusedWith, 'UNAUTHENTICATED'];
    if (!codes.length || codes.some((code) => !allowed.includes(code)))
      return `codes ${codes.join(', ') || 'none'}, expected ${allowed.join(' or ')}: HTTP ${res.status} ${res.text.slice(0, 300)}`;
    const status = codes[0] === 'UNAUTHENTICATED' ? 401 : (c.status ?? 400);
    if (res.status !== status) return `HTTP ${res.status}, expected ${status}`;
    if (res.body && 'data' in res.body) return `answered data: ${res.text.slice(0, 300)}`;
    return null;
  }

  /** Sends every case as every caller; the problems found, one line each (empty when all is well). */
  async function fuzz(cases: FuzzCase[]): Promise<string[]> {
    const problems: string[] = [];
    for (const c of cases) {
      for (const caller of callers) {
        const { result, records } = await log.during(1, () => send(c, caller));
        const problem = problemWith(c, caller, result, records);
        if (problem) problems.push(`${caller.name}, ${c.name}: ${problem}`);
      }
    }
    return problems;
  }

  it('covers every operation and argument of the schema', () => {
    const fuzzed = new Set(wrongVariableCases(schema).map((c) => c.name.split('(')[0]));
    const roots = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) => Object.values(type.getFields()));
    const withArgs = roots.filter((f) => f.args.length).map((f) => f.name);
    expect(withArgs.length).toBeGreaterThan(30);
    expect(withArgs.filter((name) => !fuzzed.has(name))).toEqual([]);
  });

  it('wrong variable types for every argument: 400 BAD_USER_INPUT before any resolver (or the resolver refuses what only it checks)', async () => {
    const cases = wrongVariableCases(schema);
    expect(cases.length).toBeGreaterThan(300);
    expect(await fuzz(cases)).toEqual([]);
  }, 300_000);

  it('missing required variables and undeclared ones', async () => {
    expect(await fuzz(missingAndExtraVariableCases(schema))).toEqual([]);
  }, 120_000);

  it("an operation Apollo cannot pick or validate: Apollo's own 400 codes", async () => {
    expect(await fuzz(operationSelectionCases())).toEqual([]);
  });

  it("bodies that are not a GraphQL request: 4xx BAD_REQUEST in GraphQL's shape", async () => {
    expect(await fuzz(malformedBodyCases())).toEqual([]);
  });

  it('GET with bad parameters', async () => {
    expect(await fuzz(badGetCases())).toEqual([]);
  });

  it('the log holds client mistakes at warn at most, never a stack', () => {
    const records = log.records();
    expect(records.filter((r) => r.msg === 'request completed').length).toBeGreaterThan(700);
    expect(records.filter((r) => r.level >= LOG_LEVEL.error)).toEqual([]);
  });
});
