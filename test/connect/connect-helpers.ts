import type { TestAccount, TestApp } from '@test/support';

/** Dashboard GraphQL as a signed-in browser (session cookie plus any other cookies it holds). */
export async function gql(t: TestApp, cookies: string[], query: string, variables: Record<string, unknown> = {}) {
  return t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', cookies.join('; ')).send({ query, variables });
}

export const START = `mutation($input: StartConnectionInput!) { startConnection(input: $input) { authorizeUrl expiresAt } }`;
export const COMPLETE = `mutation($id: ID!, $ids: [String!]!) { completeConnection(id: $id, externalIds: $ids) { platform platformId externalId username displayName type instanceUrl } }`;
export const PENDING = `query($id: ID!) { pendingConnection(id: $id) { id platform expiresAt accounts { externalId username displayName profileImageUrl kind } } }`;
export const CREDENTIALS = `mutation($input: ConnectCredentialsInput!) { connectWithCredentials(input: $input) { platform platformId externalId username displayName instanceUrl type tokenStatus } }`;
export const DISCONNECT = `mutation($platformId: String!) { disconnectConnection(platformId: $platformId) }`;
export const PLATFORMS = `{ connectablePlatforms { platform method configured label } }`;
export const OUTCOME = `query($connected: String, $error: String, $message: String, $sig: String) { connectOutcome(connected: $connected, error: $error, message: $message, sig: $sig) { connected message } }`;

/** The `sig` an outcome's address carries when it was signed for the attempt's user (connect-outcome.ts). */
export const SIGNATURE = expect.stringMatching(/^[\w-]{22}$/) as unknown as string;

/** A browser: the session cookie plus the connect binding cookie once a start set it. */
export class Browser {
  cookies: string[];
  constructor(account: TestAccount) {
    this.cookies = [account.cookie];
  }

  absorb(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const pair = line.split(';')[0];
      const name = pair.split('=')[0];
      this.cookies = [...this.cookies.filter((c) => !c.startsWith(`${name}=`)), pair];
    }
  }

  get binding(): string | undefined {
    return this.cookies.find((c) => c.startsWith('sps_connect='));
  }
}

/** startConnection; the browser keeps the binding cookie. Returns the GraphQL answer. */
export async function start(t: TestApp, browser: Browser, input: Record<string, unknown>) {
  const res = await gql(t, browser.cookies, START, { input });
  browser.absorb(res.headers['set-cookie']);
  return res;
}

/** The provider's authorize page, as a browser following it: where it sends the browser back. */
export async function authorize(authorizeUrl: string): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  return new URL(location);
}

/** Calls our callback with the browser's cookies; returns the 302 target as a URL. */
export async function callback(t: TestApp, browser: Browser | null, back: URL) {
  const req = t.http.get(`${back.pathname}${back.search}`);
  if (browser) req.set('Cookie', browser.cookies.join('; '));
  const res = await req;
  expect(res.status).toBe(302);
  return new URL(res.headers.location);
}

/** start → authorize → callback in one go. */
export async function connectThrough(t: TestApp, browser: Browser, input: Record<string, unknown>): Promise<URL> {
  const res = await start(t, browser, input);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return callback(t, browser, await authorize(res.body.data.startConnection.authorizeUrl));
}
