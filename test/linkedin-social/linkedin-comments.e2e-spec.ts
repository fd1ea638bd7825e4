import { createAccount } from '@test/support';
import { LINKEDIN_VERSION, startSocialSuite, type SocialSuite } from './linkedin-social-helpers';

describe('/api/v1/linkedin-comments', () => {
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

  const comment = (body: Record<string, unknown>) => s.request('post', 'linkedin-comments', body);
  const uncomment = (body?: Record<string, unknown>, query?: Record<string, string>) => {
    const req = s.request('delete', 'linkedin-comments', body);
    return query ? req.query(query) : req;
  };

  describe('POST', () => {
    it('201 { success, comment: { id, commentUrn, message } }: POST /rest/socialActions/{encoded URN}/comments', async () => {
      const post = s.fake.addPost(actor);
      const message = 'Great insights! #launch (finally) @you';
      const res = await comment({ postedId: post.urn, platformId, message });
      expect(res.status).toBe(201);
      const [stored] = s.fake.socialOf(post.urn).comments;
      expect(res.body).toEqual({ success: true, comment: { id: stored.id, commentUrn: `urn:li:comment:(${post.activityUrn},${stored.id})`, message } });
      expect(stored).toMatchObject({ actor, text: message });
      const [call] = s.fake.socialCalls();
      expect(call.method).toBe('POST');
      expect(call.path).toBe(`/rest/socialActions/${encodeURIComponent(post.urn)}/comments`);
      expect(call.body).toEqual({ actor, object: post.urn, message: { text: message } });
      expect(call.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
      expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
      expect(call.headers.authorization).toBe(`Bearer ${accessToken}`);
    });

    it('each URN form: share, ugcPost, activity', async () => {
      const share = s.fake.addPost(actor, 'share');
      const ugc = s.fake.addPost(actor, 'ugcPost');
      const viaActivity = s.fake.addPost(actor);
      for (const urn of [share.urn, ugc.urn, viaActivity.activityUrn]) {
        const res = await comment({ postedId: urn, platformId, message: 'Nice' });
        expect(res.status).toBe(201);
      }
      expect(s.fake.socialCalls().map((c) => c.path)).toEqual(
        [share.urn, ugc.urn, viaActivity.activityUrn].map((u) => `/rest/socialActions/${encodeURIComponent(u)}/comments`),
      );
      expect(s.fake.socialOf(viaActivity.urn).comments).toHaveLength(1);
    });

    it('parentComment makes a reply', async () => {
      const post = s.fake.addPost(actor);
      const first = await comment({ postedId: post.urn, platformId, message: 'First' }).expect(201);
      const reply = await comment({ postedId: post.urn, platformId, message: 'Reply', parentComment: first.body.comment.commentUrn });
      expect(reply.status).toBe(201);
      expect(s.fake.socialCalls()[1].body).toEqual({ actor, object: post.urn, message: { text: 'Reply' }, parentComment: first.body.comment.commentUrn });
      expect(s.fake.socialOf(post.urn).comments[1].parentComment).toBe(first.body.comment.commentUrn);
    });

    it('1250 characters (code points) pass; 1251 are refused', async () => {
      const post = s.fake.addPost(actor);
      const emoji = '👍'.repeat(1250);
      expect((await comment({ postedId: post.urn, platformId, message: emoji })).status).toBe(201);
      const res = await comment({ postedId: post.urn, platformId, message: 'x'.repeat(1251) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'message cannot exceed 1250 characters' });
    });

    const ok = { postedId: 'urn:li:share:1', platformId: 'linkedin-x', message: 'Hi' };
    it.each([
      [{ platformId: 'linkedin-x', message: 'Hi' }, 'postedId, message, and platformId are required'],
      [{ postedId: 'urn:li:share:1', platformId: 'linkedin-x' }, 'postedId, message, and platformId are required'],
      [{ postedId: 'urn:li:share:1', message: 'Hi' }, 'postedId, message, and platformId are required'],
      [{ ...ok, message: null }, 'postedId, message, and platformId are required'],
      [{ ...ok, platformId: true }, 'platformId must be a string'],
      [{ ...ok, postedId: 'urn:li:comment:(urn:li:activity:1,2)' }, 'postedId must be a valid LinkedIn URN'],
      [{ ...ok, postedId: 'urn:li:ugcpost:1' }, 'postedId must be a valid LinkedIn URN'],
      [{ ...ok, message: 12 }, 'message must be a string'],
      [{ ...ok, message: '' }, 'message cannot be empty'],
      [{ ...ok, message: '   \n' }, 'message cannot be empty'],
      [{ ...ok, parentComment: 'urn:li:share:1' }, 'parentComment must be a valid LinkedIn URN'],
      [{ ...ok, parentComment: 5 }, 'parentComment must be a valid LinkedIn URN'],
      [{ ...ok, platformId: 'facebook-1' }, 'Invalid platformId'],
    ])('400 for %j: %s', async (body, message) => {
      const res = await comment(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
      expect(s.fake.socialCalls()).toHaveLength(0);
    });

    it("404 LinkedIn connection not found for an unknown id or another user's connection", async () => {
      const other = await createAccount(s.t);
      const theirs = (await s.linkedin(other.userId)).connection.platformId;
      for (const id of ['linkedin-nobody', theirs]) {
        const res = await comment({ postedId: 'urn:li:share:1', platformId: id, message: 'Hi' });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'LinkedIn connection not found' });
      }
    });

    it('500 Failed to create LinkedIn comment with details: missing scope, unknown post, LinkedIn down', async () => {
      const post = s.fake.addPost(actor);
      s.fake.tokenScopes.set(accessToken, ['openid']);
      const denied = await comment({ postedId: post.urn, platformId, message: 'Hi' });
      expect(denied.status).toBe(500);
      expect(denied.body).toEqual({
        error: 'Failed to create LinkedIn comment',
        details: `Not enough permissions to access: comments.CREATE.${LINKEDIN_VERSION}`,
        linkedinStatus: 403,
      });
      // LinkedIn's newer name for the scope works as well.
      s.fake.tokenScopes.set(accessToken, ['w_member_social_feed']);
      const unknown = await comment({ postedId: 'urn:li:ugcPost:404', platformId, message: 'Hi' });
      expect(unknown.body).toEqual({ error: 'Failed to create LinkedIn comment', details: 'Entity urn:li:ugcPost:404 not found', linkedinStatus: 404 });
      s.fake.inject({ kind: 'server_error', match: 'POST /rest/socialActions' });
      const down = await comment({ postedId: post.urn, platformId, message: 'Hi' });
      expect(down.status).toBe(500);
      expect(down.body).toEqual({ error: 'Failed to create LinkedIn comment', details: 'Internal Server Error', linkedinStatus: 500 });
      expect(s.fake.socialOf(post.urn).comments).toEqual([]);
      expect((await comment({ postedId: post.urn, platformId, message: 'Hi' })).status).toBe(201);
    });

    it('401 without an API key', async () => {
      const res = await s.t.http.post('/api/v1/linkedin-comments').send({ postedId: 'urn:li:share:1', platformId, message: 'Hi' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'API key is required' });
    });
  });

  describe('DELETE', () => {
    it('200 { success, deleted }: DELETE /rest/socialActions/{encoded URN}/comments/{id}?actor=…, parameters in the body', async () => {
      const post = s.fake.addPost(actor);
      const created = await comment({ postedId: post.urn, platformId, message: 'Oops' }).expect(201);
      const res = await uncomment({ postedId: post.urn, commentId: created.body.comment.id, platformId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, deleted: created.body.comment.id });
      expect(s.fake.socialOf(post.urn).comments).toEqual([]);
      const call = s.fake.socialCalls()[1];
      expect(call.method).toBe('DELETE');
      expect(call.path).toBe(`/rest/socialActions/${encodeURIComponent(post.urn)}/comments/${created.body.comment.id}`);
      expect(call.query.get('actor')).toBe(actor);
      expect(call.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
    });

    it('commentId may be the comment URN (deleted echoes it); parameters from the query or mixed', async () => {
      const post = s.fake.addPost(actor, 'ugcPost');
      const a = await comment({ postedId: post.urn, platformId, message: 'A' }).expect(201);
      const b = await comment({ postedId: post.urn, platformId, message: 'B' }).expect(201);
      const byQuery = await uncomment(undefined, { postedId: post.urn, commentId: a.body.comment.commentUrn, platformId });
      expect(byQuery.status).toBe(200);
      expect(byQuery.body).toEqual({ success: true, deleted: a.body.comment.commentUrn });
      const mixed = await uncomment({ commentId: b.body.comment.id }, { postedId: post.urn, platformId, commentId: '1' });
      expect(mixed.status).toBe(200);
      expect(mixed.body.deleted).toBe(b.body.comment.id);
      expect(s.fake.socialOf(post.urn).comments).toEqual([]);
    });

    it.each([
      [{ postedId: 'urn:li:share:1', platformId: 'linkedin-x' }, 'postedId, commentId, and platformId are required'],
      [{ commentId: '1', platformId: 'linkedin-x' }, 'postedId, commentId, and platformId are required'],
      [{ postedId: 'urn:li:share:1', commentId: '1' }, 'postedId, commentId, and platformId are required'],
      [{ postedId: 'urn:li:share:1', commentId: '1', platformId: 7 }, 'platformId must be a string'],
      [{ postedId: 'share:1', commentId: '1', platformId: 'linkedin-x' }, 'postedId must be a valid LinkedIn URN'],
      [{ postedId: 'urn:li:share:1', commentId: 'abc', platformId: 'linkedin-x' }, 'commentId must be a valid LinkedIn URN or numeric ID'],
      [{ postedId: 'urn:li:share:1', commentId: 'urn:li:comment:1', platformId: 'linkedin-x' }, 'commentId must be a valid LinkedIn URN or numeric ID'],
      [{ postedId: 'urn:li:share:1', commentId: '1', platformId: 'x' }, 'Invalid platformId'],
    ])('400 for %j: %s', async (body, message) => {
      const res = await uncomment(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
    });

    it('404 LinkedIn connection not found', async () => {
      const res = await uncomment(undefined, { postedId: 'urn:li:share:1', commentId: '1', platformId: 'linkedin-nobody' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'LinkedIn connection not found' });
    });

    it("500 Failed to delete LinkedIn comment with details: someone else's comment, an unknown comment", async () => {
      const post = s.fake.addPost(actor);
      const mine = await comment({ postedId: post.urn, platformId, message: 'Mine' }).expect(201);
      const other = await s.linkedin();
      const theirs = await uncomment({ postedId: post.urn, commentId: mine.body.comment.id, platformId: other.connection.platformId });
      expect(theirs.status).toBe(500);
      expect(theirs.body).toEqual({
        error: 'Failed to delete LinkedIn comment',
        details: `${other.actor} may not delete comment ${mine.body.comment.id}`,
        linkedinStatus: 403,
      });
      const unknown = await uncomment({ postedId: post.urn, commentId: '42', platformId });
      expect(unknown.body).toEqual({ error: 'Failed to delete LinkedIn comment', details: 'Comment 42 not found', linkedinStatus: 404 });
      expect(s.fake.socialOf(post.urn).comments).toHaveLength(1);
    });

    it('401 without an API key', async () => {
      const res = await s.t.http.delete('/api/v1/linkedin-comments').send({ postedId: 'urn:li:share:1', commentId: '1', platformId });
      expect(res.status).toBe(401);
    });
  });
});
