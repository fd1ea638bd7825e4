import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';
import { startSocialSuite, type SocialSuite } from './linkedin-social-helpers';

const TOOLS = ['linkedin_create_reaction', 'linkedin_delete_reaction', 'linkedin_create_comment', 'linkedin_delete_comment'];

describe('LinkedIn reaction and comment MCP tools, and their OpenAPI entries', () => {
  let s: SocialSuite;
  let client: Client;
  let platformId: string;
  let actor: string;
  let accessToken: string;
  beforeAll(async () => {
    s = await startSocialSuite();
    client = await mcpClient(s.t, bearer(s.account.apiKey));
  });
  afterAll(async () => {
    await client?.close();
    await s.close();
  });
  beforeEach(async () => {
    s.fake.reset();
    ({
      connection: { platformId },
      actor,
      accessToken,
    } = await s.linkedin());
  });

  it('lists the four tools with the reference parameters (required ones marked)', async () => {
    const tools = (await client.listTools()).tools.filter((t) => TOOLS.includes(t.name));
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    const required = Object.fromEntries(tools.map((t) => [t.name, [...((t.inputSchema.required as string[]) ?? [])].sort()]));
    expect(required).toEqual({
      linkedin_create_reaction: ['platformId', 'postedId', 'reactionType'],
      linkedin_delete_reaction: ['platformId', 'postedId'],
      linkedin_create_comment: ['message', 'platformId', 'postedId'],
      linkedin_delete_comment: ['commentId', 'platformId', 'postedId'],
    });
    const comment = tools.find((t) => t.name === 'linkedin_create_comment')!;
    expect(Object.keys(comment.inputSchema.properties ?? {})).toContain('parentComment');
  });

  it('linkedin_create_reaction / linkedin_delete_reaction answer the REST bodies', async () => {
    const post = s.fake.addPost(actor, 'ugcPost');
    const created = await call(client, 'linkedin_create_reaction', { postedId: post.urn, platformId, reactionType: 'appreciation' });
    expect(created.isError).toBeFalsy();
    expect(created.json).toEqual({
      success: true,
      reaction: { id: `urn:li:reaction:(${actor},${post.activityUrn})`, reactionType: 'APPRECIATION', actor, object: post.urn },
    });
    expect(s.fake.socialOf(post.urn).reactions).toHaveLength(1);
    const deleted = await call(client, 'linkedin_delete_reaction', { postedId: post.urn, platformId });
    expect(deleted.json).toEqual({ success: true, reaction: null, deleted: `urn:li:reaction:(${actor},${post.urn})` });
    expect(s.fake.socialOf(post.urn).reactions).toEqual([]);
  });

  it('linkedin_create_comment / linkedin_delete_comment answer the REST bodies', async () => {
    const post = s.fake.addPost(actor);
    const created = await call(client, 'linkedin_create_comment', { postedId: post.activityUrn, platformId, message: 'First comment' });
    expect(created.isError).toBeFalsy();
    const [stored] = s.fake.socialOf(post.urn).comments;
    expect(created.json).toEqual({
      success: true,
      comment: { id: stored.id, commentUrn: `urn:li:comment:(${post.activityUrn},${stored.id})`, message: 'First comment' },
    });
    const reply = await call(client, 'linkedin_create_comment', {
      postedId: post.urn,
      platformId,
      message: 'Reply',
      parentComment: stored.commentUrn,
    });
    expect(reply.isError).toBeFalsy();
    const deleted = await call(client, 'linkedin_delete_comment', { postedId: post.urn, commentId: stored.commentUrn, platformId });
    expect(deleted.json).toEqual({ success: true, deleted: stored.commentUrn });
    expect(s.fake.socialOf(post.urn).comments.map((c) => c.text)).toEqual(['Reply']);
  });

  it('refusals are tool errors with the REST message and status', async () => {
    const bad = await call(client, 'linkedin_create_reaction', { postedId: 'urn:li:share:1', platformId, reactionType: 'WOW' });
    expect(bad.isError).toBe(true);
    expect(bad.json).toEqual({ error: 'reactionType must be one of: LIKE, PRAISE, EMPATHY, INTEREST, APPRECIATION, ENTERTAINMENT', status: 400 });
    const long = await call(client, 'linkedin_create_comment', { postedId: 'urn:li:share:1', platformId, message: 'x'.repeat(1251) });
    expect(long.json).toEqual({ error: 'message cannot exceed 1250 characters', status: 400 });
    const urn = await call(client, 'linkedin_delete_reaction', { postedId: 'urn:li:group:1', platformId });
    expect(urn.json).toEqual({ error: 'postedId must be a valid LinkedIn URN', status: 400 });
    const missing = await call(client, 'linkedin_delete_comment', { postedId: 'urn:li:share:1', commentId: '1', platformId: 'linkedin-nobody' });
    expect(missing.json).toEqual({ error: 'LinkedIn connection not found', status: 404 });
    const post = s.fake.addPost(actor);
    s.fake.tokenScopes.set(accessToken, ['openid']);
    const denied = await call(client, 'linkedin_create_comment', { postedId: post.urn, platformId, message: 'Hi' });
    expect(denied.isError).toBe(true);
    expect(denied.json).toEqual({
      error: 'Failed to create LinkedIn comment',
      details: 'Not enough permissions to access: comments.CREATE.202511',
      linkedinStatus: 403,
      status: 500,
    });
  });

  it('the OpenAPI document describes the four operations with their bodies and responses', async () => {
    const doc = (await s.t.http.get('/api/v1/openapi.json').expect(200)).body;
    const reactions = doc.paths['/api/v1/linkedin-reactions'];
    const comments = doc.paths['/api/v1/linkedin-comments'];
    expect(Object.keys(reactions.post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '500']));
    expect(Object.keys(reactions.delete.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '500']));
    expect(Object.keys(comments.post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '500']));
    expect(Object.keys(comments.delete.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '500']));
    expect(reactions.post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/CreateLinkedInReactionRequest');
    expect(comments.post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/CreateLinkedInCommentRequest');
    expect(reactions.delete.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['postedId', 'platformId']));
    expect(comments.delete.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['postedId', 'commentId', 'platformId']));
    expect(doc.components.schemas.CreateLinkedInReactionRequest.properties.reactionType.enum).toEqual([
      'LIKE',
      'PRAISE',
      'EMPATHY',
      'INTEREST',
      'APPRECIATION',
      'ENTERTAINMENT',
    ]);
    expect(doc.components.schemas.CreateLinkedInCommentRequest.required).toEqual(['postedId', 'message', 'platformId']);
    expect(reactions.post.responses['500'].content['application/json'].schema.$ref).toBe('#/components/schemas/LinkedInSocialFailureDoc');
  });
});
