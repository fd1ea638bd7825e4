import type { OutboundGuard } from '../common/outbound/outbound-guard';
import { checkWebhookUrl, parseUrl } from '../webhooks/url-rules';
import { ConnectError } from './providers/connect-provider';

/**
 * A Mastodon instance or Bluesky service URL that a person typed is an outbound target like a
 * webhook URL: https (http only where the instances' guard allows it: CONNECT_ALLOW_PRIVATE_INSTANCES
 * or an `http://` OUTBOUND_ALLOWED_HOSTS entry), no credentials, path or query, and neither the
 * name nor any address it resolves to may be loopback, private, link-local or a cloud metadata
 * endpoint (unless CONNECT_ALLOW_PRIVATE_INSTANCES or an OUTBOUND_ALLOWED_HOSTS entry, which still
 * refuse metadata). Checked here to answer the person at once; every call to the server is
 * checked again, on the address it connects to, by the guard (platforms/chosen-server.ts).
 * Returns the normalised origin (`https://host[:port]`).
 */
export async function checkInstanceUrl(raw: string | null | undefined, guard: OutboundGuard, what: string): Promise<string> {
  const value = (raw ?? '').trim();
  const withScheme = value && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? `https://${value}` : value;
  const url = withScheme ? parseUrl(withScheme) : null;
  if (!url || !url.hostname) throw new ConnectError('invalid_instance', `${what} must be a URL such as https://mastodon.social`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && guard.allowsPlainHttp(url))) {
    throw new ConnectError('invalid_instance', `${what} must use https`);
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new ConnectError('invalid_instance', `${what} must be the server's address only, without path, query or credentials`);
  }
  const refusal = checkWebhookUrl(url, { variant: 'dashboard', allowPrivateTargets: guard.allowsPrivate(url) });
  if (refusal) throw new ConnectError('invalid_instance', `${what} is not allowed: ${refusal}`);
  try {
    await guard.resolve(url);
  } catch (err) {
    const message = (err as Error).message;
    throw new ConnectError('invalid_instance', message.startsWith('Refused') ? `${what} is not allowed: ${message}` : `${what} could not be resolved`);
  }
  return url.origin;
}
