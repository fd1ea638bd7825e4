import type { AdminUsersQuery } from '../../gql/graphql';

export type AdminUser = AdminUsersQuery['adminUsers']['items'][number];

export const PAGE_SIZE = 20;

export const PLANS = [
  { value: 'starter', label: 'Starter' },
  { value: 'pro', label: 'Pro' },
  { value: 'premium', label: 'Premium' },
];
export const planLabel = (plan: string) => PLANS.find((p) => p.value === plan)?.label ?? plan;

/** Entitlement override: the plan's value, or forced on/off. */
export type Override = 'plan' | 'on' | 'off';
export const OVERRIDES = [
  { value: 'plan', label: "The plan's value" },
  { value: 'on', label: 'Always on' },
  { value: 'off', label: 'Always off' },
];
export const toOverride = (v: Override): boolean | null => (v === 'plan' ? null : v === 'on');
export const fromOverride = (v: boolean | null | undefined): Override => (v == null ? 'plan' : v ? 'on' : 'off');
