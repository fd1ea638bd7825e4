import request, { type Response, type Test } from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { OpenApiResponseValidator, type OpenApiDocument, type ReceivedResponse } from './openapi-responses';

/** One validator per distinct document: the apps of a test process mostly serve the same one, and compiling is the costly part. */
const validators = new Map<string, OpenApiResponseValidator>();

/** A validator for the OpenAPI document the app at `baseUrl` serves. */
export async function servedDocumentValidator(baseUrl: string): Promise<OpenApiResponseValidator> {
  const res = await fetch(`${baseUrl}/api/v1/openapi.json`);
  if (!res.ok) throw new Error(`GET /api/v1/openapi.json answered ${res.status}: no document to hold responses to`);
  const text = await res.text();
  let validator = validators.get(text);
  if (!validator) {
    validator = new OpenApiResponseValidator(JSON.parse(text) as OpenApiDocument);
    if (validators.size >= 8) validators.delete(validators.keys().next().value!);
    validators.set(text, validator);
  }
  return validator;
}

/** What the validator reads of a supertest response. */
export function receivedResponse(method: string, url: string, res: Response): ReceivedResponse {
  const contentType = res.headers['content-type'] as string | undefined;
  const raw: string | Buffer | undefined = typeof res.text === 'string' ? res.text : Buffer.isBuffer(res.body) ? res.body : undefined;
  const empty = raw === undefined ? res.headers['content-length'] === '0' || !contentType : raw.length === 0;
  let body: unknown = res.body;
  // A suite that read the body raw (`.buffer().parse(...)`) still has JSON to check.
  if (Buffer.isBuffer(body) && /json/i.test(contentType ?? '') && body.length) {
    try {
      body = JSON.parse(body.toString('utf8'));
    } catch {
      // Not JSON after all: the schema check reports it.
    }
  }
  return { method, url, status: res.status, contentType, body, empty };
}

/**
 * supertest against `baseUrl` whose every request, once the test's own expectations pass, fails
 * when its response does not match the served document. The check runs last so that a test's own
 * failing `.expect(...)` is what a failure reports first.
 */
export async function validatingAgent(baseUrl: string, validator?: OpenApiResponseValidator): Promise<TestAgent> {
  validator ??= await servedDocumentValidator(baseUrl);
  const agent = request(baseUrl) as unknown as Record<string, (url: string) => Test>;
  for (const [name, make] of Object.entries(agent)) {
    if (typeof make !== 'function') continue;
    agent[name] = (url: string) => holdToDocument(make.call(agent, url), validator!);
  }
  return agent as unknown as TestAgent;
}

/**
 * `fetch` whose answers, when they are to a documented operation, must match the document as
 * t.http's do (a mismatch rejects the call). For suites that need fetch itself (raw bodies, the
 * MCP SDK's transport).
 */
export function validatingFetch(validator: OpenApiResponseValidator): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const contentType = response.headers.get('content-type') ?? undefined;
    // An event stream is read by its consumer as it comes: only its status and type are checked.
    const text = /^text\/event-stream/i.test(contentType ?? '') ? 'stream' : await response.clone().text();
    let body: unknown = text;
    if (/json/i.test(contentType ?? '') && text) {
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON after all: the schema check reports it.
      }
    }
    const problem = validator.check({ method, url, status: response.status, contentType, body, empty: !text });
    if (problem) throw new Error(`Response does not match the OpenAPI document: ${problem}`);
    return response;
  };
}

type Assert = (resError: Error | null, res: Response | undefined, fn?: (err: Error | null, res?: Response) => void) => void;

function holdToDocument(test: Test, validator: OpenApiResponseValidator): Test {
  // supertest's `assert` runs a request's expectations and hands the result to its callback: the
  // one place every way of awaiting a request (then, end, expect(…, cb)) goes through.
  const target = test as unknown as { assert: Assert; method: string; url: string };
  const assert = target.assert;
  // Where the test made the request: what a failure's stack shows (the check itself runs later).
  const madeAt = new Error().stack?.split('\n').slice(3).join('\n') ?? '';
  target.assert = function (this: unknown, resError, res, fn) {
    assert.call(this, resError, res, (err, response) => {
      let failure = err;
      if (!failure && response) {
        const problem = validator.check(receivedResponse(target.method, target.url, response));
        if (problem) {
          failure = new Error(`Response does not match the OpenAPI document: ${problem}`);
          failure.stack = `${failure.message}\n${madeAt}`;
        }
      }
      fn?.call(this, failure, response);
    });
  };
  return test;
}
