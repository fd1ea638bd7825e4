/**
 * Base URLs of every platform host an adapter calls, from the environment so that tests point
 * them at local fakes. Mastodon and Bluesky use the connection's own instanceUrl instead.
 */
export interface PlatformEndpoints {
  twitterApiUrl: string;
  twitterUploadUrl: string;
  linkedinApiUrl: string;
  linkedinOAuthUrl: string;
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
  /** OAuth client credentials used by refresh, per platform (`<PLATFORM>_CLIENT_ID` / `_SECRET`). */
  clients: Partial<Record<string, { clientId: string; clientSecret: string }>>;
}

export const PLATFORM_ENDPOINT_DEFAULTS: Record<string, string> = {
  TWITTER_API_URL: 'https://api.x.com',
  TWITTER_UPLOAD_URL: 'https://api.x.com',
  LINKEDIN_API_URL: 'https://api.linkedin.com',
  LINKEDIN_OAUTH_URL: 'https://www.linkedin.com',
  INSTAGRAM_API_URL: 'https://graph.instagram.com/v21.0',
  THREADS_API_URL: 'https://graph.threads.net/v1.0',
  TIKTOK_API_URL: 'https://open.tiktokapis.com',
  YOUTUBE_API_URL: 'https://www.googleapis.com',
  YOUTUBE_UPLOAD_URL: 'https://www.googleapis.com/upload',
  GOOGLE_OAUTH_URL: 'https://oauth2.googleapis.com',
  FACEBOOK_API_URL: 'https://graph.facebook.com/v21.0',
  TELEGRAM_API_URL: 'https://api.telegram.org',
  PINTEREST_API_URL: 'https://api.pinterest.com',
  BLUESKY_VIDEO_URL: 'https://video.bsky.app',
};

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export function platformEndpointsFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformEndpoints {
  const url = (name: string): string => trimSlash(env[name] || PLATFORM_ENDPOINT_DEFAULTS[name]);
  const clients: PlatformEndpoints['clients'] = {};
  for (const p of ['TWITTER', 'LINKEDIN', 'INSTAGRAM', 'THREADS', 'TIKTOK', 'YOUTUBE', 'FACEBOOK', 'PINTEREST']) {
    const clientId = env[`${p}_CLIENT_ID`];
    const clientSecret = env[`${p}_CLIENT_SECRET`];
    if (clientId) clients[p.toLowerCase()] = { clientId, clientSecret: clientSecret ?? '' };
  }
  return {
    twitterApiUrl: url('TWITTER_API_URL'),
    twitterUploadUrl: url('TWITTER_UPLOAD_URL'),
    linkedinApiUrl: url('LINKEDIN_API_URL'),
    linkedinOAuthUrl: url('LINKEDIN_OAUTH_URL'),
    instagramApiUrl: url('INSTAGRAM_API_URL'),
    threadsApiUrl: url('THREADS_API_URL'),
    tiktokApiUrl: url('TIKTOK_API_URL'),
    youtubeApiUrl: url('YOUTUBE_API_URL'),
    youtubeUploadUrl: url('YOUTUBE_UPLOAD_URL'),
    googleOAuthUrl: url('GOOGLE_OAUTH_URL'),
    facebookApiUrl: url('FACEBOOK_API_URL'),
    telegramApiUrl: url('TELEGRAM_API_URL'),
    pinterestApiUrl: url('PINTEREST_API_URL'),
    blueskyVideoUrl: url('BLUESKY_VIDEO_URL'),
    requestTimeoutMs: Number(env.PLATFORM_REQUEST_TIMEOUT_MS) || 30_000,
    processingTimeoutMs: Number(env.PLATFORM_PROCESSING_TIMEOUT_MS) || 10 * 60_000,
    pollIntervalMs: Number(env.PLATFORM_POLL_INTERVAL_MS) || 2_000,
    clients,
  };
}
