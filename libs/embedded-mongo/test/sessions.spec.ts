// Sessions and retryable writes: a retried write (same lsid + txnNumber) is not applied twice,
// older txnNumbers are refused, endSessions / killSessions are accepted.
import { Long } from 'bson';
import { newLsid, RawClient } from './raw-client';
import { useServer } from './harness';

const h = useServer();
let raw: RawClient;

beforeAll(async () => {
  raw = await RawClient.connect(h.server.port);
});
afterAll(() => raw?.close());

describe('sessions and retryable writes', () => {
  it('returns the recorded reply for a retried insert instead of inserting twice', async () => {
    const lsid = newLsid();
    const cmd = { insert: 'r', documents: [{ _id: 1, v: 'once' }], lsid, txnNumber: Long.fromNumber(1), $db: 'test' };
    const first = await raw.msg(cmd);
    const retry = await raw.msg(cmd);
    expect(first).toMatchObject({ ok: 1, n: 1 });
    expect(retry).toMatchObject({ ok: 1, n: 1 });
    expect(retry?.writeErrors).toBeUndefined();
    expect(await h.db.collection('r').countDocuments()).toBe(1);
  });

  it('does not re-apply a retried $inc', async () => {
    await h.db.collection('r').insertOne({ _id: 'ctr' as never, n: 0 });
    const lsid = newLsid();
    const cmd = { update: 'r', updates: [{ q: { _id: 'ctr' }, u: { $inc: { n: 1 } } }], lsid, txnNumber: Long.fromNumber(5), $db: 'test' };
    await raw.msg(cmd);
    await raw.msg(cmd);
    expect((await h.db.collection('r').findOne({ _id: 'ctr' as never }))?.n).toBe(1);
    const next = await raw.msg({ ...cmd, txnNumber: Long.fromNumber(6) });
    expect(next).toMatchObject({ ok: 1, nModified: 1 });
    expect((await h.db.collection('r').findOne({ _id: 'ctr' as never }))?.n).toBe(2);
  });

  it('refuses a txnNumber older than the session has seen (TransactionTooOld)', async () => {
    const lsid = newLsid();
    await raw.msg({ insert: 'r', documents: [{ x: 1 }], lsid, txnNumber: Long.fromNumber(10), $db: 'test' });
    const old = await raw.msg({ insert: 'r', documents: [{ x: 2 }], lsid, txnNumber: Long.fromNumber(9), $db: 'test' });
    expect(old).toMatchObject({ ok: 0, code: 225, codeName: 'TransactionTooOld' });
  });

  it('driver retryable writes work end to end and sessions can be ended', async () => {
    const session = h.client.startSession();
    await h.db.collection('r').insertOne({ via: 'session' }, { session });
    await session.endSession();
    expect(await raw.msg({ endSessions: [newLsid()], $db: 'admin' })).toMatchObject({ ok: 1 });
    expect(await raw.msg({ killSessions: [], $db: 'admin' })).toMatchObject({ ok: 1 });
  });
});
