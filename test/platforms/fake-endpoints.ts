import type { OutboundGuard } from '../../src/common/outbound/outbound-guard';
import { instanceGuard } from '../../src/platforms/chosen-server';
import { PlatformError } from '../../src/platforms/platform-adapter';
import type { PlatformEndpoints } from '../../src/platforms/platform-endpoints';

/**
 * PlatformEndpoints with every host pointing at one fake. The timeouts are generous so an
 * ordinary test never fails because a loaded CI machine stalled for a second; the tests that are
 * about timeouts (slow or hanging requests, processing that never ends) use an adapter built
 * with IMPATIENT instead.
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
    requestTimeoutMs: 15_000,
    processingTimeoutMs: 15_000,
    pollIntervalMs: 10,
    // The fakes listen on 127.0.0.1 (over http).
    instanceGuard: instanceGuardOf(true),
    clients: {
      tiktok: { clientId: 'tt-client', clientSecret: 'tt-secret' },
      youtube: { clientId: 'yt-client', clientSecret: 'yt-secret' },
      pinterest: { clientId: 'pin-client', clientSecret: 'pin-secret' },
    },
    ...overrides,
  };
}

/** The instances' guard as CONNECT_ALLOW_PRIVATE_INSTANCES and OUTBOUND_ALLOWED_HOSTS would build it. */
export function instanceGuardOf(allowPrivate: boolean, allowedHosts = ''): OutboundGuard {
  return instanceGuard({ CONNECT_ALLOW_PRIVATE_INSTANCES: allowPrivate, OUTBOUND_ALLOWED_HOSTS: allowedHosts });
}

/**
 * Short limits for the timeout tests. Every request before the faulty one must still finish
 * inside them, so they are not tighter than a loaded machine can manage; a `slow` fault must
 * then outlast them by a wide margin (SLOW_FAULT_MS).
 */
export const IMPATIENT = { requestTimeoutMs: 2000, processingTimeoutMs: 2000 } as const;
export const SLOW_FAULT_MS = 4000;

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
