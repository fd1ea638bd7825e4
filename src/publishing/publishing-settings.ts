import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Environment } from '../config/environment';

/** The engine's tunables, resolved once from the environment. */
export interface PublishingSettings {
  /** Identifies this process in claims (`claim.owner`). */
  instanceId: string;
  schedulerEnabled: boolean;
  intervalMs: number;
  concurrency: number;
  claimBatch: number;
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  advisoryRates: boolean;
  /** An attempt with unknown outcome is reconciled no earlier than this after it started. */
  reconcileDelayMs: number;
  tokenUpkeepIntervalMs: number;
  tokenRefreshAheadMs: number;
}

export const PUBLISHING_SETTINGS = Symbol('PUBLISHING_SETTINGS');

export function publishingSettingsFrom(env: Environment): PublishingSettings {
  return {
    instanceId: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    schedulerEnabled: env.SCHEDULER_ENABLED,
    intervalMs: env.SCHEDULER_INTERVAL_MS,
    concurrency: env.PUBLISH_CONCURRENCY,
    claimBatch: env.PUBLISH_CLAIM_BATCH,
    leaseMs: env.PUBLISH_LEASE_MS,
    maxAttempts: env.PUBLISH_MAX_ATTEMPTS,
    retryBaseMs: env.PUBLISH_RETRY_BASE_MS,
    retryMaxMs: env.PUBLISH_RETRY_MAX_MS,
    advisoryRates: env.PUBLISH_ADVISORY_RATES,
    // The adapter gives up on a request after PLATFORM_REQUEST_TIMEOUT_MS; waiting as long again
    // before looking lets a request the platform was still processing show up first.
    reconcileDelayMs: env.PLATFORM_REQUEST_TIMEOUT_MS,
    tokenUpkeepIntervalMs: env.TOKEN_UPKEEP_INTERVAL_MS,
    tokenRefreshAheadMs: env.TOKEN_REFRESH_AHEAD_MS,
  };
}
