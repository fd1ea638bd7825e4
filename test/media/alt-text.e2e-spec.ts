import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { dataOf, errorOf, gqlClient } from '../graphql/graphql-helpers';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';
import { createDraft, makePng, pathOf, type Account } from './media-helpers';

const PINTEREST_LIMIT_MESSAGE = 'altText is too long for Pinterest (612/500 characters)';

describe('Alt text of media files (REST, GraphQL, MCP)', () => {
  let t: TestApp;
  let gql: ReturnType<typeof gqlClient>;
  let owner: Account;
  let stranger: Account;
  let linkedin: string;
  let pinterest: string;
  let mcp: Client;

  beforeAll(async () => {
    t = await createTestApp();
    gql = gqlClient(t);
    owner = await createAccount(t, { plan: 'pro', seats: 10 });
    stranger = await createAccount(t, { plan: 'pro', seats: 10 });
    linkedin = (await createConnection(t, owner.userId, { platform: 'linkedin' })).platformId;
    pinterest = (await createConnection(t, owner.userId, { platform: 'pinterest' })).platformId;
    mcp = await mcpClient(t, bearer(owner.apiKey));
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
  });

  const media = () => t.connection.collection('media');
  const record = (mediaId: string) => media().findOne({ mediaId });
  const snapshot = async () =>
    JSON.stringify(
      await media()
        .find({}, { sort: { mediaId: 1 } })
        .toArray(),
    );

  async function upload(postGroupId: string, extra: Record<string, unknown> = {}, account = owner) {
    return t.http
      .post('/api/v1/get-upload-url')
      .set(account.apiHeaders)
      .send({ fileName: 'photo.png', contentType: 'image/png', postGroupId, type: 'image', ...extra });
  }
  const setAltText = (mediaId: string, body: unknown, account = owner) =>
    t.http
      .post(`/api/v1/media/${mediaId}/alt-text`)
      .set(account.apiHeaders)
      .send(body as object);

  describe('REST', () => {
    it('get-upload-url stores altText (trimmed); without it the record has none', async () => {
      const group = await createDraft(t, owner, linkedin);
      const res = await upload(group, { altText: '  A red bicycle  ' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['fileUrl', 'mediaId', 'success', 'uploadUrl']);
      expect((await record(res.body.mediaId))!.altText).toBe('A red bicycle');
      const plain = await upload(group);
      expect(await record(plain.body.mediaId)).not.toHaveProperty('altText');
      const empty = await upload(group, { altText: '' });
      expect(await record(empty.body.mediaId)).not.toHaveProperty('altText');
    });

    it("get-upload-url refuses a bad altText, or one too long for the group's platforms, and creates nothing", async () => {
      const group = await createDraft(t, owner, pinterest);
      const before = await snapshot();
      for (const [altText, error] of [
        [5, 'altText must be a string'],
        ['x'.repeat(4087), 'altText must be at most 4086 characters'],
        ['bell\u0007', 'altText must not contain control characters other than tab, line feed and carriage return: U+0007 at character 5'],
        ['\ud800', 'altText must be valid Unicode text: an unpaired surrogate U+D800 at character 1'],
        ['x'.repeat(612), PINTEREST_LIMIT_MESSAGE],
      ] as const) {
        const res = await upload(group, { altText });
        expect([res.status, res.body]).toEqual([400, { error }]);
      }
      expect(await snapshot()).toBe(before);
      // The same text is fine for a LinkedIn post (limit 4,086), and line breaks are kept.
      const ok = await upload(await createDraft(t, owner, linkedin), { altText: `${'x'.repeat(611)}\nend` });
      expect(ok.status).toBe(200);
      expect((await record(ok.body.mediaId))!.altText).toBe(`${'x'.repeat(611)}\nend`);
    });

    it('media/:mediaId/alt-text sets, replaces and clears ("") the alt text', async () => {
      const group = await createDraft(t, owner, linkedin);
      const { mediaId } = (await upload(group)).body;
      const set = await setAltText(mediaId, { altText: ' Sunset over the bay ' });
      expect([set.status, set.body]).toEqual([200, { success: true, mediaId, altText: 'Sunset over the bay' }]);
      expect((await record(mediaId))!.altText).toBe('Sunset over the bay');
      const replaced = await setAltText(mediaId, { altText: 'Sunrise' });
      expect(replaced.body).toEqual({ success: true, mediaId, altText: 'Sunrise' });
      const cleared = await setAltText(mediaId, { altText: '' });
      expect([cleared.status, cleared.body]).toEqual([200, { success: true, mediaId, altText: '' }]);
      expect(await record(mediaId)).not.toHaveProperty('altText');
      // A file not yet attached to a group (the dashboard's createUploadUrl without one) takes any alt text up to the maximum.
      const loose = dataOf(
        await gql(
          'mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { mediaId } }',
          { input: { fileName: 'a.png', contentType: 'image/png', type: 'image' } },
          owner.cookie,
        ),
      ).createUploadUrl.mediaId;
      expect((await setAltText(loose, { altText: 'x'.repeat(4086) })).status).toBe(200);
    });

    it('every refusal changes nothing: bad bodies, platform limits, finished or publishing posts', async () => {
      const group = await createDraft(t, owner, pinterest);
      const { mediaId } = (await upload(group, { altText: 'Before' })).body;
      const before = await snapshot();
      for (const [body, error] of [
        [{}, 'altText is required (an empty string clears it)'],
        [{ altText: null }, 'altText is required (an empty string clears it)'],
        [{ altText: ['a'] }, 'altText must be a string'],
        [{ altText: 'x'.repeat(4087) }, 'altText must be at most 4086 characters'],
        [{ altText: 'a\u0000b' }, 'altText must not contain control characters other than tab, line feed and carriage return: U+0000 at character 2'],
        [{ altText: 'x'.repeat(612) }, PINTEREST_LIMIT_MESSAGE],
      ] as const) {
        const res = await setAltText(mediaId, body);
        expect([res.status, res.body]).toEqual([400, { error }]);
      }
      expect(await snapshot()).toBe(before);

      const groups = t.connection.collection('post_groups');
      const _id = new Types.ObjectId(group);
      for (const [change, error] of [
        [{ status: 'published' }, 'Cannot change alt text in a post that has already been published or failed'],
        [{ status: 'failed' }, 'Cannot change alt text in a post that has already been published or failed'],
        [{ status: 'partially_published' }, 'Cannot change alt text in a post that has already been published or failed'],
        [{ status: 'scheduled', processingStatus: 'processing' }, 'Cannot change alt text while the post is being published'],
      ] as const) {
        await groups.updateOne({ _id }, { $set: change });
        const res = await setAltText(mediaId, { altText: 'After' });
        expect([res.status, res.body]).toEqual([400, { error }]);
        const cleared = await setAltText(mediaId, { altText: '' });
        expect([cleared.status, cleared.body]).toEqual([400, { error }]);
      }
      expect(await snapshot()).toBe(before);
      await groups.updateOne({ _id }, { $set: { status: 'draft', processingStatus: 'pending' } });
      expect((await setAltText(mediaId, { altText: 'After' })).status).toBe(200);
    });

    it("another user's media and unknown ids are not found; without an API key it is 401", async () => {
      const { mediaId } = (await upload(await createDraft(t, owner, linkedin), { altText: 'Mine' })).body;
      const before = await snapshot();
      for (const id of [mediaId, new Types.ObjectId().toHexString(), 'not-an-id']) {
        const res = await setAltText(id, { altText: 'Theirs' }, stranger);
        expect([res.status, res.body]).toEqual([404, { error: 'Media file not found' }]);
      }
      const anonymous = await t.http.post(`/api/v1/media/${mediaId}/alt-text`).send({ altText: 'x' });
      expect(anonymous.status).toBe(401);
      expect(await snapshot()).toBe(before);
    });

    it('is described in the OpenAPI document as the other media routes are (tag, API key, error bodies)', async () => {
      const doc = JSON.parse((await t.http.get('/api/v1/openapi.json').expect(200)).text);
      const op = doc.paths['/api/v1/media/{mediaId}/alt-text'].post;
      const sibling = doc.paths['/api/v1/get-upload-url'].post;
      expect(op.tags).toEqual(sibling.tags);
      expect(op.security).toEqual(sibling.security);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '500']));
      expect(op.responses['404'].content['application/json'].schema).toEqual(sibling.responses['400'].content['application/json'].schema);
      const schemaName = (ref: string) => ref.split('/').pop()!;
      const body = doc.components.schemas[schemaName(op.requestBody.content['application/json'].schema.$ref)];
      expect(body.required).toEqual(['altText']);
      const uploadBody = doc.components.schemas[schemaName(sibling.requestBody.content['application/json'].schema.$ref)];
      expect(uploadBody.properties.altText).toMatchObject({ type: 'string', maxLength: 4086 });
    });
  });

  describe('GraphQL', () => {
    const MEDIA_FIELDS = 'id url altText';
    const SET = `mutation($mediaId: ID!, $altText: String!) { setMediaAltText(mediaId: $mediaId, altText: $altText) { ${MEDIA_FIELDS} } }`;
    const UPLOAD = 'mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { mediaId fileUrl } }';
    const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { id media { ${MEDIA_FIELDS} } } }`;

    async function uploaded(altText?: string) {
      const issued = dataOf(
        await gql(UPLOAD, { input: { fileName: 'p.png', contentType: 'image/png', type: 'image', ...(altText ? { altText } : {}) } }, owner.cookie),
      ).createUploadUrl;
      await t.http
        .put(pathOf((await t.connection.collection('media').findOne({ mediaId: issued.mediaId }))!.uploadUrl))
        .set('content-type', 'image/png')
        .send(await makePng(40, 20))
        .expect(200);
      return issued as { mediaId: string; fileUrl: string };
    }

    it('createUploadUrl altText, createPost mediaAltTexts, PostGroup.media altText, setMediaAltText', async () => {
      const a = await uploaded('Given at upload');
      const b = await uploaded();
      const c = await uploaded();
      const post = dataOf(
        await gql(
          CREATE,
          {
            input: {
              content: 'described',
              platforms: [linkedin],
              mediaIds: [a.mediaId, b.mediaId, c.mediaId],
              mediaAltTexts: [{ mediaId: b.mediaId, altText: ' Second ' }],
            },
          },
          owner.cookie,
        ),
      ).createPost;
      expect(post.media).toEqual([
        { id: a.mediaId, url: a.fileUrl, altText: 'Given at upload' },
        { id: b.mediaId, url: b.fileUrl, altText: 'Second' },
        { id: c.mediaId, url: c.fileUrl, altText: null },
      ]);

      const set = dataOf(await gql(SET, { mediaId: c.mediaId, altText: 'Third' }, owner.cookie)).setMediaAltText;
      expect(set).toEqual({ id: c.mediaId, url: c.fileUrl, altText: 'Third' });
      const cleared = dataOf(await gql(SET, { mediaId: a.mediaId, altText: '' }, owner.cookie)).setMediaAltText;
      expect(cleared.altText).toBeNull();
      const read = dataOf(await gql(`query($id: ID!) { post(id: $id) { media { ${MEDIA_FIELDS} } } }`, { id: post.id }, owner.cookie)).post;
      expect(read.media.map((m: any) => m.altText)).toEqual([null, 'Second', 'Third']);

      const hidden = errorOf(await gql(SET, { mediaId: c.mediaId, altText: 'x' }, stranger.cookie));
      expect([hidden.message, hidden.code]).toEqual(['Media file not found', 'NOT_FOUND']);
      const tooLong = errorOf(await gql(SET, { mediaId: c.mediaId, altText: 'x'.repeat(4087) }, owner.cookie));
      expect([tooLong.message, tooLong.code]).toEqual(['altText must be at most 4086 characters', 'BAD_USER_INPUT']);
      expect((await record(c.mediaId))!.altText).toBe('Third');
    });

    it('createPost refuses mediaAltTexts for a file not in mediaIds, or too long for a chosen platform, and creates nothing', async () => {
      const a = await uploaded();
      const b = await uploaded();
      const groups = () => t.connection.collection('post_groups').countDocuments({});
      const [beforeGroups, beforeMedia] = [await groups(), await snapshot()];
      for (const [input, message] of [
        [
          { platforms: [linkedin], mediaIds: [a.mediaId], mediaAltTexts: [{ mediaId: b.mediaId, altText: 'x' }] },
          `mediaAltTexts names a media file that is not in mediaIds: ${b.mediaId}`,
        ],
        [
          { platforms: [linkedin], mediaAltTexts: [{ mediaId: a.mediaId, altText: 'x' }] },
          `mediaAltTexts names a media file that is not in mediaIds: ${a.mediaId}`,
        ],
        [
          { platforms: [linkedin, pinterest], mediaIds: [a.mediaId, b.mediaId], mediaAltTexts: [{ mediaId: b.mediaId, altText: 'x'.repeat(612) }] },
          PINTEREST_LIMIT_MESSAGE,
        ],
        [
          { platforms: [linkedin], mediaIds: [a.mediaId], mediaAltTexts: [{ mediaId: a.mediaId, altText: 'tab\u0008' }] },
          'altText must not contain control characters other than tab, line feed and carriage return: U+0008 at character 4',
        ],
      ] as const) {
        const err = errorOf(await gql(CREATE, { input: { content: 'refused', ...input } }, owner.cookie));
        expect([err.message, err.code]).toEqual([message, 'BAD_USER_INPUT']);
      }
      expect(await groups()).toBe(beforeGroups);
      expect(await snapshot()).toBe(beforeMedia);
    });
  });

  describe('MCP', () => {
    it('get_upload_url altText and set_media_alt_text, with the REST refusals', async () => {
      const group = await createDraft(t, owner, pinterest);
      const issued = await call(mcp, 'get_upload_url', { fileName: 'a.png', contentType: 'image/png', postGroupId: group, type: 'image', altText: 'From MCP' });
      expect(issued.isError).toBeFalsy();
      const mediaId = issued.json.mediaId as string;
      expect((await record(mediaId))!.altText).toBe('From MCP');

      const set = await call(mcp, 'set_media_alt_text', { mediaId, altText: 'Changed' });
      expect(set.isError).toBeFalsy();
      expect(set.json).toEqual({ success: true, mediaId, altText: 'Changed' });
      expect((await record(mediaId))!.altText).toBe('Changed');

      const theirs = (
        await upload(await createDraft(t, stranger, (await createConnection(t, stranger.userId, { platform: 'linkedin' })).platformId), {}, stranger)
      ).body.mediaId;
      const before = await snapshot();
      const tooLong = await call(mcp, 'set_media_alt_text', { mediaId, altText: 'x'.repeat(612) });
      expect(tooLong.isError).toBe(true);
      expect(JSON.stringify(tooLong.json)).toContain(PINTEREST_LIMIT_MESSAGE);
      const hidden = await call(mcp, 'set_media_alt_text', { mediaId: theirs, altText: 'x' });
      expect(hidden.isError).toBe(true);
      expect(JSON.stringify(hidden.json)).toContain('Media file not found');
      expect(await snapshot()).toBe(before);

      const cleared = await call(mcp, 'set_media_alt_text', { mediaId, altText: '' });
      expect(cleared.json).toEqual({ success: true, mediaId, altText: '' });
      expect((await mcp.listTools()).tools.map((tool) => tool.name)).toContain('set_media_alt_text');
    });
  });
});
