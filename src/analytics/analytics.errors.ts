/** The spec's exact analytics messages. */
export const AnalyticsMessages = {
  profileFetchFailed: 'Failed to fetch LinkedIn profile data',
  linkedInNotFound: 'LinkedIn connection not found',
} as const;
