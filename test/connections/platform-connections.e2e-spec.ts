import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { ConnectionsService } from '../../src/connections/connections.service';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const SPEC_FIELDS = [
  'platformId',
  'username',
  'displayName',
  'profileImageUrl',
  'profileUrl',
  'accessTokenExpiresAt',
  'tokenStatus',
  'tokenExpiresIn',
  'lastSuccessfulPost',
  'lastError',
].sort();

/** GET /api/v1/platform-connections: exact fields, token status through HTTP, scoping, 500. */
describe('GET /api/v1/platform-connections', () => {
  let t: TestApp;
  let user: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createAccount(t);
  });
  afterAll(async () => t?.close());

  const list = (account: TestAccount, headers: Record<string, string> = {}) => t.http.get('/api/v1/platform-connections').set(account.apiHeaders).set(headers);

  it('answers an empty list for a user without connections', async () => {
    const res = await list(user).expect(200);
    expect(res.body).toEqual({ success: true, connections: [] });
  });

  it('returns exactly the spec fields, never tokens, with ISO timestamps', async () => {
    const a = await createAccount(t);
    const expires = new Date(Date.now() + 30 * DAY + 5 * HOUR + 30 * MIN);
    await createConnection(t, a.userId, {
      platform: 'linkedin',
      externalId: 'abc123',
      username: 'jane',
      displayName: 'Jane Doe',
      profileImageUrl: 'https://img.example/jane.png',
      profileUrl: 'https://www.linkedin.com/in/jane',
      accessToken: 'plain-access-token-value',
      refreshToken: 'plain-refresh-token-value',
      accessTokenExpiresAt: expires,
    });
    const res = await list(a).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.connections).toHaveLength(1);
    const [c] = res.body.connections;
    expect(Object.keys(c).sort()).toEqual(SPEC_FIELDS);
    expect(c).toEqual({
      platformId: 'linkedin-abc123',
      username: 'jane',
      displayName: 'Jane Doe',
      profileImageUrl: 'https://img.example/jane.png',
      profileUrl: 'https://www.linkedin.com/in/jane',
      accessTokenExpiresAt: expires.toISOString(),
      tokenStatus: 'valid',
      tokenExpiresIn: '30d 5h',
      lastSuccessfulPost: null,
      lastError: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('plain-access-token-value');
    expect(JSON.stringify(res.body)).not.toContain('plain-refresh-token-value');
  });

  it('stores tokens encrypted (versioned AES-GCM), never in clear', async () => {
    const a = await createAccount(t);
    await createConnection(t, a.userId, { platform: 'mastodon', accessToken: 'mastodon-secret-token', refreshToken: 'mastodon-refresh' });
    const raw = await t.connection.collection('platform_connections').findOne({ userId: new Types.ObjectId(a.userId) });
    expect(raw?.accessTokenEncrypted).toMatch(/^v1:/);
    expect(raw?.refreshTokenEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(raw)).not.toContain('mastodon-secret-token');
    expect(JSON.stringify(raw)).not.toContain('mastodon-refresh');
  });

  it('derives tokenStatus and tokenExpiresIn at the boundaries', async () => {
    const a = await createAccount(t);
    const now = Date.now();
    // Margins of 30 minutes keep each case on its side of the boundary however slow the request.
    const cases: [string, number | null, string, string | null][] = [
      ['a-none', null, 'unknown', null],
      ['b-7d-plus', 7 * DAY + 30 * MIN, 'valid', '7d 0h'],
      ['c-7d-minus', 7 * DAY - 30 * MIN, 'expiring_soon', '6d 23h'],
      ['d-1d-plus', DAY + 30 * MIN, 'expiring_soon', '1d 0h'],
      ['e-23h', DAY - 30 * MIN, 'expiring_soon', '23h'],
      ['f-1h-plus', HOUR + 30 * MIN, 'expiring_soon', '1h'],
      ['g-59min', 59 * MIN, 'expiring_soon', '< 1h'],
      ['h-past', -1, 'expired', 'expired'],
    ];
    for (const [id, offset] of cases) {
      await createConnection(t, a.userId, {
        platform: 'bluesky',
        externalId: `did:plc:${id.replace(/-/g, '')}`,
        accessTokenExpiresAt: offset === null ? null : new Date(now + offset),
      });
    }
    const res = await list(a).expect(200);
    const byId = new Map(res.body.connections.map((c: { platformId: string }) => [c.platformId, c]));
    for (const [id, offset, status, expiresIn] of cases) {
      expect({ id, ...(byId.get(`bluesky-${id.replace(/-/g, '')}`) as object) }).toMatchObject({
        id,
        tokenStatus: status,
        tokenExpiresIn: expiresIn,
        accessTokenExpiresAt: offset === null ? null : new Date(now + offset).toISOString(),
      });
    }
  });

  it("shows a Bluesky DID by its plc id (create-post refuses colons) and Telegram's minus sign as a double dash", async () => {
    const a = await createAccount(t);
    await createConnection(t, a.userId, { platform: 'telegram', externalId: '-1001234567890' });
    await createConnection(t, a.userId, { platform: 'bluesky', externalId: 'did:plc:xyz' });
    const res = await list(a).expect(200);
    expect(res.body.connections.map((c: { platformId: string }) => c.platformId).sort()).toEqual(['bluesky-xyz', 'telegram--1001234567890']);
  });

  it("never shows another user's connections; workspace mode shows the managed user's", async () => {
    const owner = await createAccount(t, { workspacesEnabled: true });
    const managed = await createAccount(t, { parentUserId: owner.userId });
    const stranger = await createAccount(t);
    await createConnection(t, owner.userId, { platform: 'threads', externalId: 'owner-acct' });
    await createConnection(t, managed.userId, { platform: 'threads', externalId: 'managed-acct' });
    await createConnection(t, stranger.userId, { platform: 'threads', externalId: 'stranger-acct' });
    const mine = await list(owner).expect(200);
    expect(mine.body.connections.map((c: { platformId: string }) => c.platformId)).toEqual(['threads-owner-acct']);
    const asManaged = await list(owner, { 'x-service-user-id': managed.userId }).expect(200);
    expect(asManaged.body.connections.map((c: { platformId: string }) => c.platformId)).toEqual(['threads-managed-acct']);
  });

  it('shows a lastSuccessfulPost that is still held (written behind) at once; an older stamp never replaces a newer one', async () => {
    const a = await createAccount(t);
    const c = await createConnection(t, a.userId, { platform: 'mastodon', externalId: 'stamps' });
    const service = t.app.get(ConnectionsService);
    const stored = async () => (await t.connection.collection('platform_connections').findOne({ _id: new Types.ObjectId(c.id) }))!.lastSuccessfulPost;
    const first = new Date('2026-03-01T10:00:00.000Z');
    service.recordSuccessfulPost(a.userId, c.id, first);
    expect(await stored()).toBeNull(); // held, not written yet
    expect((await list(a).expect(200)).body.connections[0].lastSuccessfulPost).toBe(first.toISOString());
    expect(await stored()).toEqual(first);

    // Another instance wrote a newer stamp; this one's older stamp is written after it.
    const newer = new Date('2026-03-01T10:05:00.000Z');
    await t.connection.collection('platform_connections').updateOne({ _id: new Types.ObjectId(c.id) }, { $set: { lastSuccessfulPost: newer } });
    service.recordSuccessfulPost(a.userId, c.id, new Date('2026-03-01T10:01:00.000Z'));
    await service.flushSuccessfulPosts();
    expect(await stored()).toEqual(newer);
    expect((await list(a).expect(200)).body.connections[0].lastSuccessfulPost).toBe(newer.toISOString());
  });

  it('needs an API key', async () => {
    const res = await t.http.get('/api/v1/platform-connections').expect(401);
    expect(res.body).toEqual({ error: 'API key is required' });
  });

  it('answers 500 `Failed to fetch platform connections` when a stored record cannot be read', async () => {
    const a = await createAccount(t);
    // A corrupt record (expiry not a date) written behind the service's back.
    await t.connection.collection('platform_connections').insertOne({
      userId: new Types.ObjectId(a.userId),
      platform: 'youtube',
      externalId: 'corrupt',
      platformId: 'youtube-corrupt',
      accessTokenEncrypted: 'v1:x:y:z',
      accessTokenExpiresAt: 'not-a-date',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const res = await list(a).expect(500);
    expect(res.body).toEqual({ error: 'Failed to fetch platform connections' });
  });
});
