import { ApiError } from '../../src/common/api-error';

/**
 * For unit specs of DTOs and rules: the ApiError `fn` throws. Not throwing, or throwing anything
 * else, fails the test, so a case can only pass on the refusal it names. Imported as
 * `@test/support/refusals` (the kit's index boots the whole app).
 */
export function refusalOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError, nothing was thrown');
}

/** The message of the ApiError `fn` throws (see `refusalOf`). */
export function messageOf(fn: () => unknown): string {
  return refusalOf(fn).message;
}
