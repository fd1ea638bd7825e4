import { BUILT_IN_PLANS, type PlanTable } from 'social-post-scheduler';

/**
 * An organisation's own figures for the three plans: everyone gets the API (internal tools call
 * it), the entry plan is small but covers every platform, and the top plan posts without a
 * monthly cap in practice. Names and the rest of the shape stay the spec's.
 */
export const TEAM_PLANS: PlanTable = {
  starter: {
    ...BUILT_IN_PLANS.starter,
    displayName: 'Team Starter',
    monthlyPosts: 50,
    scheduledPosts: 2,
    apiAccess: true,
    platforms: 'all',
  },
  pro: { ...BUILT_IN_PLANS.pro, displayName: 'Team Pro', monthlyPosts: 1000, scheduledPosts: 1000 },
  premium: { ...BUILT_IN_PLANS.premium, displayName: 'Team Premium', monthlyPosts: 100_000, scheduledPosts: 100_000, scheduleHorizonDays: null },
};
