import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';

const MUTATION = `mutation($input: AdminCreateConnectionInput!) {
  adminCreateConnection(input: $input) {
    id userId platform platformId externalId username displayName profileImageUrl profileUrl
    accessTokenExpiresAt tokenStatus tokenExpiresIn lastSuccessfulPost lastError { message occurredAt }
    instanceUrl type
  }
}`;

/** GraphQL `adminCreateConnection`: admin-only, validated, tokens encrypted and never returned. */
describe('GraphQL adminCreateConnection', () => {
  let t: TestApp;
  let admin: TestAccount;
  let user: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t, { isAdmin: true });
    user = await createAccount(t);
  });
  afterAll(async () => t?.close());

  const gql = (variables: Record<string, unknown>, cookie?: string) => {
    const req = t.http.post('/graphql').set('content-type', 'application/json');
    if (cookie) req.set('Cookie', cookie);
    return req.send({ query: MUTATION, variables });
  };
  const base = () => ({ userId: user.userId, platform: 'mastodon', externalId: `${Date.now()}`, accessToken: 'gql-secret-token' });

  it("creates a connection for a user; it shows in that user's REST list; tokens stay secret", async () => {
    const expires = new Date(Date.now() + 2 * 86400_000 + 1800_000).toISOString();
    const res = await gql(
      {
        input: {
          ...base(),
          externalId: '109000001',
          username: 'alice',
          displayName: 'Alice',
          profileUrl: 'https://mastodon.social/@alice',
          refreshToken: 'gql-refresh-token',
          accessTokenExpiresAt: expires,
          instanceUrl: 'https://mastodon.social',
        },
      },
      admin.cookie,
    ).expect(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.adminCreateConnection).toEqual({
      id: expect.any(String),
      userId: user.userId,
      platform: 'mastodon',
      platformId: 'mastodon-109000001',
      externalId: '109000001',
      username: 'alice',
      displayName: 'Alice',
      profileImageUrl: null,
      profileUrl: 'https://mastodon.social/@alice',
      accessTokenExpiresAt: expires,
      tokenStatus: 'expiring_soon',
      tokenExpiresIn: '2d 0h',
      lastSuccessfulPost: null,
      lastError: null,
      instanceUrl: 'https://mastodon.social',
      type: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/gql-(secret|refresh)-token/);
    const list = await t.http.get('/api/v1/platform-connections').set(user.apiHeaders).expect(200);
    expect(list.body.connections.map((c: { platformId: string }) => c.platformId)).toContain('mastodon-109000001');
    const raw = await t.connection.collection('platform_connections').findOne({ platformId: 'mastodon-109000001' });
    expect(JSON.stringify(raw)).not.toMatch(/gql-(secret|refresh)-token/);
  });

  it('creating the same account again updates it (reconnect), no duplicate', async () => {
    const input = { ...base(), externalId: 'again-1', username: 'first' };
    await gql({ input }, admin.cookie).expect(200);
    const res = await gql({ input: { ...input, username: 'second' } }, admin.cookie).expect(200);
    expect(res.body.data.adminCreateConnection.username).toBe('second');
    expect(await t.connection.collection('platform_connections').countDocuments({ platformId: 'mastodon-again-1' })).toBe(1);
  });

  it('UNAUTHENTICATED without a session, FORBIDDEN for a non-admin', async () => {
    const anon = await gql({ input: base() });
    expect(anon.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const nonAdmin = await gql({ input: base() }, user.cookie);
    expect(nonAdmin.body.errors[0].extensions.code).toBe('FORBIDDEN');
    // Signed out, nothing executes: 401 and no data at all.
    expect(anon.status).toBe(401);
    expect(anon.body.data).toBeUndefined();
  });

  it('validates the platform name, the expiry date and the user', async () => {
    const badPlatform = await gql({ input: { ...base(), platform: 'myspace' } }, admin.cookie);
    expect(badPlatform.body.errors[0]).toMatchObject({
      message: 'Invalid platform. Must be one of: twitter, linkedin, instagram, threads, tiktok, youtube, facebook, bluesky, mastodon, telegram, pinterest',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const upper = await gql({ input: { ...base(), platform: 'Twitter' } }, admin.cookie);
    expect(upper.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const badDate = await gql({ input: { ...base(), accessTokenExpiresAt: 'next tuesday' } }, admin.cookie);
    expect(badDate.body.errors[0]).toMatchObject({
      message: 'accessTokenExpiresAt must be an ISO 8601 date-time',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const noUser = await gql({ input: { ...base(), userId: new Types.ObjectId().toHexString() } }, admin.cookie);
    expect(noUser.body.errors[0]).toMatchObject({ message: 'User not found', extensions: { code: 'NOT_FOUND' } });
    const badUserId = await gql({ input: { ...base(), userId: 'not-an-id' } }, admin.cookie);
    expect(badUserId.body.errors[0]).toMatchObject({ message: 'User not found', extensions: { code: 'NOT_FOUND' } });
    const noExternal = await gql({ input: { ...base(), externalId: '  ' } }, admin.cookie);
    expect(noExternal.body.errors[0]).toMatchObject({ message: 'externalId is required', extensions: { code: 'BAD_USER_INPUT' } });
    const noToken = await gql({ input: { ...base(), accessToken: '' } }, admin.cookie);
    expect(noToken.body.errors[0]).toMatchObject({ message: 'accessToken is required', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('the schema has exactly the required input and mutation signature', async () => {
    const res = await t.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: '{ __type(name: "AdminCreateConnectionInput") { inputFields { name type { kind name ofType { name } } } } }' })
      .expect(200);
    const fields = Object.fromEntries(
      res.body.data.__type.inputFields.map((f: { name: string; type: { kind: string; name: string | null; ofType: { name: string } | null } }) => [
        f.name,
        f.type.kind === 'NON_NULL' ? `${f.type.ofType!.name}!` : f.type.name,
      ]),
    );
    expect(fields).toEqual({
      userId: 'ID!',
      platform: 'String!',
      externalId: 'String!',
      username: 'String',
      displayName: 'String',
      profileImageUrl: 'String',
      profileUrl: 'String',
      accessToken: 'String!',
      refreshToken: 'String',
      accessTokenExpiresAt: 'String',
      instanceUrl: 'String',
      type: 'String',
    });
  });
});
