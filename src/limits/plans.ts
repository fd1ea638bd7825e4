import { PLATFORM_NAMES } from '@app/rules';

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
  /** The platforms it may post to: a list, or `all` (every platform, plugins' included). */
  platforms: readonly string[] | 'all';
  /** Video upload size cap in bytes. */
  videoUploadBytes: number;
}

const MB = 1024 * 1024;

/**
 * A plan table: the figures of each of the three plans users are on. An embedding app may replace
 * the built-in one (`extensions.plans`); the plan names stay the spec's.
 */
export type PlanTable = Readonly<Record<PlanName, Plan>>;

/** The plan table in force: the built-in one unless an embedding app replaced it. */
export const PLAN_TABLE = Symbol('PLAN_TABLE');

/** The enforced plan table of the spec ("Limits / Plan limits (enforced)"). */
export const BUILT_IN_PLANS: PlanTable = {
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
    platforms: 'all',
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
    platforms: 'all',
    videoUploadBytes: 250 * MB,
  },
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

/** The platforms of `plan` among `known` (every platform there is), in their order. */
export function planPlatforms(plan: Plan, known: readonly string[]): string[] {
  const allowed = plan.platforms;
  return allowed === 'all' ? [...known] : known.filter((p) => allowed.includes(p));
}
