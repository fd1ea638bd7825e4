import { createTestApp, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { accountWithConnections } from '../posts/posts-helpers';
import { dataOf, errorOf, gqlClient } from './graphql-helpers';

/** Dashboard GraphQL: createPost and updatePost with contentOverrides and firstComment, and how platform posts show them. */
describe('GraphQL contentOverrides and firstComment', () => {
  let t: TestApp;
  let gql: ReturnType<typeof gqlClient>;

  beforeAll(async () => {
    t = await createTestApp();
    gql = gqlClient(t);
  });
  afterAll(() => t?.close());

  const FIELDS = `id content firstComment platformPosts { platformId content contentOverridden firstComment { content status postedId publishedUrl publishedAt error { code } } }`;
  const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { ${FIELDS} } }`;
  const UPDATE = `mutation($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { ${FIELDS} } }`;
  const groupsOf = (userId: string) => t.connection.model(PostGroup.name).countDocuments({ userId: new Types.ObjectId(userId) });

  it('creates with both, edits the content keeping overrides, replaces and clears them, removes the comment', async () => {
    const { account, connections } = await accountWithConnections(t, ['twitter', 'linkedin']);
    const [x, li] = connections;
    const created = dataOf(
      await gql(
        CREATE,
        {
          input: {
            content: 'Group',
            platforms: [x.platformId, li.platformId],
            contentOverrides: { twitter: 'For X' },
            firstComment: 'More: https://example.com',
          },
        },
        account.cookie,
      ),
    ).createPost;
    const pending = { content: 'More: https://example.com', status: 'pending', postedId: null, publishedUrl: null, publishedAt: null, error: null };
    expect(created).toMatchObject({
      content: 'Group',
      firstComment: 'More: https://example.com',
      platformPosts: [
        { platformId: x.platformId, content: 'For X', contentOverridden: true, firstComment: pending },
        { platformId: li.platformId, content: 'Group', contentOverridden: false, firstComment: pending },
      ],
    });

    // A content edit leaves the overridden account's text alone.
    const edited = dataOf(await gql(UPDATE, { id: created.id, input: { content: 'New group text' } }, account.cookie)).updatePost;
    expect(edited.platformPosts.map((p: { content: string }) => p.content)).toEqual(['For X', 'New group text']);

    const replaced = dataOf(
      await gql(UPDATE, { id: created.id, input: { contentOverrides: { [li.platformId]: 'For LinkedIn' }, firstComment: null } }, account.cookie),
    ).updatePost;
    expect(replaced.firstComment).toBeNull();
    expect(replaced.platformPosts).toEqual([
      { platformId: x.platformId, content: 'New group text', contentOverridden: false, firstComment: null },
      { platformId: li.platformId, content: 'For LinkedIn', contentOverridden: true, firstComment: null },
    ]);
    const cleared = dataOf(await gql(UPDATE, { id: created.id, input: { contentOverrides: {} } }, account.cookie)).updatePost;
    expect(cleared.platformPosts.map((p: { contentOverridden: boolean }) => p.contentOverridden)).toEqual([false, false]);
  });

  it('refuses with the REST messages and creates nothing', async () => {
    const { account, connections } = await accountWithConnections(t, ['tiktok', 'linkedin']);
    const [tk, li] = connections;
    const before = await groupsOf(account.userId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstComment: 'hi' }, 'firstComment is not supported on TikTok: remove the first comment or those platforms'],
      [
        { contentOverrides: { bluesky: 'x' } },
        'contentOverrides key "bluesky" is not one of the chosen platforms: use a compound id from platforms or its platform name',
      ],
      [{ contentOverrides: ['x'] }, 'contentOverrides must be an object'],
      [{ contentOverrides: { linkedin: ' ' } }, 'contentOverrides "linkedin" must be a non-empty string'],
    ];
    for (const [extra, message] of cases) {
      const body = await gql(CREATE, { input: { content: 'c', platforms: [tk.platformId, li.platformId], ...extra } }, account.cookie);
      expect(errorOf(body)).toMatchObject({ message, code: 'BAD_USER_INPUT' });
    }
    expect(await groupsOf(account.userId)).toBe(before);
    // Adding a platform that takes no comment to a group with one is refused too.
    const liOnly = dataOf(await gql(CREATE, { input: { content: 'c', platforms: [li.platformId], firstComment: 'hi' } }, account.cookie)).createPost;
    const refused = await gql(UPDATE, { id: liOnly.id, input: { platforms: [li.platformId, tk.platformId] } }, account.cookie);
    expect(errorOf(refused).message).toBe('firstComment is not supported on TikTok: remove the first comment or those platforms');
  });
});
