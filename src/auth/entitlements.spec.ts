import { effectiveEntitlements } from './entitlements';

describe('effectiveEntitlements', () => {
  it('uses the plan values by default (Starter: neither; Pro and Premium: both)', () => {
    expect(effectiveEntitlements('starter', null)).toEqual({ apiAccess: false, mcpAccess: false });
    expect(effectiveEntitlements('pro', undefined)).toEqual({ apiAccess: true, mcpAccess: true });
    expect(effectiveEntitlements('premium', { apiAccess: null, mcpAccess: null })).toEqual({ apiAccess: true, mcpAccess: true });
  });

  it('lets overrides win either way', () => {
    expect(effectiveEntitlements('starter', { apiAccess: true })).toEqual({ apiAccess: true, mcpAccess: false });
    expect(effectiveEntitlements('pro', { mcpAccess: false })).toEqual({ apiAccess: true, mcpAccess: false });
  });
});
