import { PlatformError, RefreshedTokens } from '../platform-adapter';
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

/** OAuth errors meaning the grant is gone: the user has to connect the account again. */
const DEAD_GRANT = new Set(['invalid_grant', 'invalid_token', 'unauthorized_client', 'access_denied', 'invalid_request']);

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
  return Promise.reject(new PlatformError('PLATFORM_AUTH_EXPIRED', message, { retryable: false }));
}

/** HTTP Basic client authentication (`authorization` header value) for token endpoints. */
export const basicAuth = (clientId: string, clientSecret: string): string => `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

/**
 * The OAuth2 `grant_type=refresh_token` exchange shared by X, LinkedIn, TikTok, Google and Pinterest. A dead
 * grant becomes PLATFORM_AUTH_EXPIRED (reconnect needed); the newest refresh token always wins.
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
    if ((errorCode && DEAD_GRANT.has(errorCode)) || res.status === 400 || res.status === 401) {
      return Promise.reject(
        new PlatformError('PLATFORM_AUTH_EXPIRED', `${call.platform} token refresh failed${platformError ? `: ${platformError}` : ''}`, {
          retryable: false,
          httpStatus: res.status,
          platformError,
        }),
      );
    }
    throw platformFailure({
      platform: call.platform,
      status: res.ok ? 502 : res.status,
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
