import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
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

// Keep-alive pools: a pooled socket was opened to an address that passed the rules.
const httpAgent = new http.Agent({ keepAlive: true, maxFreeSockets: 64 });
const httpsAgent = new https.Agent({ keepAlive: true, maxFreeSockets: 64 });

/**
 * POSTs the body once: resolve → check → connect to exactly the checked address (the custom
 * `lookup` hands the socket that address, so there is no second resolution to rebind), with one
 * deadline covering DNS, connect, request and response. Redirects are not followed (a 3xx is a
 * failure). The response body is drained and ignored.
 */
export async function postWebhook(request: WebhookRequest, resolver: Resolver = defaultResolver): Promise<WebhookResponse> {
  const started = Date.now();
  const done = (r: Omit<WebhookResponse, 'durationMs'>): WebhookResponse => ({ ...r, durationMs: Date.now() - started });
  let timer: NodeJS.Timeout | undefined;
  let req: http.ClientRequest | undefined;
  let timedOut = false;
  const deadline = new Promise<WebhookResponse>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      req?.destroy();
      resolve(done({ ok: false, statusCode: null, error: `Timed out after ${request.timeoutMs} ms`, refused: false }));
    }, request.timeoutMs);
  });

  const attempt = (async (): Promise<WebhookResponse> => {
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return done({ ok: false, statusCode: null, error: `Refused: unsupported protocol ${url.protocol}`, refused: true });
    }
    let destination: { address: string; family: 4 | 6 };
    try {
      destination = await resolveDestination(url.hostname, request.allowPrivateTargets, resolver);
    } catch (err) {
      if (err instanceof RefusedError) return done({ ok: false, statusCode: null, error: err.message, refused: true });
      const code = (err as { code?: string }).code ?? (err as Error).message;
      return done({ ok: false, statusCode: null, error: `DNS lookup failed: ${code}`, refused: false });
    }
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [destination]);
      } else {
        callback(null, destination.address, destination.family);
      }
    };
    const isHttps = url.protocol === 'https:';
    if (timedOut) return done({ ok: false, statusCode: null, error: 'Timed out', refused: false }); // DNS used the time
    return new Promise<WebhookResponse>((resolve) => {
      req = (isHttps ? https : http).request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'Content-Length': String(request.body.length) },
          lookup: pinned,
          agent: isHttps ? httpsAgent : httpAgent,
        },
        (res) => {
          res.resume(); // drain so the socket can be reused
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const ok = status >= 200 && status < 300;
            resolve(done({ ok, statusCode: status, error: ok ? null : `HTTP ${status}`, refused: false }));
          });
          res.on('error', (err) => resolve(done({ ok: false, statusCode: res.statusCode ?? null, error: err.message, refused: false })));
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => resolve(done({ ok: false, statusCode: null, error: err.code ?? err.message, refused: false })));
      req.end(request.body);
    });
  })();

  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
