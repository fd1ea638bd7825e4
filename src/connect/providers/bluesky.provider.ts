import { PlatformError, type RefreshedTokens } from '../../platforms/platform-adapter';
import type { ChosenServer } from '../../platforms/chosen-server';
import { platformFetch, readJson } from '../../platforms/platform-http';
import type { ConnectSettings } from '../connect-settings';
import { BlueskyCredentialsDto } from '../dto/credentials.dto';
import { checkInstanceUrl } from '../instance-url';
import {
  ConnectError,
  type ConnectCandidate,
  type ConnectField,
  type CredentialsConnectProvider,
  type CredentialsInput,
  type StoredGrant,
} from './connect-provider';
import { postQuietly, refusalMessage } from './oauth-http';

export const DEFAULT_BLUESKY_SERVICE = 'https://bsky.social';
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Bluesky with a handle and an app password: `createSession` on the person's service (default
 * bsky.social), keeping the access and refresh JWTs — never the password. The adapter refreshes
 * the session with the refresh JWT.
 */
export class BlueskyProvider implements CredentialsConnectProvider {
  readonly platform = 'bluesky' as const;
  readonly method = 'credentials' as const;
  readonly label = 'Bluesky';
  readonly fields: readonly ConnectField[] = [
    { name: 'identifier', label: 'Handle', type: 'text', required: true, autocomplete: 'username' },
    { name: 'secret', label: 'App password', type: 'password', required: true, autocomplete: 'off' },
    { name: 'serviceUrl', label: 'Service URL (optional)', type: 'url', required: false, placeholder: DEFAULT_BLUESKY_SERVICE },
  ];
  readonly credentials = BlueskyCredentialsDto;
  // DIDs are global: the same account is the same on any service.
  readonly idsPerInstance = false;

  constructor(private readonly settings: ConnectSettings) {}

  missingConfiguration(): string[] {
    return [];
  }

  /** Every call to the service (the default one too): through the instances' guard, redirects refused. */
  private get server(): ChosenServer {
    return { guard: this.settings.endpoints.instanceGuard, label: 'Bluesky' };
  }

  /** `input` passed BlueskyCredentialsDto: a handle without its @, an app password. */
  async connect(input: CredentialsInput): Promise<ConnectCandidate> {
    const identifier = input.identifier!;
    const service = input.serviceUrl
      ? await checkInstanceUrl(input.serviceUrl, this.settings.endpoints.instanceGuard, 'The Bluesky service URL')
      : DEFAULT_BLUESKY_SERVICE;
    let res: Response;
    try {
      res = await platformFetch(`${service}/xrpc/com.atproto.server.createSession`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ identifier, password: input.secret }),
        timeoutMs: this.settings.timeoutMs,
        chosenServer: this.server,
      });
    } catch (err) {
      throw new ConnectError('invalid_instance', refusalMessage(err) ?? `The Bluesky service ${service} could not be reached`);
    }
    const body = await readJson<Record<string, unknown>>(res);
    if (res.status === 401 || str(body?.error) === 'AuthenticationRequired' || str(body?.error) === 'AuthFactorTokenRequired') {
      throw new ConnectError(
        'invalid_credentials',
        'Bluesky refused this handle and app password: check the handle and use an app password (Bluesky Settings → Privacy and security → App passwords), not your account password',
      );
    }
    const did = str(body?.did);
    const accessJwt = str(body?.accessJwt);
    const refreshJwt = str(body?.refreshJwt);
    if (!res.ok || !did || !accessJwt) {
      throw new ConnectError(
        'invalid_credentials',
        `Bluesky did not open a session (HTTP ${res.status}${str(body?.message) ? `: ${str(body?.message)}` : ''})`,
      );
    }
    const handle = str(body?.handle) ?? identifier;
    const profile = await this.profile(service, did, accessJwt);
    return {
      externalId: did,
      username: handle,
      displayName: profile.displayName,
      profileImageUrl: profile.avatar,
      profileUrl: `https://bsky.app/profile/${handle}`,
      kind: 'profile',
      accessToken: accessJwt,
      refreshToken: refreshJwt,
      // The session renews itself in the adapter (refreshSession on ExpiredToken), so the short
      // access JWT's expiry is not the connection's: its token status stays `unknown`.
      accessTokenExpiresAt: null,
      instanceUrl: service,
    };
  }

  refresh(): Promise<RefreshedTokens> {
    return Promise.reject(new PlatformError('PLATFORM_AUTH_EXPIRED', 'The Bluesky adapter refreshes its own session', { retryable: false }));
  }

  /** deleteSession with the refresh JWT: the stored session stops working at once. */
  async revoke(grant: StoredGrant): Promise<void> {
    if (!grant.refreshToken) return;
    const service = grant.instanceUrl
      ? await checkInstanceUrl(grant.instanceUrl, this.settings.endpoints.instanceGuard, 'The Bluesky service URL').catch(() => null)
      : DEFAULT_BLUESKY_SERVICE;
    if (!service) return;
    await postQuietly(
      `${service}/xrpc/com.atproto.server.deleteSession`,
      {},
      { authorization: `Bearer ${grant.refreshToken}` },
      this.settings.timeoutMs,
      this.server,
    );
  }

  /** Display name and avatar; the connection does not depend on them. */
  private async profile(service: string, did: string, accessJwt: string): Promise<{ displayName: string | null; avatar: string | null }> {
    try {
      const res = await platformFetch(`${service}/xrpc/app.bsky.actor.getProfile?actor=${encodeURIComponent(did)}`, {
        headers: { authorization: `Bearer ${accessJwt}`, accept: 'application/json' },
        timeoutMs: this.settings.timeoutMs,
        chosenServer: this.server,
      });
      const body = res.ok ? await readJson<Record<string, unknown>>(res) : null;
      return { displayName: str(body?.displayName), avatar: str(body?.avatar) };
    } catch {
      return { displayName: null, avatar: null };
    }
  }
}
