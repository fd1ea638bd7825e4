import { createTestApp, type TestApp } from '@test/support';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { Types } from 'mongoose';
import { canonicalHash } from '../../src/common/canonical-json';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { accountWithConnections, isoIn, type Account } from './posts-helpers';

describe('create-post Idempotency-Key', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: ConnectionRef;

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await accountWithConnections(t, ['linkedin'], { plan: 'pro' });
    account = setup.account;
    [linkedin] = setup.connections;
  });
  afterAll(() => t.close());

  const create = (body: object, key?: string) => {
    const req = t.http.post('/api/v1/create-post').set(account.apiHeaders);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const groups = () => t.connection.model(PostGroup.name).countDocuments({ userId: account.userId });

  it('same key and same body: the first response, one group', async () => {
    const before = await groups();
    const body = { content: 'once', platforms: [linkedin.platformId], scheduledTime: isoIn(60) };
    const first = await create(body, 'key-1');
    const second = await create({ scheduledTime: body.scheduledTime, platforms: body.platforms, content: body.content }, 'key-1');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await groups()).toBe(before + 1);
  });

  it('same key, different body: 409', async () => {
    await create({ content: 'a', platforms: [linkedin.platformId] }, 'key-2').expect(200);
    const res = await create({ content: 'b', platforms: [linkedin.platformId] }, 'key-2');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Idempotency-Key reused with a different request body' });
  });

  it('keys are per user', async () => {
    const other = await accountWithConnections(t, ['linkedin'], { plan: 'pro' });
    const mine = await create({ content: 'k', platforms: [linkedin.platformId] }, 'shared-key');
    const theirs = await t.http
      .post('/api/v1/create-post')
      .set(other.account.apiHeaders)
      .set('Idempotency-Key', 'shared-key')
      .send({ content: 'k', platforms: [other.connections[0].platformId] });
    expect(theirs.status).toBe(200);
    expect(theirs.body.postGroupId).not.toBe(mine.body.postGroupId);
  });

  it('a refused request stores nothing: the same key may be retried', async () => {
    const bad = await create({ content: '', platforms: [linkedin.platformId] }, 'key-3');
    expect(bad.status).toBe(400);
    const ok = await create({ content: 'fixed', platforms: [linkedin.platformId] }, 'key-3');
    expect(ok.status).toBe(200);
  });

  it('an over-long key is refused', async () => {
    const res = await create({ content: 'x', platforms: [linkedin.platformId] }, 'k'.repeat(256));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid Idempotency-Key header' });
  });

  it('without a key, two identical requests create two groups', async () => {
    const before = await groups();
    const body = { content: 'twice', platforms: [linkedin.platformId] };
    const a = await create(body);
    const b = await create(body);
    expect(a.body.postGroupId).not.toBe(b.body.postGroupId);
    expect(await groups()).toBe(before + 2);
  });

  it('concurrent duplicates: one group, every answer the same', async () => {
    const before = await groups();
    const body = { content: 'race', platforms: [linkedin.platformId], scheduledTime: isoIn(60) };
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(body, 'race-key')));
    for (const a of answers) expect(a.status).toBe(200);
    expect(new Set(answers.map((a) => a.body.postGroupId)).size).toBe(1);
    expect(await groups()).toBe(before + 1);
  });

  it('a run that died after claiming its key (lease expired) is taken over: one group, then replayed', async () => {
    const before = await groups();
    const body = { content: 'crashed before commit', platforms: [linkedin.platformId] };
    // What an instance killed mid-request leaves: a pending claim and no group (its transaction never committed).
    await t.connection.collection('idempotency_records').insertOne({
      userId: new Types.ObjectId(account.userId),
      scope: 'create-post',
      key: 'crash-key',
      requestHash: canonicalHash(body),
      state: 'pending',
      lockToken: 'dead-instance',
      lockedUntil: new Date(Date.now() - 1000),
      createdAt: new Date(),
    });
    const retry = await create(body, 'crash-key');
    expect(retry.status).toBe(200);
    const again = await create(body, 'crash-key');
    expect(again.body).toEqual(retry.body);
    expect(await groups()).toBe(before + 1);
    const record = await t.connection.collection('idempotency_records').findOne({ scope: 'create-post', key: 'crash-key' });
    expect(record).toMatchObject({ state: 'done', lockToken: expect.not.stringMatching('dead-instance') });
  });
});
