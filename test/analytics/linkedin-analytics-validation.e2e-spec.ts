import { createAccount, createConnection } from '@test/support';
import { Types } from 'mongoose';
import { RANGE, startAnalyticsSuite, type AnalyticsSuite } from './analytics-helpers';

/** Every 400 of the four endpoints through HTTP, the 404 and auth; no upstream call is made. */
describe('LinkedIn analytics: validation, auth and connection lookup', () => {
  let s: AnalyticsSuite;
  let platformId: string;
  beforeAll(async () => {
    s = await startAnalyticsSuite();
    platformId = (await s.linkedin()).platformId;
  });
  afterAll(() => s.close());
  afterEach(() => expect(s.fake.analyticsCalls()).toHaveLength(0));

  const expect400 = async (path: string, body: unknown, error: string) => {
    const res = await s.post(path, body);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error } });
  };
  const METRIC_LIST = 'IMPRESSION, MEMBERS_REACHED, RESHARE, REACTION, COMMENT';

  it('requires an API key', async () => {
    const res = await s.t.http.post('/api/v1/linkedin-followers').send({ platformId });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'API key is required' });
  });

  it('reads a missing body as an empty one', async () => {
    const res = await s.t.http.post('/api/v1/linkedin-account-statistics').set(s.account.apiHeaders);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'platformId is required' });
  });

  describe('linkedin-followers', () => {
    const path = 'linkedin-followers';
    it('platformId', async () => {
      await expect400(path, {}, 'platformId is required');
      await expect400(path, { platformId: null }, 'platformId is required');
      await expect400(path, { platformId: 123 }, 'platformId must be a string');
      await expect400(path, { platformId: '' }, 'Invalid platformId');
      await expect400(path, { platformId: 'twitter-123' }, 'Invalid platformId');
      await expect400(path, { platformId: 'nodash' }, 'Invalid platformId');
    });
    it('period and dateRange, in that order', async () => {
      await expect400(path, { platformId, period: 7 }, 'period must be a string');
      await expect400(path, { platformId, period: 'weekly', dateRange: 'x' }, 'Invalid period. Must be one of: lifetime, daily');
      await expect400(path, { platformId, period: 'DAILY' }, 'dateRange is required for daily period');
      await expect400(path, { platformId, period: 'daily', dateRange: 'x' }, 'dateRange must be an object');
      await expect400(path, { platformId, period: 'daily', dateRange: [RANGE] }, 'dateRange must be an object');
      await expect400(path, { platformId, period: 'daily', dateRange: { start: RANGE.start } }, "dateRange must have both 'start' and 'end' objects");
      await expect400(
        path,
        { platformId, period: 'daily', dateRange: { start: RANGE.start, end: { year: 2024, month: 5 } } },
        'dateRange.start and dateRange.end must have: year, month, day',
      );
    });
  });

  describe('linkedin-profile-summary', () => {
    const path = 'linkedin-profile-summary';
    it('platformId then dateRange', async () => {
      await expect400(path, { dateRange: 5 }, 'platformId is required');
      await expect400(path, { platformId: false }, 'platformId must be a string');
      await expect400(path, { platformId: '' }, 'Invalid platformId');
      await expect400(path, { platformId: 'bluesky-did:plc:x' }, 'Invalid platformId');
      await expect400(path, { platformId, dateRange: 5 }, 'dateRange must be an object');
      await expect400(path, { platformId, dateRange: { end: RANGE.end } }, "dateRange must have both 'start' and 'end' objects");
      await expect400(
        path,
        { platformId, dateRange: { start: { year: 2024, month: 2, day: 30 }, end: RANGE.end } },
        'dateRange.start and dateRange.end must have: year, month, day',
      );
    });
  });

  describe('linkedin-post-statistics', () => {
    const path = 'linkedin-post-statistics';
    it('postedId and platformId', async () => {
      await expect400(path, { platformId, queryType: 'COMMENT' }, 'postedId and platformId are required');
      await expect400(path, { postedId: 'urn:li:share:1', queryType: 'COMMENT' }, 'postedId and platformId are required');
      await expect400(path, { postedId: '', platformId }, 'postedId and platformId are required');
      await expect400(path, { postedId: 5, platformId, queryType: 'COMMENT' }, 'postedId and platformId must be strings');
      await expect400(path, { postedId: 'urn:li:share:1', platformId: { id: 1 } }, 'postedId and platformId must be strings');
    });
    it('queryType and queryTypes', async () => {
      const base = { postedId: 'urn:li:share:1', platformId };
      await expect400(path, base, 'queryType or queryTypes is required');
      await expect400(path, { ...base, queryTypes: [] }, 'queryType or queryTypes is required');
      await expect400(path, { ...base, queryType: 'comment' }, `Invalid queryType. Must be one of: ${METRIC_LIST}`);
      await expect400(path, { ...base, queryType: 'SHARE' }, `Invalid queryType. Must be one of: ${METRIC_LIST}`);
      await expect400(
        path,
        { ...base, queryTypes: ['impression', 'SHARE', 'views'] },
        `Invalid queryTypes: SHARE, views. Must be one of: ${METRIC_LIST}, or "ALL"`,
      );
      await expect400(path, { ...base, queryTypes: 'everything' }, `Invalid queryTypes: everything. Must be one of: ${METRIC_LIST}, or "ALL"`);
    });
  });

  describe('linkedin-account-statistics', () => {
    const path = 'linkedin-account-statistics';
    it('platformId, metrics, aggregation, dateRange, then MEMBERS_REACHED with DAILY', async () => {
      await expect400(path, { queryType: 'COMMENT' }, 'platformId is required');
      await expect400(path, { platformId: '', queryType: 'COMMENT' }, 'platformId is required');
      await expect400(path, { platformId: 9, queryType: 'COMMENT' }, 'platformId must be a string');
      await expect400(path, { platformId, aggregation: 'weekly' }, 'queryType or queryTypes is required');
      await expect400(path, { platformId, queryType: 'Comment' }, `Invalid queryType. Must be one of: ${METRIC_LIST}`);
      await expect400(path, { platformId, queryTypes: ['x'] }, `Invalid queryTypes: x. Must be one of: ${METRIC_LIST}, or "ALL"`);
      await expect400(path, { platformId, queryType: 'COMMENT', aggregation: 1 }, 'aggregation must be a string');
      await expect400(path, { platformId, queryType: 'COMMENT', aggregation: 'weekly' }, 'Invalid aggregation. Must be one of: DAILY, TOTAL');
      await expect400(path, { platformId, queryType: 'COMMENT', dateRange: 'x' }, 'dateRange must be an object');
      await expect400(path, { platformId, queryType: 'COMMENT', dateRange: {} }, "dateRange must have both 'start' and 'end' objects");
      await expect400(
        path,
        { platformId, queryType: 'COMMENT', dateRange: { start: {}, end: {} } },
        'dateRange.start and dateRange.end must have: year, month, day',
      );
      await expect400(
        path,
        { platformId, queryType: 'MEMBERS_REACHED', aggregation: 'daily' },
        'MEMBERS_REACHED with DAILY aggregation is not supported by LinkedIn API',
      );
      await expect400(
        path,
        { platformId, queryTypes: ['members_reached', 'comment'], aggregation: 'Daily' },
        'MEMBERS_REACHED with DAILY aggregation is not supported by LinkedIn API',
      );
    });
  });

  describe('404 LinkedIn connection not found', () => {
    it.each([
      ['linkedin-followers', (id: string) => ({ platformId: id })],
      ['linkedin-profile-summary', (id: string) => ({ platformId: id })],
      ['linkedin-post-statistics', (id: string) => ({ platformId: id, postedId: 'urn:li:share:1', queryType: 'COMMENT' })],
      ['linkedin-account-statistics', (id: string) => ({ platformId: id, queryType: 'COMMENT' })],
    ])("%s: unknown ids, another user's connection, a non-LinkedIn connection", async (path, body) => {
      const other = await createAccount(s.t);
      const othersConnection = await createConnection(s.t, other.userId, { platform: 'linkedin' });
      const twitter = await createConnection(s.t, s.account.userId, { platform: 'twitter' });
      const ids = ['linkedin-does-not-exist', othersConnection.platformId];
      for (const id of ids) {
        const res = await s.post(path, body(id));
        expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { error: 'LinkedIn connection not found' } });
      }
      if (path === 'linkedin-post-statistics' || path === 'linkedin-account-statistics') {
        for (const id of [twitter.platformId, 'any-string']) {
          const res = await s.post(path, body(id));
          expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { error: 'LinkedIn connection not found' } });
        }
      }
    });
  });

  describe('workspace mode', () => {
    it("acts on the managed user's connections with x-service-user-id", async () => {
      s.fake.reset();
      const owner = await createAccount(s.t, { workspacesEnabled: true });
      const managed = await createAccount(s.t, { parentUserId: owner.userId });
      const conn = await s.linkedin(managed.userId);
      const asManaged = { ...owner.apiHeaders, 'x-service-user-id': managed.userId };
      const ok = await s.post('linkedin-followers', { platformId: conn.platformId }, asManaged);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true, followersCount: 961, cached: false });
      const asOwner = await s.post('linkedin-followers', { platformId: conn.platformId }, owner.apiHeaders);
      expect(asOwner.status).toBe(404);
      expect(asOwner.body).toEqual({ error: 'LinkedIn connection not found' });
      s.fake.reset(); // the afterEach check is about validation requests only
    });
  });

  describe("each endpoint's 500 for unexpected failures", () => {
    it.each([
      ['linkedin-followers', {}, 'Failed to fetch LinkedIn followers statistics'],
      ['linkedin-profile-summary', {}, 'Failed to fetch LinkedIn profile summary'],
      ['linkedin-post-statistics', { postedId: 'urn:li:share:1', queryType: 'COMMENT' }, 'Failed to fetch LinkedIn post statistics'],
      ['linkedin-account-statistics', { queryType: 'COMMENT' }, 'Failed to fetch LinkedIn account statistics'],
    ])('%s', async (path, extra, error) => {
      const conn = await s.linkedin();
      // A stored token that no longer decrypts (e.g. a rotated ENCRYPTION_KEY) is not the caller's fault.
      await s.t.connection
        .collection('platform_connections')
        .updateOne({ _id: new Types.ObjectId(conn.id) }, { $set: { accessTokenEncrypted: 'not-a-ciphertext' } });
      const res = await s.post(path, { platformId: conn.platformId, ...extra });
      expect({ status: res.status, body: res.body }).toEqual({ status: 500, body: { error } });
    });
  });
});
