// The per-collection write counters an embedding process reads to keep its caches exact: every
// applied change moves the collection's counter before its writer hears back; reads never do; a
// transaction's writes move it at commit only.
import { useServer } from './harness';

describe.each([
  ['in-process', false],
  ['worker thread', true],
])('write versions (%s)', (_mode, inWorker) => {
  const h = useServer({ inWorker });
  const version = () => h.server.writeVersionReader('test.items')();
  const changes = async (action: () => Promise<unknown>): Promise<boolean> => {
    const before = version();
    await action();
    return version() !== before;
  };

  it('moves on every kind of write, before the writer is answered', async () => {
    const items = h.db.collection('items');
    expect(await changes(() => items.insertOne({ _id: 1, n: 1 } as never))).toBe(true);
    expect(
      await changes(() =>
        items.insertMany([
          { _id: 2, n: 2 },
          { _id: 3, n: 3 },
        ] as never[]),
      ),
    ).toBe(true);
    expect(await changes(() => items.updateOne({ _id: 1 } as never, { $set: { n: 10 } }))).toBe(true);
    expect(await changes(() => items.findOneAndUpdate({ _id: 2 } as never, { $inc: { n: 1 } }))).toBe(true);
    expect(await changes(() => items.replaceOne({ _id: 3 } as never, { n: 30 }))).toBe(true);
    expect(await changes(() => items.deleteOne({ _id: 3 } as never))).toBe(true);
    expect(await changes(() => items.updateOne({ _id: 99 } as never, { $set: { n: 1 } }, { upsert: true }))).toBe(true);
  });

  it('stays for reads and for writes that change nothing', async () => {
    const items = h.db.collection('items');
    expect(await changes(() => items.find({}).toArray())).toBe(false);
    expect(await changes(() => items.countDocuments({ n: { $gt: 0 } }))).toBe(false);
    expect(await changes(() => items.aggregate([{ $group: { _id: null, n: { $sum: '$n' } } }]).toArray())).toBe(false);
    expect(await changes(() => items.updateOne({ _id: 12345 } as never, { $set: { n: 1 } }))).toBe(false);
    expect(await changes(() => items.deleteMany({ n: -1 }))).toBe(false);
  });

  it("moves for a transaction's writes at commit, not before, and not for an abort", async () => {
    const items = h.db.collection('items');
    const session = h.client.startSession();
    try {
      session.startTransaction();
      const before = version();
      await items.insertOne({ _id: 'in-txn', n: 1 } as never, { session });
      await items.updateOne({ _id: 1 } as never, { $set: { n: 11 } }, { session });
      expect(version()).toBe(before);
      await session.commitTransaction();
      expect(version()).not.toBe(before);

      session.startTransaction();
      const beforeAbort = version();
      await items.insertOne({ _id: 'aborted', n: 1 } as never, { session });
      await session.abortTransaction();
      expect(version()).toBe(beforeAbort);
      expect(await items.findOne({ _id: 'aborted' } as never)).toBeNull();
    } finally {
      await session.endSession();
    }
  });

  it('moves when the collection is dropped or renamed', async () => {
    await h.db.collection('items').insertOne({ _id: 'x' } as never);
    expect(await changes(() => h.db.collection('items').rename('items_renamed'))).toBe(true);
    expect(await changes(() => h.db.collection('items_renamed').rename('items'))).toBe(true);
    expect(await changes(() => h.db.collection('items').drop())).toBe(true);
  });
});
