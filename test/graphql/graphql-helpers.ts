import type { TestApp } from '@test/support';

export interface GqlBody {
  data?: Record<string, any> | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, any> }>;
}

/** POST /graphql as the dashboard does (JSON, so Apollo's CSRF check passes), with a session cookie. */
export function gqlClient(t: TestApp) {
  return async (query: string, variables: Record<string, unknown> = {}, cookie?: string): Promise<GqlBody & { status: number }> => {
    const req = t.http.post('/graphql').set('content-type', 'application/json');
    if (cookie) req.set('Cookie', cookie);
    const res = await req.send({ query, variables });
    return { status: res.status, ...(res.body as GqlBody) };
  };
}

/** The data of an operation that must succeed (fails the test with the errors otherwise). */
export function dataOf(body: GqlBody): Record<string, any> {
  if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** The one error of a refused operation: message and extensions. */
export function errorOf(body: GqlBody): { message: string; code: string; extensions: Record<string, any> } {
  if (!body.errors?.length) throw new Error(`expected an error, got ${JSON.stringify(body.data)}`);
  const [e] = body.errors;
  return { message: e.message, code: e.extensions?.code, extensions: e.extensions ?? {} };
}
