import { createAccount, createConnection, createTestApp, LinkedInAnalyticsFake, type TestAccount, type TestApp } from '@test/support';
import { randomBytes } from 'node:crypto';
import type { ConnectionRef } from '../../src/connections/connections.service';

export interface AnalyticsSuite {
  t: TestApp;
  fake: LinkedInAnalyticsFake;
  account: TestAccount;
  /** A fresh LinkedIn connection of the suite's account (fresh cache scope), its token valid at the fake. */
  linkedin(userId?: string): Promise<ConnectionRef>;
  post(path: string, body: unknown, headers?: Record<string, string>): ReturnType<TestApp['http']['post']>;
  close(): Promise<void>;
}

export const RANGE = { start: { year: 2024, month: 5, day: 1 }, end: { year: 2024, month: 5, day: 5 } };

/** App pointed at a local LinkedIn analytics fake, with one Pro account. */
export async function startAnalyticsSuite(): Promise<AnalyticsSuite> {
  const fake = new LinkedInAnalyticsFake();
  await fake.start();
  const t = await createTestApp({ env: { LINKEDIN_API_URL: fake.baseUrl, LINKEDIN_API_VERSION: '202511', PLATFORM_REQUEST_TIMEOUT_MS: '2000' } });
  const account = await createAccount(t);
  return {
    t,
    fake,
    account,
    async linkedin(userId = account.userId) {
      const accessToken = `li-${randomBytes(8).toString('hex')}`;
      fake.setToken(accessToken);
      return createConnection(t, userId, { platform: 'linkedin', accessToken });
    },
    post(path, body, headers = account.apiHeaders) {
      return t.http
        .post(`/api/v1/${path}`)
        .set(headers)
        .send(body as object);
    },
    async close() {
      await t.close();
      await fake.stop();
    },
  };
}
