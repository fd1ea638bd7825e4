import createFetchClient, { mergeHeaders, type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

/** Every REST route of the service, typed from its OpenAPI document. */
export type SpsClient = Client<paths>;

/** The error body of every refusal: `{ error: <message> }` (limit refusals add their fields). */
export type ErrorBody = components['schemas']['ErrorResponse'];
/** The 403 body of a plan limit (create-post, update-post, queue/add). */
export type LimitExceededBody = components['schemas']['LimitExceededResponse'];

export interface SpsClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service runs, e.g. `https://posts.example.com` (the routes' paths start with `/api/v1`). */
  baseUrl: string;
  /** Sent as `x-api-key` on every request. */
  apiKey?: string;
  /** Act for a managed user (workspace mode): sent as `x-service-user-id` on every request. */
  userId?: string;
}

/**
 * A client for the service's REST API: `client.POST('/api/v1/create-post', { body })` resolves to
 * `{ data, response }` on success or `{ error, response }` with the refusal's body (the status is
 * `response.status`), both typed per route; it never throws for an HTTP status (see `ok()`).
 */
export function createClient({ apiKey, userId, headers, ...options }: SpsClientOptions): SpsClient {
  const defaults: Record<string, string> = {};
  if (apiKey !== undefined) defaults['x-api-key'] = apiKey;
  if (userId !== undefined) defaults['x-service-user-id'] = userId;
  // Headers the caller gives win over these defaults (another user id, a client name…).
  return createFetchClient<paths>({ ...options, headers: mergeHeaders(defaults, headers) });
}

/** An answer as data, or the refusal's status, message and typed body. */
export type SpsResult<T, E> =
  { data: T; error?: undefined; status: number } | { data?: undefined; error: { status: number; error: string; body: E }; status: number };

/**
 * An answer of `client.GET/POST/…` as `{ data, status }` or `{ error: { status, error, body } }`:
 * `const { data, error } = await result(client.GET('/api/v1/get-post/{postGroupId}', …))`, then
 * `if (error?.status === 404) …`.
 */
export async function result<T, E>(request: Promise<{ data?: T; error?: E; response: Response }>): Promise<SpsResult<T, E>> {
  const { data, error, response } = await request;
  if (error === undefined && response.ok) return { data: data as T, status: response.status };
  return { error: { status: response.status, error: messageOf(error, response), body: error as E }, status: response.status };
}

const messageOf = (error: unknown, response: Response) =>
  typeof (error as { error?: unknown } | undefined)?.error === 'string' ? (error as ErrorBody).error : response.statusText;

/** A refusal as an exception: its HTTP status, its message and the whole body. */
export class SpsApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${error}`);
    this.name = 'SpsApiError';
  }
}

/**
 * The data of a successful answer, or a thrown `SpsApiError` for a refusal:
 * `const { postGroupId } = await ok(client.POST('/api/v1/create-post', { body }))`.
 */
export async function ok<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await request;
  if (error !== undefined || !response.ok) throw new SpsApiError(response.status, messageOf(error, response), error);
  return data as T;
}
