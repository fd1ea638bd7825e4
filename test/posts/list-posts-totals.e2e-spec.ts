// list-posts' total comes from a per-process cache on the embedded database (PostGroupsRepository
// `totals`), kept only while the post groups collection's write counter stands still: a group
// written by any client, mongosh included, is counted by the very next list.
import { createTestApp, type TestApp } from '@test/support';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { Types } from 'mongoose';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { accountWithConnections, type Account } from './posts-helpers';

describe('list-posts totals on the embedded database', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: ConnectionRef;
  let outside: MongoClient;
  const counts: CommandStartedEvent[] = [];

  beforeAll(async () => {
    // METRICS_ENABLED turns the driver's command events on: they show which lists reached the database.
    t = await createTestApp({ env: { METRICS_ENABLED: 'true' } });
    ({
      account,
      connections: [linkedin],
    } = await accountWithConnections(t, ['linkedin']));
    t.connection.getClient().on('commandStarted', (e) => {
      if (e.commandName === 'count' && e.command.count === 'post_groups') counts.push(e);
    });
    outside = await MongoClient.connect(t.databaseUri);
  });
  afterAll(async () => {
    await outside?.close();
    await t?.close();
  });

  const total = async (query = 'platform=linkedin'): Promise<number> => {
    const res = await t.http.get(`/api/v1/list-posts?${query}`).set(account.apiHeaders).expect(200);
    return res.body.pagination.totalItems as number;
  };

  it('answers a repeated list without counting again, and counts again after a post is created', async () => {
    // On an external MongoDB (MONGODB_URI) there is no write counter: every list counts.
    const cached = !process.env.MONGODB_URI;
    expect(await total()).toBe(0);
    const sent = counts.length;
    expect(await total()).toBe(0);
    expect(counts.length).toBe(cached ? sent : sent + 1);
    await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'draft', platforms: [linkedin.platformId] })
      .expect(200);
    expect(await total()).toBe(1);
    expect(counts.length).toBe(cached ? sent + 1 : sent + 2);
  });

  it('counts a group inserted and removed by another client (as mongosh would) on the next list', async () => {
    const groups = outside.db().collection('post_groups');
    const _id = new Types.ObjectId();
    const at = new Date();
    await groups.insertOne({
      _id,
      userId: new Types.ObjectId(account.userId),
      content: 'from mongosh',
      status: 'draft',
      platformSettings: {},
      platforms: ['linkedin'],
      processingStatus: 'pending',
      createdAt: at,
      updatedAt: at,
    });
    expect(await total()).toBe(2);
    await groups.deleteOne({ _id });
    expect(await total()).toBe(1);
  });

  it('keeps totals apart by filter and by account', async () => {
    expect(await total('platform=twitter')).toBe(0);
    expect(await total('status=draft')).toBe(1);
    const other = await accountWithConnections(t, ['linkedin']);
    const res = await t.http.get('/api/v1/list-posts?platform=linkedin').set(other.account.apiHeaders).expect(200);
    expect(res.body.pagination.totalItems).toBe(0);
  });
});
