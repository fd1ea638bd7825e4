import { BUILT_IN_PLANS } from '../limits/plans';
import { effectiveEntitlements } from './entitlements';

describe('effectiveEntitlements', () => {
  it('uses the plan values by default (Starter: neither; Pro and Premium: both)', () => {
    expect(effectiveEntitlements(BUILT_IN_PLANS, 'starter', null)).toEqual({ apiAccess: false, mcpAccess: false });
    expect(effectiveEntitlements(BUILT_IN_PLANS, 'pro', undefined)).toEqual({ apiAccess: true, mcpAccess: true });
    expect(effectiveEntitlements(BUILT_IN_PLANS, 'premium', { apiAccess: null, mcpAccess: null })).toEqual({ apiAccess: true, mcpAccess: true });
  });

  it('lets overrides win either way', () => {
    expect(effectiveEntitlements(BUILT_IN_PLANS, 'starter', { apiAccess: true })).toEqual({ apiAccess: true, mcpAccess: false });
    expect(effectiveEntitlements(BUILT_IN_PLANS, 'pro', { mcpAccess: false })).toEqual({ apiAccess: true, mcpAccess: false });
  });

  it("reads the plan table it is given (an embedding app's)", () => {
    const plans = { ...BUILT_IN_PLANS, starter: { ...BUILT_IN_PLANS.starter, apiAccess: true } };
    expect(effectiveEntitlements(plans, 'starter', null)).toEqual({ apiAccess: true, mcpAccess: false });
  });
});
