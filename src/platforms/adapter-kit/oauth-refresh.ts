import { PlatformError, type PlatformCredentials, type RefreshedTokens } from '../platform-adapter';
import { platformFetch, readJson } from '../platform-http';
import { platformFailure, resetHeaderMs } from './http-failure';

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string | { code?: string; message?: string };
  error_description?: string;
  message?: string;
}

/**
 * OAuth errors meaning the grant (or the app's client) is gone: trying again cannot help, the user
 * has to connect the account again. X and LinkedIn answer `invalid_request` for a revoked token.
 */
const DEAD_GRANT = new Set(['invalid_grant', 'invalid_token', 'invalid_client', 'unauthorized_client', 'access_denied', 'invalid_request']);
/** OAuth errors that say "later" even on a 400 (RFC 6749 §4.1.2.1). */
const PASSING_OAUTH_ERRORS = new Set(['temporarily_unavailable', 'server_error', 'slow_down']);

/**
 * A refresh the platform refused for good (revoked or expired grant, unknown client): the
 * connection needs reauthorization, and asking again would be refused again.
 */
export class RefreshRejectedError extends PlatformError {
  constructor(
    message: string,
    /** The platform's own words (error code and description), for the connection's health reason. */
    readonly reason: string,
    options: { httpStatus?: number; platformError?: string | null } = {},
  ) {
    super('PLATFORM_AUTH_EXPIRED', message, { ...options, retryable: false });
    this.name = 'RefreshRejectedError';
  }
}

/** No refresh was tried: nothing to refresh with (no refresh token, the app's client not configured). */
export class RefreshUnavailableError extends PlatformError {
  constructor(message: string) {
    super('PLATFORM_AUTH_EXPIRED', message, { retryable: false });
    this.name = 'RefreshUnavailableError';
  }
}

/**
 * Whether a failed refresh will fail again whatever we do. Built-in adapters say so with
 * RefreshRejectedError; a plugin's PLATFORM_AUTH_EXPIRED counts too. Everything else (5xx, 429,
 * network, timeouts, a young Meta token) passes and is tried again later.
 */
export function isPermanentRefreshFailure(err: unknown): boolean {
  if (err instanceof RefreshRejectedError) return true;
  if (err instanceof RefreshUnavailableError) return false;
  return err instanceof PlatformError && err.code === 'PLATFORM_AUTH_EXPIRED';
}

/** Why a permanent refresh failure happened, in the platform's words where it gave some. */
export function refreshFailureReason(err: unknown): string {
  if (err instanceof RefreshRejectedError) return err.reason;
  if (err instanceof PlatformError) return err.options.platformError || err.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * What ConnectionsService adds to the credentials it hands out, so that every refresh path
 * (upkeep, the publisher's refresh after a 401, Bluesky's refresh in the middle of a call) obeys
 * and updates the connection's health without knowing about it.
 */
export interface RefreshWatch {
  /** Set while the connection needs reauthorization: refreshes are refused without a call. */
  refreshBlocked?: string | null;
  /** Told of each failed refresh (permanent or not); its own failures are swallowed. */
  onRefreshFailed?: (err: unknown) => Promise<void>;
}

/**
 * Runs an adapter's refresh under the connection's watch: no call while it needs reauthorization,
 * and a failure is reported once. A permanent failure also blocks these credentials at once, so
 * a caller holding them (the publisher after a failed Bluesky call) does not ask again.
 */
export async function watchedRefresh(credentials: PlatformCredentials, refresh: () => Promise<RefreshedTokens>): Promise<RefreshedTokens> {
  const watch = credentials as PlatformCredentials & RefreshWatch;
  if (watch.refreshBlocked) {
    throw new RefreshUnavailableError(`The account must be reconnected before its token can be refreshed (${watch.refreshBlocked})`);
  }
  try {
    return await refresh();
  } catch (err) {
    if (isPermanentRefreshFailure(err)) watch.refreshBlocked = refreshFailureReason(err);
    await watch.onRefreshFailed?.(err).catch(() => undefined);
    throw err;
  }
}

export interface TokenRefreshCall {
  platform: string;
  url: string;
  form: Record<string, string>;
  headers?: Record<string, string>;
  /** The refresh token we sent: kept when the platform does not rotate it. */
  previousRefreshToken: string;
  timeoutMs: number;
  /** Some platforms nest the answer (`{data:{…}}`). */
  unwrap?: (body: Record<string, unknown>) => TokenAnswer;
}

/**
 * A refresh that cannot be tried (no refresh token stored, or the app's client not configured):
 * PLATFORM_AUTH_EXPIRED, not retryable — the user has to connect the account again.
 */
export function refreshUnavailable(message: string): Promise<never> {
  return Promise.reject(new RefreshUnavailableError(message));
}

/** HTTP Basic client authentication (`authorization` header value) for token endpoints. */
export const basicAuth = (clientId: string, clientSecret: string): string => `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

/**
 * The OAuth2 `grant_type=refresh_token` exchange shared by X, LinkedIn, TikTok, Google and Pinterest. A dead
 * grant (a DEAD_GRANT error, or a 400/401 whose error does not say "later") becomes
 * RefreshRejectedError (reconnect needed); 5xx, 429 and other answers pass. The newest refresh
 * token always wins; an answer without one keeps ours.
 */
export async function refreshOAuthToken(call: TokenRefreshCall): Promise<RefreshedTokens> {
  const res = await platformFetch(call.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...call.headers },
    body: new URLSearchParams({ grant_type: 'refresh_token', ...call.form }).toString(),
    timeoutMs: call.timeoutMs,
  });
  const raw = (await readJson<Record<string, unknown>>(res)) ?? {};
  const body = call.unwrap ? call.unwrap(raw) : (raw as TokenAnswer);
  const errorCode = typeof body.error === 'string' ? body.error : body.error?.code;
  const errorText = body.error_description ?? (typeof body.error === 'object' ? body.error?.message : undefined) ?? body.message;
  if (!res.ok || (errorCode && errorCode !== 'ok') || !body.access_token) {
    const platformError = [errorCode, errorText].filter(Boolean).join(': ') || null;
    const passing = !!errorCode && PASSING_OAUTH_ERRORS.has(errorCode);
    if ((errorCode && DEAD_GRANT.has(errorCode)) || (!passing && (res.status === 400 || res.status === 401))) {
      return Promise.reject(
        new RefreshRejectedError(
          `${call.platform} token refresh failed${platformError ? `: ${platformError}` : ''}`,
          platformError ?? `HTTP ${res.status} from the token endpoint`,
          { httpStatus: res.status, platformError },
        ),
      );
    }
    throw platformFailure({
      platform: call.platform,
      // A "later" error is a server's trouble whatever its status (never read as a revoked token).
      status: res.ok ? 502 : passing ? 503 : res.status,
      platformError,
      retryAfterMs: resetHeaderMs(res.headers),
    });
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token || call.previousRefreshToken,
    accessTokenExpiresAt: typeof body.expires_in === 'number' ? new Date(Date.now() + body.expires_in * 1000) : null,
  };
}
