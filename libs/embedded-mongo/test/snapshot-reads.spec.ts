// Snapshot reads in transactions: a transaction reads the data as of its first statement
// (MongoDB's snapshot read concern) plus its own writes, whatever commits meanwhile; writing a
// document someone else changed or deleted since is a WriteConflict.
import { ClientSession, MongoServerError } from 'mongodb';
import { useServer } from './harness';

const h = useServer({ transactionLifetimeMs: 30000 });

type Item = { _id: number; v: number; tag?: string };

describe('snapshot reads in transactions', () => {
  const items = () => h.db.collection<Item>('snap');
  let s: ClientSession;

  beforeEach(async () => {
    await items().deleteMany({});
    await items().insertMany([
      { _id: 1, v: 1, tag: 'a' },
      { _id: 2, v: 2, tag: 'a' },
      { _id: 3, v: 3, tag: 'b' },
    ]);
    await items().createIndex({ tag: 1 });
    s = h.client.startSession();
    s.startTransaction();
    // The first statement establishes the snapshot.
    expect(await items().countDocuments({}, { session: s })).toBe(3);
  });

  afterEach(async () => {
    if (s.inTransaction()) await s.abortTransaction().catch(() => undefined);
    await s.endSession();
  });

  it('does not see updates, inserts or deletes committed after it started', async () => {
    await items().updateOne({ _id: 1 }, { $set: { v: 10 } });
    await items().insertOne({ _id: 4, v: 4, tag: 'a' });
    await items().deleteOne({ _id: 2 });
    expect(await items().findOne({ _id: 1 }, { session: s })).toEqual({ _id: 1, v: 1, tag: 'a' });
    expect(await items().findOne({ _id: 4 }, { session: s })).toBeNull();
    expect(await items().findOne({ _id: 2 }, { session: s })).toEqual({ _id: 2, v: 2, tag: 'a' });
    expect((await items().find({}, { session: s }).sort({ _id: 1 }).toArray()).map((d) => d.v)).toEqual([1, 2, 3]);
    expect(await items().countDocuments({}, { session: s })).toBe(3);
    expect(await items().countDocuments({ tag: 'a' }, { session: s })).toBe(2);
    expect(await items().distinct('v', {}, { session: s })).toEqual([1, 2, 3]);
    const [sum] = await items()
      .aggregate([{ $group: { _id: null, total: { $sum: '$v' } } }], { session: s })
      .toArray();
    expect(sum.total).toBe(6);
    // Outside, the new state.
    expect((await items().find().sort({ _id: 1 }).toArray()).map((d) => d.v)).toEqual([10, 3, 4]);
    await s.commitTransaction();
    expect((await items().find().sort({ _id: 1 }).toArray()).map((d) => d.v)).toEqual([10, 3, 4]);
  });

  it('finds documents through an index by the values they had at the snapshot', async () => {
    await items().updateOne({ _id: 3 }, { $set: { tag: 'a' } });
    await items().updateOne({ _id: 1 }, { $set: { tag: 'z' } });
    expect((await items().find({ tag: 'a' }, { session: s }).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 2]);
    expect((await items().find({ tag: 'b' }, { session: s }).toArray()).map((d) => d._id)).toEqual([3]);
    expect(await items().find({ tag: 'z' }, { session: s }).toArray()).toEqual([]);
  });

  it('sees its own writes over the snapshot', async () => {
    await items().updateOne({ _id: 3 }, { $set: { v: 30 } }, { session: s });
    await items().insertOne({ _id: 5, v: 5 }, { session: s });
    await items().insertOne({ _id: 6, v: 6 }); // someone else's, after the snapshot
    expect((await items().find({}, { session: s }).sort({ _id: 1 }).toArray()).map((d) => d.v)).toEqual([1, 2, 30, 5]);
    await s.commitTransaction();
    expect((await items().find().sort({ _id: 1 }).toArray()).map((d) => d.v)).toEqual([1, 2, 30, 5, 6]);
  });

  it('a write to a document changed or deleted since the snapshot is a WriteConflict', async () => {
    await items().deleteOne({ _id: 2 });
    const e = await items()
      .updateOne({ _id: 2 }, { $set: { v: 20 } }, { session: s })
      .then(() => undefined)
      .catch((err: MongoServerError) => err);
    expect(e).toBeInstanceOf(MongoServerError);
    expect((e as MongoServerError).code).toBe(112);
    expect((e as MongoServerError).hasErrorLabel('TransientTransactionError')).toBe(true);
    expect(await items().findOne({ _id: 2 })).toBeNull(); // not resurrected
  });

  it('inserting an _id someone else inserted or deleted since the snapshot is a WriteConflict', async () => {
    const insertInTxn = (_id: number) =>
      items()
        .insertOne({ _id, v: 70 }, { session: s })
        .then(() => undefined)
        .catch((err: MongoServerError) => err);
    await items().insertOne({ _id: 7, v: 7 });
    expect((await insertInTxn(7))?.code).toBe(112);
    await s.abortTransaction();
    s.startTransaction();
    expect(await items().countDocuments({}, { session: s })).toBe(4); // new snapshot
    await items().deleteOne({ _id: 3 });
    expect((await insertInTxn(3))?.code).toBe(112); // the snapshot still holds 3: not a duplicate key
    expect(await items().findOne({ _id: 3 })).toBeNull();
  });

  it('$lookup reads the other collection at the same snapshot', async () => {
    await h.db.collection('snapOther').deleteMany({});
    await h.db.collection('snapOther').insertOne({ _id: 1 as never, tag: 'a', label: 'old' });
    const s2 = h.client.startSession();
    s2.startTransaction();
    try {
      expect(await items().countDocuments({}, { session: s2 })).toBe(3);
      await h.db.collection('snapOther').updateOne({ _id: 1 as never }, { $set: { label: 'new' } });
      const [doc] = await items()
        .aggregate([{ $match: { _id: 1 } }, { $lookup: { from: 'snapOther', localField: 'tag', foreignField: 'tag', as: 'o' } }], { session: s2 })
        .toArray();
      expect((doc.o as Array<{ label: string }>)[0].label).toBe('old');
    } finally {
      await s2.abortTransaction();
      await s2.endSession();
    }
  });
});
