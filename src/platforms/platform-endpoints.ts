import type { OutboundGuard } from '../common/outbound/outbound-guard';
import { validateEnvironment, type Environment } from '../config/environment';
import { instanceGuard } from './chosen-server';

/**
 * Base URLs of every platform host an adapter calls, from the environment so that tests point
 * them at local fakes. Mastodon and Bluesky use the connection's own instanceUrl instead.
 */
export interface PlatformEndpoints {
  twitterApiUrl: string;
  twitterUploadUrl: string;
  linkedinApiUrl: string;
  linkedinOAuthUrl: string;
  /** `LinkedIn-Version` header (YYYYMM) sent on every LinkedIn REST call, publishing and analytics alike. */
  linkedinVersion: string;
  instagramApiUrl: string;
  threadsApiUrl: string;
  tiktokApiUrl: string;
  youtubeApiUrl: string;
  youtubeUploadUrl: string;
  googleOAuthUrl: string;
  facebookApiUrl: string;
  telegramApiUrl: string;
  pinterestApiUrl: string;
  blueskyVideoUrl: string;
  /** Requests to platforms give up after this long. */
  requestTimeoutMs: number;
  /** Polling of asynchronous processing (containers, video jobs) gives up after this long. */
  processingTimeoutMs: number;
  /** Pause between processing polls. */
  pollIntervalMs: number;
  /**
   * The rules and pool of every call to a Mastodon instance or Bluesky service a person chose
   * (CONNECT_ALLOW_PRIVATE_INSTANCES, OUTBOUND_ALLOWED_HOSTS; chosen-server.ts).
   */
  instanceGuard: OutboundGuard;
  /** OAuth client credentials used by refresh, per platform (`<PLATFORM>_CLIENT_ID` / `_SECRET`). */
  clients: Partial<Record<string, { clientId: string; clientSecret: string }>>;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** Endpoints from the validated environment (defaults: the real hosts). */
export function platformEndpointsFrom(env: Environment & Record<string, unknown>): PlatformEndpoints {
  const clients: PlatformEndpoints['clients'] = {};
  for (const p of ['TWITTER', 'LINKEDIN', 'INSTAGRAM', 'THREADS', 'TIKTOK', 'YOUTUBE', 'FACEBOOK', 'PINTEREST']) {
    const clientId = env[`${p}_CLIENT_ID`];
    const clientSecret = env[`${p}_CLIENT_SECRET`];
    if (typeof clientId === 'string' && clientId) {
      clients[p.toLowerCase()] = { clientId, clientSecret: typeof clientSecret === 'string' ? clientSecret : '' };
    }
  }
  return {
    twitterApiUrl: trimSlash(env.TWITTER_API_URL),
    twitterUploadUrl: trimSlash(env.TWITTER_UPLOAD_URL),
    linkedinApiUrl: trimSlash(env.LINKEDIN_API_URL),
    linkedinOAuthUrl: trimSlash(env.LINKEDIN_OAUTH_URL),
    linkedinVersion: env.LINKEDIN_API_VERSION,
    instagramApiUrl: trimSlash(env.INSTAGRAM_API_URL),
    threadsApiUrl: trimSlash(env.THREADS_API_URL),
    tiktokApiUrl: trimSlash(env.TIKTOK_API_URL),
    youtubeApiUrl: trimSlash(env.YOUTUBE_API_URL),
    youtubeUploadUrl: trimSlash(env.YOUTUBE_UPLOAD_URL),
    googleOAuthUrl: trimSlash(env.GOOGLE_OAUTH_URL),
    facebookApiUrl: trimSlash(env.FACEBOOK_API_URL),
    telegramApiUrl: trimSlash(env.TELEGRAM_API_URL),
    pinterestApiUrl: trimSlash(env.PINTEREST_API_URL),
    blueskyVideoUrl: trimSlash(env.BLUESKY_VIDEO_URL),
    requestTimeoutMs: env.PLATFORM_REQUEST_TIMEOUT_MS,
    processingTimeoutMs: env.PLATFORM_PROCESSING_TIMEOUT_MS,
    pollIntervalMs: env.PLATFORM_POLL_INTERVAL_MS,
    instanceGuard: instanceGuard(env),
    clients,
  };
}

/** Endpoints straight from variables (adapter tests without the app). */
export function platformEndpointsFromEnv(env: Record<string, string | undefined> = process.env): PlatformEndpoints {
  return platformEndpointsFrom(validateEnvironment(env) as Environment & Record<string, unknown>);
}
