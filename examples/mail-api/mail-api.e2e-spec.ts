import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../../test/publishing/publishing-helpers';
import { MailApiModule, MailApiTransport } from './mail-api.transport';

/** The mail transport replaced: the limit-reached e-mail goes to an HTTP mail API, not SMTP. */
describe('Example: a mail transport through an HTTP mail API', () => {
  const received: Array<{ headers: IncomingHttpHeaders; body: Record<string, unknown> }> = [];
  let server: Server;
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(raw) });
        res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"msg-1"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/send`;
    t = await createTestApp({
      env: { MIN_POST_SPACING_SECONDS: '0', MAIL_FROM: 'scheduler@example.org' },
      extensions: { imports: [MailApiModule.forRoot({ endpoint, token: 'server-token' })], mail: { useExisting: MailApiTransport } },
    });
    // The built-in Starter: three scheduled posts at once; the API through an override.
    account = await createAccount(t, { plan: 'starter', apiAccess: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the limit-reached notice through the API once, and records it sent', async () => {
    const { platformId } = await createConnection(t, account.userId, { platform: 'linkedin' });
    const schedule = () =>
      t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: `post ${Math.random()}`, platforms: [platformId], scheduledTime: new Date(Date.now() + 3600_000).toISOString() });
    for (let i = 0; i < 3; i++) expect((await schedule()).status).toBe(200);
    expect((await schedule()).status).toBe(403);
    expect((await schedule()).status).toBe(403);

    const emails = await waitFor(async () => {
      const rows = await t.connection
        .collection('limit_emails')
        .find({ ownerId: new Types.ObjectId(account.userId) })
        .toArray();
      return rows.length && rows.every((r) => r.status !== 'pending') ? rows : null;
    });
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ status: 'sent', to: account.email });
    expect(received).toHaveLength(1);
    expect(received[0].headers.authorization).toBe('Bearer server-token');
    expect(received[0].body).toMatchObject({ from: 'scheduler@example.org', to: [account.email], subject: 'You have reached a limit of your Starter plan' });
  });
});
