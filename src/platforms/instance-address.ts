import { RefusedError, resolveDestination } from '../common/outbound/address-rules';
import { PlatformError } from './platform-adapter';

/**
 * A Mastodon instance or Bluesky service that a person chose is an outbound target like a webhook
 * URL: it is checked when the account is connected and again before every call, so a host that
 * later resolves to a loopback, private, link-local or metadata address is never reached
 * (CONNECT_ALLOW_PRIVATE_INSTANCES lifts all but the metadata rule). The refusal names the host,
 * not the address it resolved to, and is not retried: the same answer would come back.
 *
 * The check resolves the name itself and fetch resolves it again when it connects; a DNS answer
 * that changes between the two (within milliseconds) is the remaining window, which pinning the
 * address would close (docs/connect.md).
 */
export async function assertInstanceReachable(baseUrl: string, label: string, allowPrivate: boolean): Promise<void> {
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    throw new PlatformError('PLATFORM_VALIDATION_ERROR', `${label} server address is not a URL`, { retryable: false });
  }
  try {
    await resolveDestination(host, allowPrivate);
  } catch (err) {
    if (err instanceof RefusedError) {
      throw new PlatformError('PLATFORM_VALIDATION_ERROR', `${label} server ${host} is not allowed: it resolves to a non-public address`, { retryable: false });
    }
    throw new PlatformError('NETWORK_ERROR', `Could not resolve the ${label} server ${host}`, { retryable: true });
  }
}
