import { basicAuth } from '../../platforms/adapter-kit/oauth-refresh';
import type { ChosenServer } from '../../platforms/chosen-server';
import { PlatformError } from '../../platforms/platform-adapter';
import { platformFetch, readJson } from '../../platforms/platform-http';
import { ConnectError } from './connect-provider';

/** A token endpoint's answer, tolerant of the nesting some platforms use. */
export interface TokenAnswer {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
  /** Everything the endpoint sent (Instagram's `user_id`, TikTok's `open_id`). */
  raw: Record<string, unknown>;
}

export interface CodeExchange {
  label: string;
  url: string;
  /** `basic`: HTTP Basic client authentication; `body`: id and secret as form fields. */
  clientAuth: 'basic' | 'body';
  clientId: string;
  clientSecret: string;
  /** TikTok calls the client id `client_key`. */
  clientIdParam?: string;
  form: Record<string, string>;
  /** Facebook's token endpoint is a GET with query parameters. */
  httpMethod?: 'POST' | 'GET';
  timeoutMs: number;
  unwrap?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** A server a person chose (a Mastodon instance): through its guard, redirects refused. */
  chosenServer?: ChosenServer;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/**
 * The message of a refusal by a chosen server's guard (a non-public address, plain http, a
 * redirect), which says more than "could not be reached"; null for any other failure.
 */
export function refusalMessage(err: unknown): string | null {
  return err instanceof PlatformError && err.code === 'PLATFORM_VALIDATION_ERROR' ? err.message : null;
}

/** The provider's own words for a refused exchange, for the callback's message (never a token). */
function describeRefusal(body: Record<string, unknown> | null): string {
  if (!body) return 'no readable answer';
  const error = body.error;
  const code =
    typeof error === 'string' ? error : ((error as { code?: unknown; type?: unknown } | undefined)?.code ?? (error as { type?: unknown } | undefined)?.type);
  const text = str(body.error_description) ?? str((error as { message?: unknown } | undefined)?.message) ?? str(body.message) ?? str(body.error_message);
  return [str(code), text].filter(Boolean).join(': ') || 'no readable answer';
}

/**
 * The authorization-code (or any grant) POST to a token endpoint, with client authentication as
 * the platform wants it. Any refusal becomes `token_exchange_failed` naming what the provider said.
 */
export async function exchangeToken(call: CodeExchange): Promise<TokenAnswer> {
  const form: Record<string, string> = { ...call.form };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.clientAuth === 'basic') {
    headers.authorization = basicAuth(call.clientId, call.clientSecret);
    // X wants the client id in the body as well, which the others tolerate.
    form[call.clientIdParam ?? 'client_id'] = call.clientId;
  } else {
    form[call.clientIdParam ?? 'client_id'] = call.clientId;
    form.client_secret = call.clientSecret;
  }
  const encoded = new URLSearchParams(form).toString();
  let res: Response;
  try {
    res =
      call.httpMethod === 'GET'
        ? await platformFetch(`${call.url}${call.url.includes('?') ? '&' : '?'}${encoded}`, {
            headers,
            timeoutMs: call.timeoutMs,
            chosenServer: call.chosenServer,
          })
        : await platformFetch(call.url, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: encoded,
            timeoutMs: call.timeoutMs,
            chosenServer: call.chosenServer,
          });
  } catch (err) {
    throw new ConnectError('token_exchange_failed', refusalMessage(err) ?? `${call.label} could not be reached: ${(err as Error).message}`);
  }
  const raw = (await readJson<Record<string, unknown>>(res)) ?? null;
  const body = raw && call.unwrap ? call.unwrap(raw) : raw;
  const accessToken = str(body?.access_token);
  if (!res.ok || !body || !accessToken || (typeof body.error === 'string' && body.error !== 'ok')) {
    throw new ConnectError('token_exchange_failed', `${call.label} refused the authorization code (${describeRefusal(body)})`);
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken,
    refreshToken: str(body.refresh_token),
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scope: str(body.scope),
    raw: body,
  };
}

/** A GET of identity or page data with the new token; failures name the platform and status. */
export async function fetchIdentity<T>(
  label: string,
  url: string,
  accessToken: string | null,
  timeoutMs: number,
  headers: Record<string, string> = {},
  chosenServer?: ChosenServer,
): Promise<T> {
  let res: Response;
  try {
    res = await platformFetch(url, {
      headers: { accept: 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), ...headers },
      timeoutMs,
      chosenServer,
    });
  } catch (err) {
    throw new ConnectError('token_exchange_failed', refusalMessage(err) ?? `${label} could not be reached: ${(err as Error).message}`);
  }
  const body = await readJson<Record<string, unknown>>(res);
  if (!res.ok || !body) {
    throw new ConnectError('token_exchange_failed', `${label} did not return the account (HTTP ${res.status}${body ? `, ${describeRefusal(body)}` : ''})`);
  }
  return body as T;
}

/** Best-effort POST (revocation): never throws; a failure only means the grant stays at the provider. */
export async function postQuietly(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
  timeoutMs: number,
  chosenServer?: ChosenServer,
): Promise<boolean> {
  try {
    const res = await platformFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
      timeoutMs,
      chosenServer,
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.ok;
  } catch (err) {
    if (err instanceof PlatformError) return false;
    throw err;
  }
}
