import { Agent, buildConnector, request as send } from 'undici';
import { defaultResolver, RefusedError, resolveDestination, type Resolver } from '../common/outbound/address-rules';

export interface WebhookRequest {
  url: string;
  body: Buffer;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivateTargets: boolean;
}

export interface WebhookResponse {
  ok: boolean;
  statusCode: number | null;
  /** Null on success; else `HTTP <status>`, `Timed out after <n> ms`, `Refused: …` or a network error. */
  error: string | null;
  /** True when the destination was refused before any connection was made. */
  refused: boolean;
  durationMs: number;
}

/**
 * Keep-alive pools (undici's: the outbox delivered 10–20% more per second than with
 * `http.request`'s agents, bench/webhooks.ts; issue 19), one per address policy and resolver.
 * Their sockets are opened by `checkedConnector`: the host is resolved and checked when a socket
 * is opened, and the socket goes to exactly the checked address (so there is no second
 * resolution to rebind). A pooled socket was opened to an address that passed the rules.
 */
const dispatchers = new WeakMap<Resolver, Map<boolean, Agent>>();
const openSocket = buildConnector({});

function dispatcherFor(allowPrivateTargets: boolean, resolver: Resolver): Agent {
  let byPolicy = dispatchers.get(resolver);
  if (!byPolicy) dispatchers.set(resolver, (byPolicy = new Map()));
  let agent = byPolicy.get(allowPrivateTargets);
  if (!agent) byPolicy.set(allowPrivateTargets, (agent = new Agent({ keepAliveTimeout: 4_000, connect: checkedConnector(allowPrivateTargets, resolver) })));
  return agent;
}

/** Opens a socket to the checked address of `hostname`; TLS still names (SNI, certificate) the host. */
function checkedConnector(allowPrivateTargets: boolean, resolver: Resolver): buildConnector.connector {
  return (options, callback) => {
    resolveDestination(options.hostname, allowPrivateTargets, resolver).then(
      ({ address }) => openSocket({ ...options, hostname: address }, callback),
      (err: Error) => callback(err instanceof RefusedError ? err : new DnsLookupError(err), null),
    );
  };
}

/** The host could not be resolved (the attempt records `DNS lookup failed: <code>`). */
class DnsLookupError extends Error {
  constructor(cause: Error) {
    super(`DNS lookup failed: ${(cause as { code?: string }).code ?? cause.message}`);
  }
}

/**
 * POSTs the body once: resolve → check → connect to exactly the checked address, with one
 * deadline covering DNS, connect, request and response. Redirects are not followed (a 3xx is a
 * failure). The response body is drained and ignored.
 */
export async function postWebhook(request: WebhookRequest, resolver: Resolver = defaultResolver): Promise<WebhookResponse> {
  const started = Date.now();
  const done = (r: Omit<WebhookResponse, 'durationMs'>): WebhookResponse => ({ ...r, durationMs: Date.now() - started });
  const protocol = /^([a-z][a-z0-9+.-]*:)/i.exec(request.url)?.[1].toLowerCase();
  if (protocol !== 'http:' && protocol !== 'https:') {
    return done({ ok: false, statusCode: null, error: protocol ? `Refused: unsupported protocol ${protocol}` : 'Invalid URL', refused: true });
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), request.timeoutMs);
  try {
    const res = await send(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: abort.signal,
      dispatcher: dispatcherFor(request.allowPrivateTargets, resolver),
    });
    await res.body.dump(); // drained so the socket can be reused
    const status = res.statusCode;
    const ok = status >= 200 && status < 300;
    return done({ ok, statusCode: status, error: ok ? null : `HTTP ${status}`, refused: false });
  } catch (err) {
    if (abort.signal.aborted) return done({ ok: false, statusCode: null, error: `Timed out after ${request.timeoutMs} ms`, refused: false });
    if (err instanceof RefusedError) return done({ ok: false, statusCode: null, error: err.message, refused: true });
    if (err instanceof DnsLookupError) return done({ ok: false, statusCode: null, error: err.message, refused: false });
    return done({ ok: false, statusCode: null, error: networkError(err), refused: false });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The system's code (`ECONNREFUSED`, `ENOTFOUND`, …) when there is one, also behind undici's own
 * errors; else the message (undici's "other side closed", an invalid URL).
 */
function networkError(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const code = e.cause?.code ?? e.code;
  if (code && !code.startsWith('UND_ERR') && !code.startsWith('ERR_')) return code;
  if (code === 'ERR_INVALID_URL') return 'Invalid URL';
  return e.message ?? String(err);
}
