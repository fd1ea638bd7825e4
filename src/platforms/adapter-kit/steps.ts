import { PlatformError } from '../platform-adapter';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a step that comes before the call that makes a post live (media uploads, containers,
 * upload sessions). Nothing is public yet, so a timeout or reset there is safe to retry: the
 * `outcomeUnknown` flag `platformFetch` sets on non-GET requests is cleared. Other errors and
 * results pass through unchanged.
 */
export async function beforeCreate<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof PlatformError && err.options.outcomeUnknown) {
      throw new PlatformError(err.code, err.message, { ...err.options, outcomeUnknown: false });
    }
    throw err;
  }
}
