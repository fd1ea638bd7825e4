import { request as send } from 'undici';
import { RefusedError } from '../common/outbound/address-rules';
import { parseAllowedHosts } from '../common/outbound/allowed-hosts';
import { DnsLookupError, outboundGuard, type OutboundGuard } from '../common/outbound/outbound-guard';
import type { Environment } from '../config/environment';

export interface WebhookRequest {
  url: string;
  body: Buffer;
  headers: Record<string, string>;
  timeoutMs: number;
  /** The webhooks' guard (`webhookGuard`): its pool checks and pins every address it connects to. */
  guard: OutboundGuard;
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
 * The webhooks' destination rules at delivery (and their private-address switch at create and
 * update): WEBHOOKS_ALLOW_PRIVATE_TARGETS lifts the private-address rule for every URL,
 * OUTBOUND_ALLOWED_HOSTS for its origins; http is accepted as the spec has it.
 */
export function webhookGuard(env: Pick<Environment, 'WEBHOOKS_ALLOW_PRIVATE_TARGETS' | 'OUTBOUND_ALLOWED_HOSTS'>): OutboundGuard {
  return outboundGuard({ allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE_TARGETS, httpsOnly: false, allowedHosts: parseAllowedHosts(env.OUTBOUND_ALLOWED_HOSTS) });
}

/**
 * POSTs the body once through the guard's keep-alive pool (undici's: the outbox delivered 10–20%
 * more per second than with `http.request`'s agents, bench/webhooks.ts): resolve → check →
 * connect to exactly the checked address, with one deadline covering DNS, connect, request and
 * response. Redirects are not followed (a 3xx is a failure). The response body is drained and
 * ignored.
 */
export async function postWebhook(request: WebhookRequest): Promise<WebhookResponse> {
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
      dispatcher: request.guard.dispatcher,
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
