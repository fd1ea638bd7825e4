import { checkWebhookUrl, parseUrl } from '../webhooks/url-rules';
import { resolveDestination } from '../common/outbound/address-rules';
import { ConnectError } from './providers/connect-provider';

/**
 * A Mastodon instance or Bluesky service URL that a person typed is an outbound target like a
 * webhook URL: https (http only where private targets are allowed), no credentials, path or
 * query, and neither the name nor any address it resolves to may be loopback, private,
 * link-local or a cloud metadata endpoint (unless CONNECT_ALLOW_PRIVATE_INSTANCES, which still
 * refuses metadata). Returns the normalised origin (`https://host[:port]`).
 */
export async function checkInstanceUrl(raw: string | null | undefined, allowPrivate: boolean, what: string): Promise<string> {
  const value = (raw ?? '').trim();
  const withScheme = value && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? `https://${value}` : value;
  const url = withScheme ? parseUrl(withScheme) : null;
  if (!url || !url.hostname) throw new ConnectError('invalid_instance', `${what} must be a URL such as https://mastodon.social`);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new ConnectError('invalid_instance', `${what} must use https`);
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new ConnectError('invalid_instance', `${what} must be the server's address only, without path, query or credentials`);
  }
  const refusal = checkWebhookUrl(url, { variant: 'dashboard', allowPrivateTargets: allowPrivate });
  if (refusal) throw new ConnectError('invalid_instance', `${what} is not allowed: ${refusal}`);
  try {
    await resolveDestination(url.hostname, allowPrivate);
  } catch (err) {
    const message = (err as Error).message;
    throw new ConnectError('invalid_instance', message.startsWith('Refused') ? `${what} is not allowed: ${message}` : `${what} could not be resolved`);
  }
  return url.origin;
}
