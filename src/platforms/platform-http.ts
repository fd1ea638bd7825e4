import type { IncomingHttpHeaders } from 'node:http';
import { Agent, fetch as undiciFetch, request, type RequestInit as UndiciRequestInit } from 'undici';
import { guardFailure, REDIRECT_STATUSES, redirectRefused, refusalBeforeSending, type ChosenServer } from './chosen-server';
import { PlatformError } from './platform-adapter';

export interface PlatformRequestInit extends RequestInit {
  /** Abort after this many milliseconds (default 30 s). */
  timeoutMs?: number;
  /**
   * Set for a server a person chose (Mastodon instance, Bluesky PDS): the request goes through
   * its guard's checked, pinned connections and a redirect is refused, never followed
   * (chosen-server.ts). Unset: a configured platform host, as before.
   */
  chosenServer?: ChosenServer;
}

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * fetch with a timeout and one error vocabulary. A failure before the connection was made is a
 * NETWORK_ERROR the publisher may retry; a timeout or reset after the request left us may have
 * been acted on by the platform, so it is flagged `outcomeUnknown` unless the method is safe.
 */
export async function platformFetch(url: string, init: PlatformRequestInit = {}): Promise<Response> {
  const { timeoutMs = 30_000, chosenServer, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  if (chosenServer) return fetchChosenServer(url, rest, method, timeoutMs, chosenServer);
  try {
    return await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw platformRequestError(err, method, timeoutMs);
  }
}

/**
 * platformFetch to a chosen server: undici's own fetch (the guard's pool is an undici v6 Agent,
 * which Node's bundled fetch cannot take) with `redirect: 'manual'`, so a 3xx comes back as
 * itself and is refused here.
 */
async function fetchChosenServer(url: string, init: RequestInit, method: string, timeoutMs: number, server: ChosenServer): Promise<Response> {
  const refusal = refusalBeforeSending(url, server);
  if (refusal) throw refusal;
  let res: Response;
  try {
    const options = {
      ...(init as UndiciRequestInit),
      redirect: 'manual',
      dispatcher: server.guard.dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
    } as const;
    res = (await undiciFetch(url, options)) as unknown as Response;
  } catch (err) {
    throw guardFailure(err, url, server) ?? platformRequestError(err, method, timeoutMs);
  }
  if (REDIRECT_STATUSES.has(res.status)) {
    await res.body?.cancel().catch(() => undefined);
    throw redirectRefused(url, server, res.status);
  }
  return res;
}

/**
 * One error vocabulary for fetch's errors (a TypeError whose `cause` has the code) and undici
 * `request`'s (the code on the error itself).
 */
function platformRequestError(err: unknown, method: string, timeoutMs: number): PlatformError {
  const safe = method === 'GET' || method === 'HEAD';
  const cause = (err as { cause?: { code?: string } }).cause;
  const name = (err as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new PlatformError('TIMEOUT_ERROR', `Platform request timed out after ${timeoutMs} ms`, {
      retryable: true,
      outcomeUnknown: !safe,
    });
  }
  const code = cause?.code ?? (err as { code?: string }).code ?? '';
  const beforeSend = CONNECT_ERRORS.has(code);
  return new PlatformError('NETWORK_ERROR', `Network error calling platform${code ? ` (${code})` : ''}`, {
    retryable: true,
    outcomeUnknown: !beforeSend && !safe,
  });
}

/** A platform's answer read whole: status, headers, the body as text. */
export interface PlatformTextAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

/**
 * The JSON clients' pool: undici's own (its `request` costs about a third of `fetch`'s CPU per
 * call, a share of every publish), not the global dispatcher, which Node's bundled
 * fetch, another undici version, shares.
 */
const textDispatcher = new Agent({ keepAliveTimeout: 4_000 });

/** Headers built on first use: most answers are read for their body only. */
class TextAnswer implements PlatformTextAnswer {
  private built: Headers | undefined;

  constructor(
    readonly status: number,
    private readonly raw: IncomingHttpHeaders,
    readonly text: string,
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get headers(): Headers {
    if (!this.built) {
      this.built = new Headers();
      for (const [name, value] of Object.entries(this.raw)) {
        if (Array.isArray(value)) for (const v of value) this.built.append(name, v);
        else if (value !== undefined) this.built.append(name, value);
      }
    }
    return this.built;
  }
}

/**
 * platformFetch's request, read whole, for callers that always read the body (the JSON clients).
 * A string, form or byte body (or none) goes through undici's `request`, with what fetch would
 * add: `user-agent`, a form's or a string's content type, and a redirect followed by fetch
 * itself (it sends again and follows; a platform answers its API calls with 3xx next to never)
 * — except to a chosen server, whose redirect is refused. Other bodies (multipart, streams) go
 * through `fetch`. Errors and timeouts are platformFetch's.
 */
export async function platformFetchText(url: string, init: PlatformRequestInit = {}): Promise<PlatformTextAnswer> {
  const { timeoutMs = 30_000 } = init;
  const method = (init.method ?? 'GET').toUpperCase();
  const viaFetch = async (): Promise<PlatformTextAnswer> => {
    const res = await platformFetch(url, init);
    try {
      return { status: res.status, ok: res.ok, headers: res.headers, text: await res.text() };
    } catch (err) {
      throw platformRequestError(err, method, timeoutMs);
    }
  };
  const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
  if (body != null && typeof body !== 'string' && !(body instanceof Uint8Array)) return viaFetch();
  const given: Record<string, string> =
    init.headers instanceof Headers || Array.isArray(init.headers) ? Object.fromEntries(init.headers) : ((init.headers ?? {}) as Record<string, string>);
  const named = new Set(Object.keys(given).map((k) => k.toLowerCase()));
  const headers = { ...given };
  if (!named.has('user-agent')) headers['user-agent'] = 'node';
  // fetch's content type for a form or a string sent without one.
  if (!named.has('content-type') && typeof body === 'string') {
    headers['content-type'] = init.body instanceof URLSearchParams ? 'application/x-www-form-urlencoded;charset=UTF-8' : 'text/plain;charset=UTF-8';
  }
  const server = init.chosenServer;
  const refusal = server && refusalBeforeSending(url, server);
  if (refusal) throw refusal;
  let answer: TextAnswer;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const dispatcher = server ? server.guard.dispatcher : textDispatcher;
    const res = await request(url, { method: method as 'GET', headers, body: body ?? null, signal, dispatcher });
    answer = new TextAnswer(res.statusCode, res.headers, await res.body.text());
  } catch (err) {
    throw (server && guardFailure(err, url, server)) || platformRequestError(err, method, timeoutMs);
  }
  if (server && REDIRECT_STATUSES.has(answer.status)) throw redirectRefused(url, server, answer.status);
  return answer.status >= 300 && answer.status < 400 && answer.headers.has('location') ? viaFetch() : answer;
}

/** Parses a Retry-After header (seconds or HTTP date) into milliseconds. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Reads a JSON body without throwing on empty or non-JSON answers. */
export async function readJson<T = Record<string, unknown>>(res: Response): Promise<T | null> {
  return parseJsonLeniently<T>(await res.text());
}

/** JSON text as a value; null when empty or not JSON. */
export function parseJsonLeniently<T = Record<string, unknown>>(text: string): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
