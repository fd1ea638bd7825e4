import { createAccount, createConnection, createTestApp, LinkedInFake, type TestAccount, type TestApp } from '@test/support';
import { randomBytes, randomInt } from 'node:crypto';
import type { ConnectionRef } from '../../src/connections/connections.service';

export interface SocialSuite {
  t: TestApp;
  fake: LinkedInFake;
  account: TestAccount;
  /** A fresh LinkedIn member connection of `userId` (the suite's account by default), its token valid at the fake. */
  linkedin(userId?: string): Promise<{ connection: ConnectionRef; actor: string; accessToken: string }>;
  request(method: 'post' | 'delete', path: string, body?: unknown, headers?: Record<string, string>): ReturnType<TestApp['http']['post']>;
  close(): Promise<void>;
}

export const LINKEDIN_VERSION = '202511';

/** App pointed at a local LinkedIn fake (publishing, reactions, comments), with one Pro account. */
export async function startSocialSuite(): Promise<SocialSuite> {
  const fake = new LinkedInFake();
  await fake.start();
  const t = await createTestApp({ env: { LINKEDIN_API_URL: fake.baseUrl, LINKEDIN_API_VERSION: LINKEDIN_VERSION, PLATFORM_REQUEST_TIMEOUT_MS: '2000' } });
  const account = await createAccount(t, { plan: 'pro' });
  return {
    t,
    fake,
    account,
    async linkedin(userId = account.userId) {
      const accessToken = `li-${randomBytes(8).toString('hex')}`;
      fake.setToken(accessToken);
      const externalId = `m${randomInt(1_000_000, 9_999_999)}`;
      const connection = await createConnection(t, userId, { platform: 'linkedin', accessToken, externalId });
      return { connection, actor: `urn:li:person:${externalId}`, accessToken };
    },
    request(method, path, body, headers = account.apiHeaders) {
      const req = t.http[method](`/api/v1/${path}`).set(headers);
      return body === undefined ? req : req.send(body as object);
    },
    async close() {
      await t.close();
      await fake.stop();
    },
  };
}
