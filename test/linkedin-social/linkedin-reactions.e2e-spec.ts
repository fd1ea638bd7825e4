import { createAccount, createConnection } from '@test/support';
import { LINKEDIN_VERSION, startSocialSuite, type SocialSuite } from './linkedin-social-helpers';

const TYPES = 'LIKE, PRAISE, EMPATHY, INTEREST, APPRECIATION, ENTERTAINMENT';

describe('/api/v1/linkedin-reactions', () => {
  let s: SocialSuite;
  let platformId: string;
  let actor: string;
  let accessToken: string;
  beforeAll(async () => {
    s = await startSocialSuite();
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    s.fake.reset();
    ({
      connection: { platformId },
      actor,
      accessToken,
    } = await s.linkedin());
  });

  const react = (body: Record<string, unknown>) => s.request('post', 'linkedin-reactions', body);
  const unreact = (body?: Record<string, unknown>, query?: Record<string, string>) => {
    const req = s.request('delete', 'linkedin-reactions', body);
    return query ? req.query(query) : req;
  };

  describe('POST', () => {
    it('201 { success, reaction }: POST /rest/reactions?actor=… with root and reactionType, versioned headers', async () => {
      const post = s.fake.addPost(actor);
      const res = await react({ postedId: post.urn, platformId, reactionType: 'PRAISE' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        reaction: { id: `urn:li:reaction:(${actor},${post.activityUrn})`, reactionType: 'PRAISE', actor, object: post.urn },
      });
      expect(s.fake.socialOf(post.urn).reactions).toEqual([{ actor, reactionType: 'PRAISE', at: expect.any(Date) }]);
      const [call] = s.fake.socialCalls();
      expect(`${call.method} ${call.path}`).toBe('POST /rest/reactions');
      expect(call.query.get('actor')).toBe(actor);
      expect(call.body).toEqual({ root: post.urn, reactionType: 'PRAISE' });
      expect(call.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
      expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
      expect(call.headers.authorization).toBe(`Bearer ${accessToken}`);
    });

    it('reactionType is case-insensitive and sent uppercase', async () => {
      const post = s.fake.addPost(actor);
      for (const given of ['like', 'Empathy', ' interest ']) {
        const res = await react({ postedId: post.urn, platformId, reactionType: given });
        expect(res.status).toBe(201);
        expect(res.body.reaction.reactionType).toBe(given.trim().toUpperCase());
      }
      expect(s.fake.socialCalls().map((c) => (c.body as { reactionType: string }).reactionType)).toEqual(['LIKE', 'EMPATHY', 'INTEREST']);
      expect(s.fake.socialOf(post.urn).reactions).toEqual([expect.objectContaining({ actor, reactionType: 'INTEREST' })]);
    });

    it('takes share, ugcPost and activity URNs, sent to LinkedIn as given (no urnTranslated)', async () => {
      const share = s.fake.addPost(actor, 'share');
      const ugc = s.fake.addPost(actor, 'ugcPost');
      const activity = s.fake.addPost(actor, 'share');
      for (const urn of [share.urn, ugc.urn, activity.activityUrn]) {
        const res = await react({ postedId: urn, platformId, reactionType: 'LIKE' });
        expect(res.status).toBe(201);
        expect(res.body.reaction.object).toBe(urn);
        expect(res.body).not.toHaveProperty('urnTranslated');
      }
      expect(s.fake.socialCalls().map((c) => (c.body as { root: string }).root)).toEqual([share.urn, ugc.urn, activity.activityUrn]);
      expect(s.fake.socialOf(activity.urn).reactions).toHaveLength(1);
    });

    it('a platformId prefix in any case finds the connection', async () => {
      const post = s.fake.addPost(actor);
      const res = await react({ postedId: post.urn, platformId: platformId.replace('linkedin-', 'LinkedIn-'), reactionType: 'LIKE' });
      expect(res.status).toBe(201);
    });

    it.each([
      [{ reactionType: 'LIKE', platformId: 'linkedin-x' }, 'postedId, reactionType, and platformId are required'],
      [{ postedId: 'urn:li:share:1', platformId: 'linkedin-x' }, 'postedId, reactionType, and platformId are required'],
      [{ postedId: 'urn:li:share:1', reactionType: 'LIKE' }, 'postedId, reactionType, and platformId are required'],
      [{ postedId: '', reactionType: 'LIKE', platformId: 'linkedin-x' }, 'postedId, reactionType, and platformId are required'],
      [{ postedId: 'urn:li:share:1', reactionType: 'LIKE', platformId: null }, 'postedId, reactionType, and platformId are required'],
      [{ postedId: 'urn:li:share:1', reactionType: 'LIKE', platformId: 42 }, 'platformId must be a string'],
      [{ postedId: '7123456789', reactionType: 'LIKE', platformId: 'linkedin-x' }, 'postedId must be a valid LinkedIn URN'],
      [{ postedId: 'urn:li:person:1', reactionType: 'LIKE', platformId: 'linkedin-x' }, 'postedId must be a valid LinkedIn URN'],
      [{ postedId: 'urn:li:share:abc', reactionType: 'LIKE', platformId: 'linkedin-x' }, 'postedId must be a valid LinkedIn URN'],
      [{ postedId: 123, reactionType: 'LIKE', platformId: 'linkedin-x' }, 'postedId must be a valid LinkedIn URN'],
      [{ postedId: 'urn:li:share:1', reactionType: 'CELEBRATE', platformId: 'linkedin-x' }, `reactionType must be one of: ${TYPES}`],
      [{ postedId: 'urn:li:share:1', reactionType: 7, platformId: 'linkedin-x' }, `reactionType must be one of: ${TYPES}`],
      [{ postedId: 'urn:li:share:1', reactionType: 'LIKE', platformId: 'twitter-123' }, 'Invalid platformId'],
      [{ postedId: 'urn:li:share:1', reactionType: 'LIKE', platformId: 'nonsense' }, 'Invalid platformId'],
    ])('400 for %j: %s', async (body, message) => {
      const res = await react(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
      expect(s.fake.socialCalls()).toHaveLength(0);
    });

    it("404 LinkedIn connection not found: an unknown LinkedIn id, another user's connection", async () => {
      const other = await createAccount(s.t);
      const theirs = (await s.linkedin(other.userId)).connection.platformId;
      for (const id of ['linkedin-nobody', theirs]) {
        const res = await react({ postedId: 'urn:li:share:1', platformId: id, reactionType: 'LIKE' });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'LinkedIn connection not found' });
      }
      expect(s.fake.socialCalls()).toHaveLength(0);
    });

    it('500 with details when LinkedIn refuses: a missing scope (403 ACCESS_DENIED), an unknown post', async () => {
      const post = s.fake.addPost(actor);
      s.fake.tokenScopes.set(accessToken, ['openid', 'profile']);
      const denied = await react({ postedId: post.urn, platformId, reactionType: 'LIKE' });
      expect(denied.status).toBe(500);
      expect(denied.body).toEqual({
        error: 'Failed to create LinkedIn reaction',
        details: `Not enough permissions to access: reactions.CREATE.${LINKEDIN_VERSION}`,
        linkedinStatus: 403,
      });
      expect(JSON.stringify(denied.body)).not.toContain(accessToken);
      s.fake.tokenScopes.set(accessToken, ['w_member_social']);
      const unknown = await react({ postedId: 'urn:li:share:999', platformId, reactionType: 'LIKE' });
      expect(unknown.status).toBe(500);
      expect(unknown.body).toEqual({ error: 'Failed to create LinkedIn reaction', details: 'Entity urn:li:share:999 not found', linkedinStatus: 404 });
      expect(s.fake.socialOf(post.urn).reactions).toEqual([]);
    });

    it('500 with details when LinkedIn does not answer in time', async () => {
      const post = s.fake.addPost(actor);
      s.fake.inject({ kind: 'slow', match: 'POST /rest/reactions', delayMs: 2500 });
      const res = await react({ postedId: post.urn, platformId, reactionType: 'LIKE' });
      expect(res.status).toBe(500);
      expect(res.body.error).toBe('Failed to create LinkedIn reaction');
      expect(typeof res.body.details).toBe('string');
      expect(res.body).not.toHaveProperty('linkedinStatus');
      await s.fake.settle();
    });

    it('401 without an API key', async () => {
      const bare = await s.t.http.post('/api/v1/linkedin-reactions').send({ postedId: 'urn:li:share:1', platformId, reactionType: 'LIKE' });
      expect(bare.status).toBe(401);
      expect(bare.body).toEqual({ error: 'API key is required' });
      expect(s.fake.socialCalls()).toHaveLength(0);
    });
  });

  describe('DELETE', () => {
    it('200 { success, reaction: null, deleted }: DELETE /rest/reactions/(actor:…,entity:…) with encoded URNs, parameters in the body', async () => {
      const post = s.fake.addPost(actor);
      await react({ postedId: post.urn, platformId, reactionType: 'LIKE' }).expect(201);
      const res = await unreact({ postedId: post.urn, platformId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, reaction: null, deleted: `urn:li:reaction:(${actor},${post.urn})` });
      expect(s.fake.socialOf(post.urn).reactions).toEqual([]);
      const call = s.fake.socialCalls()[1];
      expect(call.method).toBe('DELETE');
      expect(call.path).toBe(`/rest/reactions/(actor:${encodeURIComponent(actor)},entity:${encodeURIComponent(post.urn)})`);
      expect(call.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
      expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
    });

    it('takes the parameters from the query, or mixed; the body wins over the query', async () => {
      const one = s.fake.addPost(actor, 'ugcPost');
      const two = s.fake.addPost(actor);
      await react({ postedId: one.urn, platformId, reactionType: 'LIKE' }).expect(201);
      await react({ postedId: two.urn, platformId, reactionType: 'LIKE' }).expect(201);
      const byQuery = await unreact(undefined, { postedId: one.urn, platformId });
      expect(byQuery.status).toBe(200);
      expect(byQuery.body.deleted).toBe(`urn:li:reaction:(${actor},${one.urn})`);
      const mixed = await unreact({ postedId: two.urn }, { postedId: 'urn:li:share:1', platformId });
      expect(mixed.status).toBe(200);
      expect(mixed.body.deleted).toBe(`urn:li:reaction:(${actor},${two.urn})`);
      expect(s.fake.socialOf(two.urn).reactions).toEqual([]);
    });

    it('takes an activity URN', async () => {
      const post = s.fake.addPost(actor);
      await react({ postedId: post.activityUrn, platformId, reactionType: 'LIKE' }).expect(201);
      const res = await unreact({ postedId: post.activityUrn, platformId });
      expect(res.status).toBe(200);
      expect(s.fake.socialOf(post.urn).reactions).toEqual([]);
    });

    it.each([
      [{}, 'postedId and platformId are required'],
      [{ postedId: 'urn:li:share:1' }, 'postedId and platformId are required'],
      [{ platformId: 'linkedin-x' }, 'postedId and platformId are required'],
      [{ postedId: 'urn:li:share:1', platformId: ['linkedin-x'] }, 'platformId must be a string'],
      [{ postedId: 'https://www.linkedin.com/feed/update/urn:li:share:1', platformId: 'linkedin-x' }, 'postedId must be a valid LinkedIn URN'],
      [{ postedId: 'urn:li:share:1', platformId: 'twitter-1' }, 'Invalid platformId'],
    ])('400 for %j: %s', async (body, message) => {
      const res = await unreact(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
    });

    it('400 from query parameters too', async () => {
      const res = await unreact(undefined, { postedId: 'share:1', platformId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'postedId must be a valid LinkedIn URN' });
    });

    it('404 LinkedIn connection not found for an unknown LinkedIn id; a connection of another platform is 400 Invalid platformId', async () => {
      const x = await createConnection(s.t, s.account.userId, { platform: 'twitter' });
      const res = await unreact({ postedId: 'urn:li:share:1', platformId: x.platformId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid platformId' });
      const missing = await unreact({ postedId: 'urn:li:share:1', platformId: 'linkedin-missing' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'LinkedIn connection not found' });
    });

    it('500 Failed to delete LinkedIn reaction with details when there is no reaction to remove, or a scope is missing', async () => {
      const post = s.fake.addPost(actor);
      const none = await unreact({ postedId: post.urn, platformId });
      expect(none.status).toBe(500);
      expect(none.body).toEqual({ error: 'Failed to delete LinkedIn reaction', details: `No reaction of ${actor} on ${post.urn}`, linkedinStatus: 404 });
      await react({ postedId: post.urn, platformId, reactionType: 'LIKE' }).expect(201);
      s.fake.tokenScopes.set(accessToken, ['r_member_social']);
      const denied = await unreact({ postedId: post.urn, platformId });
      expect(denied.status).toBe(500);
      expect(denied.body).toEqual({
        error: 'Failed to delete LinkedIn reaction',
        details: `Not enough permissions to access: reactions.DELETE.${LINKEDIN_VERSION}`,
        linkedinStatus: 403,
      });
      expect(s.fake.socialOf(post.urn).reactions).toHaveLength(1);
    });

    it('401 without an API key', async () => {
      const res = await s.t.http.delete('/api/v1/linkedin-reactions').query({ postedId: 'urn:li:share:1', platformId });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'API key is required' });
    });
  });
});
