import { PLATFORM_NAMES, type PlatformName } from '@app/rules';

export const PLAN_NAMES = ['starter', 'pro', 'premium'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** One plan's facts: the single source for entitlements (auth) and limits (limits module). */
export interface Plan {
  name: PlanName;
  /** Display name used in limit messages (`Your Pro plan allows …`). */
  displayName: string;
  /** Platform posts per billing month. */
  monthlyPosts: number;
  /** `account`: one monthly pool for the account; `connection`: a pool per connection. */
  monthlyScope: 'account' | 'connection';
  /** Connections allowed; `null` = follows subscription seats (paid plans). */
  connections: number | null;
  /** Scheduled (pending) platform posts at once. */
  scheduledPosts: number;
  /** How far ahead a post may be scheduled, in days; `null` = unlimited. */
  scheduleHorizonDays: number | null;
  apiAccess: boolean;
  mcpAccess: boolean;
  platforms: readonly PlatformName[];
  /** Video upload size cap in bytes. */
  videoUploadBytes: number;
}

const MB = 1024 * 1024;

/** The enforced plan table of the spec ("Limits / Plan limits (enforced)"). */
export const PLANS: Readonly<Record<PlanName, Plan>> = {
  starter: {
    name: 'starter',
    displayName: 'Starter',
    monthlyPosts: 15,
    monthlyScope: 'account',
    connections: 3,
    scheduledPosts: 3,
    scheduleHorizonDays: 7,
    apiAccess: false,
    mcpAccess: false,
    platforms: PLATFORM_NAMES.filter((p) => p !== 'twitter'),
    videoUploadBytes: 50 * MB,
  },
  pro: {
    name: 'pro',
    displayName: 'Pro',
    monthlyPosts: 100,
    monthlyScope: 'connection',
    connections: null,
    scheduledPosts: 100,
    scheduleHorizonDays: null,
    apiAccess: true,
    mcpAccess: true,
    platforms: PLATFORM_NAMES,
    videoUploadBytes: 100 * MB,
  },
  premium: {
    name: 'premium',
    displayName: 'Premium',
    monthlyPosts: 500,
    monthlyScope: 'connection',
    connections: null,
    scheduledPosts: 500,
    scheduleHorizonDays: null,
    apiAccess: true,
    mcpAccess: true,
    platforms: PLATFORM_NAMES,
    videoUploadBytes: 250 * MB,
  },
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}
