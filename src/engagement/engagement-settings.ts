import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Environment } from '../config/environment';

export const ENGAGEMENT_SETTINGS = Symbol('ENGAGEMENT_SETTINGS');

export interface EngagementSettings {
  /** This process, as the owner of its claims. */
  instanceId: string;
  /** 0: the collector does not run here. */
  intervalMs: number;
  requestsPerConnectionPerHour: number;
  claimBatch: number;
  concurrency: number;
  /** How long a claim holds before another instance may take the track over. */
  leaseMs: number;
}

export function engagementSettingsFrom(env: Environment): EngagementSettings {
  return {
    instanceId: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    intervalMs: env.SCHEDULER_ENABLED ? env.ENGAGEMENT_COLLECTION_INTERVAL_MS : 0,
    requestsPerConnectionPerHour: env.ENGAGEMENT_REQUESTS_PER_CONNECTION_PER_HOUR,
    claimBatch: env.ENGAGEMENT_CLAIM_BATCH,
    concurrency: env.ENGAGEMENT_CONCURRENCY,
    // Several requests per connection, each bounded by the platform timeout.
    leaseMs: Math.max(60_000, 4 * env.PLATFORM_REQUEST_TIMEOUT_MS),
  };
}
