import { PlatformError, type RefreshedTokens } from '../platform-adapter';
import { platformFetch, readJson } from '../platform-http';
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
    // Any 4xx here means the token can no longer be refreshed: expired, revoked or too young.
    if (err.code === 'INVALID_CONTENT' || err.code === 'PLATFORM_VALIDATION_ERROR' || err.code === 'PLATFORM_AUTH_EXPIRED') {
      throw new PlatformError('PLATFORM_AUTH_EXPIRED', `${label} token could not be refreshed; reconnect the account`, {
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
