// The service's TypeScript SDK: a typed client generated from its OpenAPI document, and the
// helpers an integrator needs beside it (README.md).
export { createClient, ok, result, SpsApiError, type ErrorBody, type LimitExceededBody, type SpsClient, type SpsClientOptions, type SpsResult } from './client';
export { IDEMPOTENCY_HEADER, newIdempotencyKey, withIdempotencyKey, type WithIdempotencyKey } from './idempotency';
export {
  parseWebhook,
  verifyWebhookSignature,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type VerifyWebhookInput,
  type WebhookDelivery,
} from './webhooks';
export type { components, operations, paths } from './schema';

import type { components } from './schema';
/** The schemas of the document by name: `Schemas['PostDetailResponse']`. */
export type Schemas = components['schemas'];
