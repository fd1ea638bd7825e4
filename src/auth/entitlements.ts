import { PLANS, type PlanName } from '../limits/plans';

export interface EntitlementOverrides {
  apiAccess?: boolean | null;
  mcpAccess?: boolean | null;
}

/** A user's effective entitlements: an override when set, else the plan's value. */
export function effectiveEntitlements(plan: PlanName, overrides: EntitlementOverrides | null | undefined): { apiAccess: boolean; mcpAccess: boolean } {
  const facts = PLANS[plan] ?? PLANS.starter;
  return {
    apiAccess: overrides?.apiAccess ?? facts.apiAccess,
    mcpAccess: overrides?.mcpAccess ?? facts.mcpAccess,
  };
}
