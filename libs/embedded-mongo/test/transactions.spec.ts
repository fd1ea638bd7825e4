// Multi-document transactions: commit, abort, isolation, write conflicts, waiting outside
// writers, unique indexes, retried commits, lifetime limit, error codes.
import { Long } from 'bson';
import { ClientSession, MongoServerError } from 'mongodb';
import { newLsid, RawClient } from './raw-client';
import { useServer } from './harness';

// Long enough that a loaded CI machine (a 16 MiB document test in the other worker) does not
// expire the ordinary transactions of this file; the lifetime test waits past it.
const h = useServer({ transactionLifetimeMs: 3000 });

async function inTxn(fn: (s: ClientSession) => Promise<void>): Promise<ClientSession> {
  const s = h.client.startSession();
  s.startTransaction();
  await fn(s);
  return s;
}

describe('transactions', () => {
  const accounts = () => h.db.collection<{ _id: string; balance: number }>('accounts');

  beforeEach(async () => {
    await accounts().deleteMany({});
    await accounts().insertMany([
      { _id: 'a', balance: 100 },
      { _id: 'b', balance: 0 },
    ]);
  });

  it('commits all writes together and hides them from outside readers until then', async () => {
    const s = await inTxn(async (s) => {
      await accounts().updateOne({ _id: 'a' }, { $inc: { balance: -30 } }, { session: s });
      await accounts().updateOne({ _id: 'b' }, { $inc: { balance: 30 } }, { session: s });
      await accounts().insertOne({ _id: 'c', balance: 1 }, { session: s });
      expect((await accounts().findOne({ _id: 'a' }))?.balance).toBe(100);
      expect(await accounts().findOne({ _id: 'c' })).toBeNull();
      expect((await accounts().findOne({ _id: 'a' }, { session: s }))?.balance).toBe(70);
      expect(await accounts().countDocuments({}, { session: s })).toBe(3);
    });
    await s.commitTransaction();
    // A retried commit is fine.
    await s.commitTransaction();
    await s.endSession();
    expect((await accounts().find().sort({ _id: 1 }).toArray()).map((d) => d.balance)).toEqual([70, 30, 1]);
  });

  it('aborts without a trace', async () => {
    const s = await inTxn(async (s) => {
      await accounts().deleteOne({ _id: 'a' }, { session: s });
      await accounts().insertOne({ _id: 'z', balance: 5 }, { session: s });
    });
    await s.abortTransaction();
    await s.endSession();
    expect((await accounts().find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual(['a', 'b']);
  });

  it('an abort also removes a collection the transaction created implicitly; a commit keeps it', async () => {
    const names = async () => (await h.db.listCollections().toArray()).map((c) => c.name);
    const aborted = await inTxn(async (s) => {
      await h.db.collection('born_in_txn').insertOne({ _id: 1 } as never, { session: s });
    });
    expect(await names()).toContain('born_in_txn'); // (created at once, empty to outside readers)
    await aborted.abortTransaction();
    await aborted.endSession();
    expect(await names()).not.toContain('born_in_txn');

    const committed = await inTxn(async (s) => {
      await h.db.collection('kept_after_txn').insertOne({ _id: 1 } as never, { session: s });
    });
    await committed.commitTransaction();
    await committed.endSession();
    expect(await names()).toContain('kept_after_txn');
    expect(await h.db.collection('kept_after_txn').countDocuments()).toBe(1);
  });

  it('gives the second writer of a document a WriteConflict with TransientTransactionError', async () => {
    const s1 = await inTxn((s) =>
      accounts()
        .updateOne({ _id: 'a' }, { $set: { balance: 1 } }, { session: s })
        .then(() => undefined),
    );
    const s2 = h.client.startSession();
    s2.startTransaction();
    const err = (await accounts()
      .updateOne({ _id: 'a' }, { $set: { balance: 2 } }, { session: s2 })
      .catch((e: unknown) => e)) as MongoServerError;
    expect(err.code).toBe(112);
    expect(err.codeName).toBe('WriteConflict');
    expect(err.hasErrorLabel('TransientTransactionError')).toBe(true);
    await s2.abortTransaction().catch(() => undefined);
    await s1.commitTransaction();
    await Promise.all([s1.endSession(), s2.endSession()]);
    expect((await accounts().findOne({ _id: 'a' }))?.balance).toBe(1);
  });

  it('makes a non-transactional writer wait for the transaction instead of losing data', async () => {
    const s = await inTxn((s) =>
      accounts()
        .updateOne({ _id: 'a' }, { $inc: { balance: 10 } }, { session: s })
        .then(() => undefined),
    );
    let done = false;
    const outside = accounts()
      .updateOne({ _id: 'a' }, { $inc: { balance: 1 } })
      .then(() => (done = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(false);
    await s.commitTransaction();
    await outside;
    await s.endSession();
    expect((await accounts().findOne({ _id: 'a' }))?.balance).toBe(111);
  });

  it('checks unique indexes against committed data and the transaction’s own writes', async () => {
    await h.db.collection('emails').createIndex({ email: 1 }, { unique: true });
    await h.db.collection('emails').insertOne({ email: 'taken@x.io' });
    const s = h.client.startSession();
    s.startTransaction();
    await h.db.collection('emails').insertOne({ email: 'new@x.io' }, { session: s });
    await expect(h.db.collection('emails').insertOne({ email: 'new@x.io' }, { session: s })).rejects.toMatchObject({ code: 11000 });
    // The failed statement aborted the transaction, as in MongoDB.
    await expect(s.commitTransaction()).rejects.toMatchObject({ code: 251 });
    await s.endSession();
    expect(await h.db.collection('emails').countDocuments()).toBe(1);
  });

  it('$lookup inside a transaction reads through the transaction', async () => {
    const s = await inTxn(async (s) => {
      await h.db.collection('owners').insertOne({ _id: 'o1' as never, acct: 'a' }, { session: s });
      const out = await accounts()
        .aggregate([{ $match: { _id: 'a' } }, { $lookup: { from: 'owners', localField: '_id', foreignField: 'acct', as: 'o' } }], { session: s })
        .toArray();
      expect(out[0].o).toHaveLength(1);
    });
    await s.abortTransaction();
    await s.endSession();
  });

  it('aborts transactions that exceed the lifetime limit (NoSuchTransaction)', async () => {
    const s = await inTxn((s) =>
      accounts()
        .updateOne({ _id: 'b' }, { $set: { balance: 9 } }, { session: s })
        .then(() => undefined),
    );
    await new Promise((r) => setTimeout(r, 4500));
    const err = (await accounts()
      .updateOne({ _id: 'b' }, { $set: { balance: 10 } }, { session: s })
      .catch((e: unknown) => e)) as MongoServerError;
    expect(err.code).toBe(251);
    expect(err.hasErrorLabel('TransientTransactionError')).toBe(true);
    await s.abortTransaction().catch(() => undefined);
    await s.endSession();
    expect((await accounts().findOne({ _id: 'b' }))?.balance).toBe(0);
    // The lock is gone: outside writers proceed.
    await accounts().updateOne({ _id: 'b' }, { $set: { balance: 3 } });
  });

  it('answers TransactionCommitted / NoSuchTransaction like MongoDB', async () => {
    const raw = await RawClient.connect(h.server.port);
    const lsid = newLsid();
    const t = (n: number) => ({ lsid, txnNumber: Long.fromNumber(n), autocommit: false });
    expect(await raw.msg({ insert: 'raw', documents: [{ a: 1 }], ...t(1), startTransaction: true, $db: 'test' })).toMatchObject({ ok: 1 });
    expect(await raw.msg({ commitTransaction: 1, ...t(1), $db: 'admin' })).toMatchObject({ ok: 1 });
    expect(await raw.msg({ commitTransaction: 1, ...t(1), $db: 'admin' })).toMatchObject({ ok: 1 });
    expect(await raw.msg({ abortTransaction: 1, ...t(1), $db: 'admin' })).toMatchObject({ ok: 0, code: 256, codeName: 'TransactionCommitted' });
    expect(await raw.msg({ find: 'raw', ...t(2), $db: 'test' })).toMatchObject({
      ok: 0,
      code: 251,
      codeName: 'NoSuchTransaction',
      errorLabels: ['TransientTransactionError'],
    });
    expect(await raw.msg({ insert: 'raw', documents: [{ a: 1 }], ...t(0), startTransaction: true, $db: 'test' })).toMatchObject({ ok: 0, code: 225 });
    raw.close();
  });
});
