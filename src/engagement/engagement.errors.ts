/** The messages of the engagement routes (docs/engagement.md). */
export const EngagementMessages = {
  connectionNotFound: 'Platform connection not found',
  invalidFrom: 'Invalid from date',
  invalidTo: 'Invalid to date',
  rangeOrder: 'from must be before to',
  invalidMetric: 'metric must be a counter name (letters, digits, _ or .) or engagement',
  invalidTimeZone: 'timeZone must be an IANA time zone, such as Europe/Berlin',
  invalidFormat: 'format must be json or csv',
  rangeTooLong: (days: number) => `The range may span at most ${days} days`,
} as const;
