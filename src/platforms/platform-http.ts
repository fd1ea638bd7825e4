import { PlatformError } from './platform-adapter';

export interface PlatformRequestInit extends RequestInit {
  /** Abort after this many milliseconds (default 30 s). */
  timeoutMs?: number;
}

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * fetch with a timeout and one error vocabulary. A failure before the connection was made is a
 * NETWORK_ERROR the publisher may retry; a timeout or reset after the request left us may have
 * been acted on by the platform, so it is flagged `outcomeUnknown` unless the method is safe.
 */
export async function platformFetch(url: string, init: PlatformRequestInit = {}): Promise<Response> {
  const { timeoutMs = 30_000, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  const safe = method === 'GET' || method === 'HEAD';
  try {
    return await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new PlatformError('TIMEOUT_ERROR', `Platform request timed out after ${timeoutMs} ms`, {
        retryable: true,
        outcomeUnknown: !safe,
      });
    }
    const code = cause?.code ?? '';
    const beforeSend = CONNECT_ERRORS.has(code);
    throw new PlatformError('NETWORK_ERROR', `Network error calling platform${code ? ` (${code})` : ''}`, {
      retryable: true,
      outcomeUnknown: !beforeSend && !safe,
    });
  }
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
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
