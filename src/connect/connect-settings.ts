import type { Environment } from '../config/environment';
import type { PlatformEndpoints } from '../platforms/platform-endpoints';

/** The OAuth platforms whose app credentials come from `<PREFIX>_CLIENT_ID` / `_CLIENT_SECRET`. */
export const OAUTH_CLIENT_PLATFORMS = ['twitter', 'linkedin', 'facebook', 'instagram', 'threads', 'tiktok', 'youtube', 'pinterest'] as const;
export type OAuthClientPlatform = (typeof OAUTH_CLIENT_PLATFORMS)[number];

export interface OAuthClientSettings {
  /** Variable prefix (`TWITTER`), for messages naming what to set. */
  prefix: string;
  clientId: string | null;
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
}

/** Everything the connect providers read from the configuration, resolved once. */
export interface ConnectSettings {
  publicBaseUrl: string;
  endpoints: PlatformEndpoints;
  clients: Record<OAuthClientPlatform, OAuthClientSettings>;
  timeoutMs: number;
}

export function oauthClientSettings(env: Environment): ConnectSettings['clients'] {
  const raw = env as unknown as Record<string, string | undefined>;
  const out = {} as ConnectSettings['clients'];
  for (const platform of OAUTH_CLIENT_PLATFORMS) {
    const prefix = platform.toUpperCase();
    out[platform] = {
      prefix,
      clientId: raw[`${prefix}_CLIENT_ID`] || null,
      clientSecret: raw[`${prefix}_CLIENT_SECRET`] || null,
      authorizeUrl: raw[`${prefix}_AUTHORIZE_URL`]!,
      tokenUrl: raw[`${prefix}_TOKEN_URL`]!,
    };
  }
  return out;
}

/** The redirect URI registered with every provider: one static path per flow (flowKey: `instagram`, `instagram-facebook`, …). */
export const redirectUriFor = (publicBaseUrl: string, flow: string): string => `${publicBaseUrl}/connect/callback/${flow}`;
