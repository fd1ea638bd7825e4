import { PlatformError, type RefreshedTokens } from '../platform-adapter';
import { platformFetch, readJson } from '../platform-http';
import { RefreshRejectedError } from '../adapter-kit/oauth-refresh';
import { classifyGraphError } from './graph.errors';

/**
 * Instagram Login and Threads refresh a long-lived token by presenting it
 * (`GET /refresh_access_token?grant_type=ig_refresh_token|th_refresh_token`); the answer is a new
 * long-lived token (about 60 days). The endpoint is unversioned, so a `/vNN.N` suffix on the
 * configured base is dropped. There is no separate refresh token.
 */
export async function refreshLongLivedToken(
  label: string,
  apiUrl: string,
  grantType: 'ig_refresh_token' | 'th_refresh_token',
  accessToken: string,
  timeoutMs: number,
): Promise<RefreshedTokens> {
  const host = apiUrl.replace(/\/v\d+(\.\d+)?$/, '');
  const query = new URLSearchParams({ grant_type: grantType, access_token: accessToken });
  const res = await platformFetch(`${host}/refresh_access_token?${query}`, { timeoutMs });
  const body = await readJson<{ access_token?: string; expires_in?: number; error?: unknown }>(res);
  if (!res.ok || !body?.access_token) {
    const err = classifyGraphError(label, { status: res.status, headers: res.headers, body });
    // An invalid, expired or revoked token (Graph code 190/102, or a bare 401) never refreshes again.
    if (err.code === 'PLATFORM_AUTH_EXPIRED') {
      throw new RefreshRejectedError(`${label} token could not be refreshed; reconnect the account`, err.options.platformError ?? err.message, {
        httpStatus: err.options.httpStatus,
        platformError: err.options.platformError,
      });
    }
    // Other refusals (a token under 24 hours old, a missing permission) may pass: not a PLATFORM_AUTH_EXPIRED.
    if (err.code === 'INVALID_CONTENT' || err.code === 'PLATFORM_VALIDATION_ERROR') {
      throw new PlatformError('UNKNOWN_ERROR', `${label} token could not be refreshed now: ${err.options.platformError ?? err.message}`, {
        ...err.options,
        retryable: false,
      });
    }
    throw err;
  }
  return {
    accessToken: body.access_token,
    accessTokenExpiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : null,
  };
}
