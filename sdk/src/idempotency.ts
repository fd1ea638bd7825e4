import { randomUUID } from 'node:crypto';

/** The header the service reads (create-post, queue/add, retry-post, unpublish-post, webhook redeliver and test). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh key: a random UUID (the service takes 1-255 visible ASCII characters). Make one per
 * operation and keep it for that operation's retries: a repeat within 24 h with the same body
 * answers what the first request answered and does nothing twice.
 */
export function newIdempotencyKey(): string {
  return randomUUID();
}

type HeaderOf<P> = P extends { header?: infer H } ? NonNullable<H> : unknown;
export type WithIdempotencyKey<P> = Omit<P, 'header'> & { header: HeaderOf<P> & { 'Idempotency-Key': string } };

/**
 * Request parameters with an `Idempotency-Key` header added (a fresh key unless one is given):
 * `client.POST('/api/v1/create-post', { body, params: withIdempotencyKey({}, key) })`, or with a
 * path: `params: withIdempotencyKey({ path: { postGroupId } }, key)`.
 */
export function withIdempotencyKey<const P extends object = object>(params?: P, key: string = newIdempotencyKey()): WithIdempotencyKey<P> {
  const given = (params ?? {}) as { header?: Record<string, unknown> };
  return { ...given, header: { ...given.header, [IDEMPOTENCY_HEADER]: key } } as unknown as WithIdempotencyKey<P>;
}
