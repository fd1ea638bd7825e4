import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { GatewayAuthModule, gatewaySignature } from './gateway.strategy';

const SECRET = 'shared-with-the-gateway';

/** An extra passport strategy for the API: a trusted gateway's signed header, tried before the API key. */
describe('Example: a trusted-gateway passport strategy', () => {
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ extensions: { imports: [GatewayAuthModule.forRoot({ secret: SECRET })], apiStrategies: ['gateway'] } });
    account = await createAccount(t, { plan: 'pro' });
    await createConnection(t, account.userId, { platform: 'linkedin', username: 'via-gateway' });
  }, 60_000);
  afterAll(() => t?.close());

  const asGateway = (userId: string, signature = gatewaySignature(SECRET, userId)) => ({ 'x-gateway-user': userId, 'x-gateway-signature': signature });

  it('lets a signed gateway request in as that user, without an API key', async () => {
    const res = await t.http.get('/api/v1/platform-connections').set(asGateway(account.userId)).expect(200);
    expect(JSON.stringify(res.body)).toContain('via-gateway');
  });

  it('answers 401 for a wrong signature, and the spec messages when there is no gateway header', async () => {
    const forged = await t.http.get('/api/v1/platform-connections').set(asGateway(account.userId, 'f'.repeat(64)));
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'Gateway signature invalid' });
    const none = await t.http.get('/api/v1/platform-connections');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'API key is required' });
    expect((await t.http.get('/api/v1/platform-connections').set(account.apiHeaders)).status).toBe(200);
  });

  it("applies the service's own checks to the user the gateway names", async () => {
    const starter = await createAccount(t, { plan: 'starter' });
    const refused = await t.http.get('/api/v1/platform-connections').set(asGateway(starter.userId));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'API access is not enabled for this account' });
    const unknown = await t.http.get('/api/v1/platform-connections').set(asGateway('64b000000000000000000000'));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'Unknown user' });
  });
});
