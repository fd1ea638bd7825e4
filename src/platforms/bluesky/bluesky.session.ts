import { PlatformCredentials, RefreshedTokens } from '../platform-adapter';
import type { OutboundGuard } from '../../common/outbound/outbound-guard';
import { platformFetch, readJson } from '../platform-http';
import { RefreshRejectedError, watchedRefresh } from '../adapter-kit/oauth-refresh';
import { classifyBlueskyError, isExpiredAccessToken } from './bluesky.errors';

/** Expiry and scope read from a session JWT's payload (no signature check: it is our own token). */
export function readJwtClaims(jwt: string): { expiresAt: Date | null; scope: string | null } {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number; scope?: string };
    return { expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null, scope: payload.scope ?? null };
  } catch {
    return { expiresAt: null, scope: null };
  }
}

/**
 * `com.atproto.server.refreshSession`: the refresh JWT is the bearer, and it is rotated. The PDS
 * is the person's choice: reached through the instances' guard.
 */
export async function refreshBlueskySession(pdsUrl: string, refreshJwt: string, timeoutMs: number, guard: OutboundGuard): Promise<RefreshedTokens> {
  const res = await platformFetch(`${pdsUrl}/xrpc/com.atproto.server.refreshSession`, {
    method: 'POST',
    headers: { authorization: `Bearer ${refreshJwt}`, accept: 'application/json' },
    timeoutMs,
    chosenServer: { guard, label: 'Bluesky' },
  });
  const body = await readJson<{ accessJwt?: string; refreshJwt?: string }>(res);
  if (!res.ok || !body?.accessJwt) {
    const err = classifyBlueskyError(res.status, res.headers, body);
    // A 400/401 here (ExpiredToken, InvalidToken…) means the refresh JWT itself is expired or revoked: reconnect needed.
    if (res.status === 400 || res.status === 401) {
      const reason = err.options.platformError ?? 'refresh token rejected';
      throw new RefreshRejectedError(`Bluesky session refresh failed: ${reason}`, reason, { httpStatus: res.status, platformError: err.options.platformError });
    }
    throw err;
  }
  return {
    accessToken: body.accessJwt,
    refreshToken: body.refreshJwt ?? refreshJwt,
    accessTokenExpiresAt: readJwtClaims(body.accessJwt).expiresAt,
  };
}

export interface XrpcCall {
  method: 'GET' | 'POST';
  /** A list repeats its key (`uris=a&uris=b`), as XRPC takes array parameters. */
  query?: Record<string, string | string[]>;
  json?: unknown;
  bytes?: Buffer;
  contentType?: string;
  /** Another host than the PDS (the video service) and its own bearer. */
  baseUrl?: string;
  bearer?: string;
  /** Statuses the caller reads itself instead of failing (the video service's 409 already_exists). */
  accept?: (status: number, body: unknown) => boolean;
}

function xrpcQuery(params: Record<string, string | string[]>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
  return query;
}

/**
 * XRPC calls on the account's PDS. When the access JWT has expired (`400 ExpiredToken`) the
 * session is refreshed once, the new tokens are handed to `credentials.onTokensRefreshed` to be
 * stored (the old refresh JWT stops working), and the call is repeated.
 */
export class BlueskySession {
  private accessJwt: string;
  private refreshed = false;

  constructor(
    readonly pdsUrl: string,
    private readonly credentials: PlatformCredentials,
    private readonly timeoutMs: number,
    /** The instances' guard: every call to the PDS checked and pinned, redirects refused. */
    private readonly guard: OutboundGuard,
  ) {
    this.accessJwt = credentials.accessToken;
  }

  /** The access JWT in use (a refreshed one after ExpiredToken). */
  get currentAccessToken(): string {
    return this.accessJwt;
  }

  get did(): string {
    return this.credentials.externalId;
  }

  async call<T>(nsid: string, call: XrpcCall): Promise<T> {
    // The PDS is the person's choice; the video service (`baseUrl`) is configuration.
    const chosenServer = call.baseUrl ? undefined : { guard: this.guard, label: 'Bluesky' };
    for (;;) {
      const query = call.query ? `?${xrpcQuery(call.query)}` : '';
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${call.bearer ?? this.accessJwt}` };
      let body: Buffer | string | undefined;
      if (call.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(call.json);
      } else if (call.bytes) {
        headers['content-type'] = call.contentType ?? 'application/octet-stream';
        body = call.bytes;
      }
      const res = await platformFetch(`${call.baseUrl ?? this.pdsUrl}/xrpc/${nsid}${query}`, {
        method: call.method,
        headers,
        body,
        timeoutMs: this.timeoutMs,
        chosenServer,
      });
      const answer = await readJson<T>(res);
      if (res.ok || call.accept?.(res.status, answer)) return answer as T;
      if (isExpiredAccessToken(res.status, answer) && !call.bearer && !this.refreshed && this.credentials.refreshToken) {
        await this.refresh();
        continue;
      }
      throw classifyBlueskyError(res.status, res.headers, answer, call.baseUrl ? 'Bluesky video service' : 'Bluesky');
    }
  }

  private async refresh(): Promise<void> {
    this.refreshed = true;
    const tokens = await watchedRefresh(this.credentials, () => refreshBlueskySession(this.pdsUrl, this.credentials.refreshToken!, this.timeoutMs, this.guard));
    this.accessJwt = tokens.accessToken;
    await this.credentials.onTokensRefreshed?.(tokens);
  }
}
