import { RefusedError } from '../common/outbound/address-rules';
import { parseAllowedHosts } from '../common/outbound/allowed-hosts';
import { DnsLookupError, outboundGuard, SchemeRefusedError, type OutboundGuard } from '../common/outbound/outbound-guard';
import type { Environment } from '../config/environment';
import { PlatformError } from './platform-adapter';

/**
 * A Mastodon instance or Bluesky service (PDS) that a person chose is an outbound target like a
 * webhook URL. Every call to it, at connect time and after, goes through the instances' guard:
 * https (http only where CONNECT_ALLOW_PRIVATE_INSTANCES or an `http://` OUTBOUND_ALLOWED_HOSTS
 * entry allows it), and every address the host resolves to is checked when the socket is opened,
 * which then goes to exactly that address (no second resolution to rebind). Redirects are not
 * followed: the server answering one is a failure naming it, so a server cannot send a request
 * (and the token or password it carries) to another host.
 */
export interface ChosenServer {
  guard: OutboundGuard;
  /** `Mastodon`, `Bluesky`: the platform the messages name. */
  label: string;
}

/** The instances' guard: CONNECT_ALLOW_PRIVATE_INSTANCES for every server, OUTBOUND_ALLOWED_HOSTS for its origins. */
export function instanceGuard(env: Pick<Environment, 'CONNECT_ALLOW_PRIVATE_INSTANCES' | 'OUTBOUND_ALLOWED_HOSTS'>): OutboundGuard {
  return outboundGuard({
    allowPrivate: env.CONNECT_ALLOW_PRIVATE_INSTANCES === true,
    httpsOnly: true,
    allowedHosts: parseAllowedHosts(env.OUTBOUND_ALLOWED_HOSTS),
  });
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
};

/** What is refused before anything is opened: not a URL, another scheme, plain http, a refused IP literal. */
export function refusalBeforeSending(url: string, server: ChosenServer): PlatformError | null {
  const host = hostOf(url);
  if (host === null) return new PlatformError('PLATFORM_VALIDATION_ERROR', `${server.label} server address is not a URL`, { retryable: false });
  const refusal = server.guard.refusalForUrl(url);
  return refusal ? refused(server, host, refusal) : null;
}

/**
 * The guard's own failures, as fetch (a TypeError whose `cause` is it) or undici's `request`
 * (the error itself) hands them on; null for any other error. A refusal is not retried (the same
 * answer would come back) and does not show the address the host resolved to.
 */
export function guardFailure(err: unknown, url: string, server: ChosenServer): PlatformError | null {
  const cause = err instanceof RefusedError || err instanceof DnsLookupError ? err : (err as { cause?: unknown } | null)?.cause;
  const host = hostOf(url) ?? url;
  if (cause instanceof RefusedError) return refused(server, host, cause);
  if (cause instanceof DnsLookupError) {
    return new PlatformError('NETWORK_ERROR', `Could not resolve the ${server.label} server ${host}`, { retryable: true, outcomeUnknown: false });
  }
  return null;
}

/** A 3xx answer: not followed, not retried (the server would answer the same). */
export function redirectRefused(url: string, server: ChosenServer, status: number): PlatformError {
  return new PlatformError(
    'PLATFORM_VALIDATION_ERROR',
    `${server.label} server ${hostOf(url) ?? url} answered with a redirect (HTTP ${status}); redirects are not followed`,
    { retryable: false, httpStatus: status },
  );
}

function refused(server: ChosenServer, host: string, refusal: RefusedError): PlatformError {
  const why = refusal instanceof SchemeRefusedError ? 'it must use https' : 'it resolves to a non-public address';
  return new PlatformError('PLATFORM_VALIDATION_ERROR', `${server.label} server ${host} is not allowed: ${why}`, { retryable: false });
}

/** The statuses fetch would follow. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
