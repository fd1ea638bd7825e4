import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import { FakeMastodonServer } from '@test/support/fakes';
import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { TokenCipher } from '../../src/crypto/token-cipher';
import { FAST_ENGINE_ENV, waitForGroup } from '../publishing/publishing-helpers';

describe('ENCRYPTION_KEY is checked against the database, and unreadable credentials are their own error', () => {
  const mastodon = new FakeMastodonServer();
  let base: TestApp;
  afterAll(async () => {
    await base?.close();
    await mastodon.stop();
  });

  it('a second instance with another key refuses to start, naming the variable; the same key starts', async () => {
    base = await createTestApp();
    await expect(createTestApp({ databaseUri: base.databaseUri, env: { ENCRYPTION_KEY: randomBytes(32).toString('hex') } })).rejects.toThrow(
      /ENCRYPTION_KEY: not the key this database was set up with/,
    );
    const same = await createTestApp({ databaseUri: base.databaseUri });
    await same.http.get('/health').expect(200);
    await same.close();
    expect(await base.connection.collection('instance_settings').countDocuments()).toBe(1);
    // Only a check value is stored, never the key.
    const stored = JSON.stringify(await base.connection.collection('instance_settings').find().toArray());
    expect(stored).not.toContain(base.environment.ENCRYPTION_KEY!);
  }, 60_000);

  it('tokens that cannot be decrypted fail the post as CREDENTIALS_UNREADABLE (not retried, logged), not CONNECTION_NOT_FOUND', async () => {
    await mastodon.start();
    const t = await createTestApp({ databaseUri: base.databaseUri, env: { ...FAST_ENGINE_ENV } });
    try {
      const account = await createAccount(t, { plan: 'premium', seats: 3 });
      const md = await createConnection(t, account.userId, {
        platform: 'mastodon',
        externalId: mastodon.account.id,
        username: 'a',
        accessToken: 'md-token',
        instanceUrl: mastodon.baseUrl,
      });
      // The token as another key would have written it.
      const foreign = new TokenCipher(randomBytes(32)).encrypt('md-token');
      await t.connection.collection('platform_connections').updateOne({ platformId: md.platformId }, { $set: { accessTokenEncrypted: foreign } });
      const error = jest.spyOn(Logger.prototype, 'error');
      const res = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'unreadable', platforms: [md.platformId], scheduledTime: new Date().toISOString() })
        .expect(200);
      const group = await waitForGroup(t, account.apiHeaders, res.body.postGroupId);
      expect(group.status).toBe('failed');
      expect(group.posts[0].error).toMatchObject({ code: 'CREDENTIALS_UNREADABLE', retryable: false });
      expect(error.mock.calls.map((c) => String(c[1] ?? c[0]))).toEqual(
        expect.arrayContaining([expect.stringMatching(/cannot be decrypted with this ENCRYPTION_KEY/)]),
      );
      error.mockRestore();
      expect(mastodon.posts).toHaveLength(0);
    } finally {
      await t.close();
    }
  }, 60_000);
});
