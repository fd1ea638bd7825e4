import { refusalOf } from '@test/support/refusals';
import { validateInput } from '../../common/validation/validate-input';
import { DAILY_METRICS, METRICS } from '../analytics-metrics';
import { accountStatisticsQuery, postStatisticsQuery } from '../analytics-rules';
import { AnalyticsMessages as MSG } from '../analytics.errors';
import { LinkedInAccountStatisticsRequest, LinkedInFollowersRequest, LinkedInPostStatisticsRequest, LinkedInProfileSummaryRequest } from './analytics.request';

const range = { start: { year: 2024, month: 5, day: 1 }, end: { year: 2024, month: 5, day: 4 } };

/** The message of the 400 `fn` gives (any other outcome fails the case). */
function message(fn: () => unknown): string {
  const refusal = refusalOf(fn);
  expect(refusal.status).toBe(400);
  return refusal.message;
}

// What the service runs on each body: its DTO's checks, then the rules that make the query.
const parseDateRange = (dateRange: unknown) => validateInput(LinkedInProfileSummaryRequest, { platformId: 'linkedin-a', dateRange }).dateRange ?? null;
const parseMetricSelection = (queryType: unknown, queryTypes: unknown) =>
  postStatisticsQuery(validateInput(LinkedInPostStatisticsRequest, { postedId: '1', platformId: 'linkedin-1', queryType, queryTypes })).selection;
const validateFollowersRequest = (raw: unknown) => {
  const { platformId, period, dateRange } = validateInput(LinkedInFollowersRequest, raw);
  return { platformId, period, dateRange: dateRange ?? null };
};
const validateProfileSummaryRequest = (raw: unknown) => {
  const { platformId, dateRange } = validateInput(LinkedInProfileSummaryRequest, raw);
  return { platformId, dateRange: dateRange ?? null };
};
const validatePostStatisticsRequest = (raw: unknown) => postStatisticsQuery(validateInput(LinkedInPostStatisticsRequest, raw));
const validateAccountStatisticsRequest = (raw: unknown) => accountStatisticsQuery(validateInput(LinkedInAccountStatisticsRequest, raw));

describe('dateRange (DateRangeRules)', () => {
  it('is null when absent', () => {
    expect(parseDateRange(undefined)).toBeNull();
    expect(parseDateRange(null)).toBeNull();
  });
  it.each([['x'], [5], [[1, 2]], [true]])('refuses a non-object %p', (v) => {
    expect(message(() => parseDateRange(v))).toBe(MSG.dateRangeObject);
  });
  it.each([[{}], [{ start: range.start }], [{ end: range.end }], [{ start: 'a', end: range.end }], [{ start: range.start, end: [] }]])(
    'needs start and end objects: %p',
    (v) => expect(message(() => parseDateRange(v))).toBe(MSG.dateRangeStartEnd),
  );
  it.each([
    [{ start: { year: 2024, month: 5 }, end: range.end }],
    [{ start: range.start, end: { year: '2024', month: 5, day: 1 } }],
    [{ start: range.start, end: { year: 2024, month: 13, day: 1 } }],
    [{ start: { year: 2024, month: 2, day: 30 }, end: range.end }],
    [{ start: { year: 2024, month: 5, day: 1.5 }, end: range.end }],
  ])('needs integer calendar parts: %p', (v) => {
    expect(message(() => parseDateRange(v))).toBe(MSG.dateRangeParts);
  });
  it('returns the parts', () => {
    expect(parseDateRange({ ...range, extra: 1 })).toEqual(range);
  });
});

describe('queryType / queryTypes (QueryTypeRules, QueryTypesRules, metricSelection)', () => {
  it('needs one of the two', () => {
    expect(message(() => parseMetricSelection(undefined, undefined))).toBe(MSG.queryTypeRequired);
    expect(message(() => parseMetricSelection('', []))).toBe(MSG.queryTypeRequired);
  });
  it('queryType is UPPERCASE only', () => {
    expect(parseMetricSelection('COMMENT', undefined)).toEqual({ mode: 'single', metric: 'COMMENT' });
    expect(message(() => parseMetricSelection('comment', undefined))).toBe(
      'Invalid queryType. Must be one of: IMPRESSION, MEMBERS_REACHED, RESHARE, REACTION, COMMENT',
    );
    expect(message(() => parseMetricSelection(5, undefined))).toBe(MSG.queryTypeInvalid);
  });
  it('queryTypes is case-insensitive, deduplicated, ALL means all five', () => {
    expect(parseMetricSelection(undefined, ['impression', 'Comment', 'IMPRESSION'])).toEqual({
      mode: 'multiple',
      metrics: ['IMPRESSION', 'COMMENT'],
      all: false,
    });
    expect(parseMetricSelection(undefined, 'all')).toEqual({ mode: 'multiple', metrics: [...METRICS], all: true });
    expect(parseMetricSelection(undefined, ['ALL'])).toEqual({ mode: 'multiple', metrics: [...METRICS], all: true });
    expect(parseMetricSelection(undefined, 'reaction, reshare')).toEqual({ mode: 'multiple', metrics: ['REACTION', 'RESHARE'], all: false });
  });
  it('lists the invalid queryTypes', () => {
    expect(message(() => parseMetricSelection(undefined, ['IMPRESSION', 'SHARE', 'likes']))).toBe(
      'Invalid queryTypes: SHARE, likes. Must be one of: IMPRESSION, MEMBERS_REACHED, RESHARE, REACTION, COMMENT, or "ALL"',
    );
    expect(message(() => parseMetricSelection(undefined, 7))).toBe(MSG.queryTypesInvalid('7'));
  });
  it('queryTypes wins over queryType', () => {
    expect(parseMetricSelection('bogus', ['COMMENT'])).toEqual({ mode: 'multiple', metrics: ['COMMENT'], all: false });
  });
});

describe('LinkedInFollowersRequest', () => {
  it('checks platformId first', () => {
    expect(message(() => validateFollowersRequest({ period: 5 }))).toBe(MSG.platformIdRequired);
    expect(message(() => validateFollowersRequest(undefined))).toBe(MSG.platformIdRequired);
    expect(message(() => validateFollowersRequest({ platformId: 42 }))).toBe(MSG.platformIdString);
    expect(message(() => validateFollowersRequest({ platformId: '' }))).toBe(MSG.platformIdInvalid);
    expect(message(() => validateFollowersRequest({ platformId: 'twitter-1' }))).toBe(MSG.platformIdInvalid);
    expect(message(() => validateFollowersRequest({ platformId: 'linkedin' }))).toBe(MSG.platformIdInvalid);
    expect(message(() => validateFollowersRequest({ platformId: 'linkedin-' }))).toBe(MSG.platformIdInvalid);
  });
  it('normalises the prefix and defaults to lifetime', () => {
    expect(validateFollowersRequest({ platformId: 'LinkedIn-abc' })).toEqual({ platformId: 'linkedin-abc', period: 'lifetime', dateRange: null });
  });
  it('period: string, case-insensitive, then dateRange', () => {
    expect(message(() => validateFollowersRequest({ platformId: 'linkedin-a', period: 1 }))).toBe(MSG.periodString);
    expect(message(() => validateFollowersRequest({ platformId: 'linkedin-a', period: 'weekly' }))).toBe('Invalid period. Must be one of: lifetime, daily');
    expect(message(() => validateFollowersRequest({ platformId: 'linkedin-a', period: 'DAILY' }))).toBe(MSG.dateRangeRequiredDaily);
    expect(message(() => validateFollowersRequest({ platformId: 'linkedin-a', period: 'daily', dateRange: 'x' }))).toBe(MSG.dateRangeObject);
    expect(validateFollowersRequest({ platformId: 'linkedin-a', period: 'Daily', dateRange: range })).toEqual({
      platformId: 'linkedin-a',
      period: 'daily',
      dateRange: range,
    });
  });
  it('validates a dateRange sent with lifetime too', () => {
    expect(message(() => validateFollowersRequest({ platformId: 'linkedin-a', dateRange: {} }))).toBe(MSG.dateRangeStartEnd);
  });
});

describe('LinkedInProfileSummaryRequest', () => {
  it('platformId then dateRange', () => {
    expect(message(() => validateProfileSummaryRequest({ dateRange: 'x' }))).toBe(MSG.platformIdRequired);
    expect(message(() => validateProfileSummaryRequest({ platformId: 'x-1' }))).toBe(MSG.platformIdInvalid);
    expect(message(() => validateProfileSummaryRequest({ platformId: 'linkedin-1', dateRange: { start: {} } }))).toBe(MSG.dateRangeStartEnd);
    expect(validateProfileSummaryRequest({ platformId: 'linkedin-1' })).toEqual({ platformId: 'linkedin-1', dateRange: null });
  });
});

describe('LinkedInPostStatisticsRequest, postStatisticsQuery', () => {
  it('presence, then types, then metrics', () => {
    expect(message(() => validatePostStatisticsRequest({ platformId: 'linkedin-1' }))).toBe(MSG.postedIdRequired);
    expect(message(() => validatePostStatisticsRequest({ postedId: 'urn:li:share:1', platformId: '' }))).toBe(MSG.postedIdRequired);
    expect(message(() => validatePostStatisticsRequest({ postedId: 1, platformId: 'linkedin-1' }))).toBe(MSG.postedIdStrings);
    expect(message(() => validatePostStatisticsRequest({ postedId: 'urn:li:share:1', platformId: ['x'] }))).toBe(MSG.postedIdStrings);
    expect(message(() => validatePostStatisticsRequest({ postedId: 'urn:li:share:1', platformId: 'linkedin-1' }))).toBe(MSG.queryTypeRequired);
  });
  it('any non-empty platformId passes the format check', () => {
    expect(validatePostStatisticsRequest({ postedId: '1', platformId: 'whatever', queryType: 'COMMENT' })).toEqual({
      platformId: 'whatever',
      postedId: '1',
      selection: { mode: 'single', metric: 'COMMENT' },
    });
  });
});

describe('LinkedInAccountStatisticsRequest, accountStatisticsQuery', () => {
  const base = { platformId: 'linkedin-1' };
  it('platformId, then metrics, then aggregation, then dateRange, then the DAILY rule', () => {
    expect(message(() => validateAccountStatisticsRequest({ aggregation: 5 }))).toBe(MSG.platformIdRequired);
    expect(message(() => validateAccountStatisticsRequest({ platformId: '' }))).toBe(MSG.platformIdRequired);
    expect(message(() => validateAccountStatisticsRequest({ platformId: 3 }))).toBe(MSG.platformIdString);
    expect(message(() => validateAccountStatisticsRequest({ ...base, aggregation: 5 }))).toBe(MSG.queryTypeRequired);
    expect(message(() => validateAccountStatisticsRequest({ ...base, queryType: 'COMMENT', aggregation: 5, dateRange: 1 }))).toBe(MSG.aggregationString);
    expect(message(() => validateAccountStatisticsRequest({ ...base, queryType: 'COMMENT', aggregation: 'weekly' }))).toBe(
      'Invalid aggregation. Must be one of: DAILY, TOTAL',
    );
    expect(message(() => validateAccountStatisticsRequest({ ...base, queryType: 'MEMBERS_REACHED', aggregation: 'daily', dateRange: 1 }))).toBe(
      MSG.dateRangeObject,
    );
    expect(message(() => validateAccountStatisticsRequest({ ...base, queryType: 'MEMBERS_REACHED', aggregation: 'daily' }))).toBe(
      'MEMBERS_REACHED with DAILY aggregation is not supported by LinkedIn API',
    );
    expect(message(() => validateAccountStatisticsRequest({ ...base, queryTypes: ['comment', 'members_reached'], aggregation: 'DAILY' }))).toBe(
      MSG.membersReachedDaily,
    );
  });
  it('defaults to TOTAL; ALL with DAILY is the four daily metrics', () => {
    expect(validateAccountStatisticsRequest({ ...base, queryType: 'MEMBERS_REACHED' }).aggregation).toBe('TOTAL');
    const q = validateAccountStatisticsRequest({ ...base, queryTypes: 'ALL', aggregation: 'daily', dateRange: range });
    expect(q.selection).toEqual({ mode: 'multiple', metrics: DAILY_METRICS, all: true });
    expect(q.dateRange).toEqual(range);
  });
});
