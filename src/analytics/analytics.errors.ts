import { AGGREGATIONS, FOLLOWERS_PERIODS, METRICS } from './analytics-metrics';

/** The spec's exact analytics messages (request checks in dto/analytics.request.ts, then the service's). */
export const AnalyticsMessages = {
  platformIdRequired: 'platformId is required',
  platformIdString: 'platformId must be a string',
  platformIdInvalid: 'Invalid platformId',
  periodString: 'period must be a string',
  periodInvalid: `Invalid period. Must be one of: ${FOLLOWERS_PERIODS.join(', ')}`,
  dateRangeRequiredDaily: 'dateRange is required for daily period',
  dateRangeObject: 'dateRange must be an object',
  dateRangeStartEnd: "dateRange must have both 'start' and 'end' objects",
  dateRangeParts: 'dateRange.start and dateRange.end must have: year, month, day',
  postedIdRequired: 'postedId and platformId are required',
  postedIdStrings: 'postedId and platformId must be strings',
  queryTypeRequired: 'queryType or queryTypes is required',
  queryTypeInvalid: `Invalid queryType. Must be one of: ${METRICS.join(', ')}`,
  queryTypesInvalid: (invalid: string) => `Invalid queryTypes: ${invalid}. Must be one of: ${METRICS.join(', ')}, or "ALL"`,
  aggregationString: 'aggregation must be a string',
  aggregationInvalid: `Invalid aggregation. Must be one of: ${AGGREGATIONS.join(', ')}`,
  membersReachedDaily: 'MEMBERS_REACHED with DAILY aggregation is not supported by LinkedIn API',
  profileFetchFailed: 'Failed to fetch LinkedIn profile data',
  linkedInNotFound: 'LinkedIn connection not found',
} as const;
