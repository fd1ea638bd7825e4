import type { PlanName, PlanTable } from '../limits/plans';

export interface EntitlementOverrides {
  apiAccess?: boolean | null;
  mcpAccess?: boolean | null;
}

/** A user's effective entitlements: an override when set, else the plan's value. */
export function effectiveEntitlements(
  plans: PlanTable,
  plan: PlanName,
  overrides: EntitlementOverrides | null | undefined,
): { apiAccess: boolean; mcpAccess: boolean } {
  const facts = plans[plan] ?? plans.starter;
  return {
    apiAccess: overrides?.apiAccess ?? facts.apiAccess,
    mcpAccess: overrides?.mcpAccess ?? facts.mcpAccess,
  };
}
