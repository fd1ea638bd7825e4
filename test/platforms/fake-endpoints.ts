import { PlatformError } from '../../src/platforms/platform-adapter';
import type { PlatformEndpoints } from '../../src/platforms/platform-endpoints';

/**
 * PlatformEndpoints with every host pointing at one fake and short timeouts, so fault tests
 * (timeouts, processing that never ends) finish in about a second (1 s leaves room on a loaded machine).
 */
export function fakeEndpoints(baseUrl: string, overrides: Partial<PlatformEndpoints> = {}): PlatformEndpoints {
  return {
    twitterApiUrl: baseUrl,
    twitterUploadUrl: baseUrl,
    linkedinApiUrl: baseUrl,
    linkedinOAuthUrl: baseUrl,
    linkedinVersion: '202609',
    instagramApiUrl: baseUrl,
    threadsApiUrl: baseUrl,
    tiktokApiUrl: baseUrl,
    youtubeApiUrl: baseUrl,
    youtubeUploadUrl: `${baseUrl}/upload`,
    googleOAuthUrl: baseUrl,
    facebookApiUrl: baseUrl,
    telegramApiUrl: baseUrl,
    pinterestApiUrl: baseUrl,
    blueskyVideoUrl: baseUrl,
    requestTimeoutMs: 1000,
    processingTimeoutMs: 1000,
    pollIntervalMs: 10,
    clients: {
      tiktok: { clientId: 'tt-client', clientSecret: 'tt-secret' },
      youtube: { clientId: 'yt-client', clientSecret: 'yt-secret' },
      pinterest: { clientId: 'pin-client', clientSecret: 'pin-secret' },
    },
    ...overrides,
  };
}

/** Awaits a promise expected to reject and returns the error for detailed assertions. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

/** Awaits a promise expected to reject with a PlatformError and returns it. */
export async function failureOf(promise: Promise<unknown>): Promise<PlatformError> {
  const err = await rejectionOf(promise);
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}
