// Index entries share values where that saves memory and nothing can tell: an update's new
// version keeps its unchanged dates, entries hold dates as BigInts of their milliseconds, and
// repeated strings and ObjectIds (a tenant's userId) are one instance across documents. Checked
// directly, and through the driver that a change to one of two equal dates never shows in the
// other.
import { ObjectId } from 'bson';
import { compareValues, Doc } from '../src/bson/values';
import { scan } from '../src/query/planner';
import { applyUpdate } from '../src/query/update';
import { Collection } from '../src/storage/collection';
import { useServer } from './harness';

describe('shared values', () => {
  it('an update keeps the previous version’s unchanged dates and never changes that version', () => {
    const createdAt = new Date('2026-01-01T00:00:00Z');
    const prev: Doc = { _id: 1, createdAt, at: new Date('2026-02-01T00:00:00Z'), n: 1, tags: ['a'] };
    const { doc: next } = applyUpdate(prev, { $set: { n: 2 }, $currentDate: { at: true }, $push: { tags: 'b' } });
    expect(next.createdAt).toBe(createdAt);
    expect(next.n).toBe(2);
    expect((next.at as Date).getTime()).toBeGreaterThan(Date.parse('2026-02-01T00:00:00Z'));
    expect(prev).toEqual({ _id: 1, createdAt, at: new Date('2026-02-01T00:00:00Z'), n: 1, tags: ['a'] });
  });

  /** The first key value of every entry of the collection's index `name`, in index order. */
  const keysOf = (coll: Collection, name: string): unknown[] => {
    const index = coll.indexes.get(name)!;
    return Array.from(index.sorted.forward(), (e) => index.keyAt(e, 0));
  };

  it('index entries hold dates as BigInts of their milliseconds, and give them back as dates', () => {
    const coll = new Collection('db', 'c');
    for (const field of ['createdAt', 'updatedAt', 'scheduledTime']) coll.addIndex({ v: 2, key: { [field]: 1 }, name: field });
    coll.put('1', { _id: 1, createdAt: new Date(1000), updatedAt: new Date(1000), scheduledTime: new Date(2000) }, 1);
    const slots = ['createdAt', 'updatedAt', 'scheduledTime'].map((n) => Array.from(coll.indexes.get(n)!.sorted.forward(), (e) => e.block.at(e.row, 1)));
    expect(slots).toEqual([[1000n], [1000n], [2000n]]);
    const [[createdAt], [scheduledTime]] = ['createdAt', 'scheduledTime'].map((n) => keysOf(coll, n));
    expect(createdAt).toEqual(new Date(1000));
    expect(scheduledTime).toEqual(new Date(2000));
    // The stored document itself is bytes: each read decodes its own dates.
    expect(coll.get('1')).toEqual({ _id: 1, createdAt: new Date(1000), updatedAt: new Date(1000), scheduledTime: new Date(2000) });
  });

  it('a Date object whose time was changed after it was stored is keyed by its new time', () => {
    const coll = new Collection('db', 'reused');
    coll.addIndex({ v: 2, key: { at: 1 }, name: 'at' });
    const at = new Date(1000);
    coll.put('1', { _id: 1, at }, 1);
    at.setTime(2000);
    coll.put('2', { _id: 2, at }, 2);
    expect(Array.from(coll.indexes.get('at')!.sorted.forward(), (e) => e.block.at(e.row, 1))).toEqual([1000n, 2000n]);
  });

  it('dates held as BigInts keep BSON order among the other types of the same field', () => {
    const coll = new Collection('db', 'mixed');
    coll.addIndex({ v: 2, key: { v: 1 }, name: 'v' });
    coll.addIndex({ v: 2, key: { v: -1, n: 1 }, name: 'v_desc' });
    const values: unknown[] = [new Date(5), 5, null, 'a', new Date(-1000), new Date(5), 7.5, new ObjectId(), true, [new Date(3), 4], new Date(8.64e15)];
    values.forEach((v, n) => coll.put(String(n), { _id: n, v, n }, n + 1));
    const ascending = keysOf(coll, 'v');
    expect(ascending).toEqual([...ascending].sort(compareValues));
    expect(ascending.filter((k) => k instanceof Date).map((d) => (d as Date).getTime())).toEqual([-1000, 3, 5, 5, 8.64e15]);
    expect(keysOf(coll, 'v_desc')).toEqual([...ascending].reverse());
    const ids = (filter: Doc, sort?: Doc) => scan(coll, undefined, filter, { sort }).map((h) => h.doc._id);
    expect(ids({ v: { $gte: new Date(0) } }, { v: 1 })).toEqual([9, 0, 5, 10]);
    expect(ids({ v: new Date(5) })).toEqual([0, 5]);
    // (a descending sort keys an array by its greatest element: [Date(3), 4] sorts as Date(3))
    expect(ids({ v: { $lt: 6 } }, { v: -1 })).toEqual([9, 1]);
    coll.put('0', { _id: 0, v: new Date(6), n: 0 }, 20);
    expect(ids({ v: new Date(5) })).toEqual([5]);
    expect(ids({ v: new Date(6) })).toEqual([0]);
  });

  it('documents stored one after another share their equal ObjectIds in index entries; the _id index gives back each one’s own _id', () => {
    const coll = new Collection('db', 'p');
    coll.addIndex({ v: 2, key: { userId: 1 }, name: 'userId' });
    coll.addIndex({ v: 2, key: { tags: 1 }, name: 'tags' });
    const userId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const ids = [new ObjectId(), new ObjectId()];
    ids.forEach((_id, n) =>
      coll.put(Collection.idKey({ _id }), { _id, userId: new ObjectId(userId), tags: [new ObjectId(userId)], status: 'published' }, n + 1),
    );
    const [a, b] = keysOf(coll, 'userId');
    expect(b).toBe(a);
    expect(keysOf(coll, 'tags')).toEqual([a, a]);
    expect(keysOf(coll, 'tags')[1]).toBe(a);
    expect(String(a)).toBe(userId);
    expect(keysOf(coll, '_id_').map(String)).toEqual(ids.map(String).sort());
    expect(ids.map((_id) => coll.get(Collection.idKey({ _id }))!.status)).toEqual(['published', 'published']);
  });

  it('an _id key field takes no slot while every id is an ObjectId’s, and gets one when another id arrives', () => {
    const coll = new Collection('db', 'ids');
    coll.addIndex({ v: 2, key: { a: 1, _id: -1 }, name: 'a_id' });
    const oids = Array.from({ length: 6 }, () => new ObjectId());
    oids.forEach((_id, n) => coll.put(Collection.idKey({ _id }), { _id, a: n % 2 }, n + 1));
    const index = coll.indexes.get('a_id')!;
    // (the id, then `a`: the id stands for `_id`; the _id index keeps the id alone)
    expect(index.sorted.width).toBe(2);
    expect(coll.indexes.get('_id_')!.sorted.width).toBe(1);
    const entries = () => Array.from(index.sorted.forward(), (e) => [index.keyAt(e, 0), index.keyAt(e, 1)]);
    const byKey = (x: unknown[], y: unknown[]) => compareValues(x[0], y[0]) || -compareValues(x[1], y[1]);
    const expected = oids.map((_id, n) => [n % 2, _id]).sort(byKey);
    expect(entries()).toEqual(expected);
    expect(entries().every(([, id]) => id instanceof ObjectId)).toBe(true);
    const sorted = (filter: Doc) => scan(coll, undefined, filter, { sort: { a: 1, _id: -1 } }).map((h) => h.doc._id);
    expect(sorted({ a: 1 })).toEqual(expected.filter(([a]) => a === 1).map(([, id]) => id));
    expect(sorted({ a: 0, _id: { $lt: oids[4] } })).toEqual([oids[2], oids[0]]);

    // A string _id (BSON orders strings before ObjectIds): `_id` gets a slot, every entry kept in order.
    coll.put(Collection.idKey({ _id: 'x' }), { _id: 'x', a: 1 }, 10);
    expect(index.sorted.width).toBe(3);
    expect(entries()).toEqual([...expected, [1, 'x']].sort(byKey));
    expect(sorted({ a: 1 })).toEqual([...expected.filter(([a]) => a === 1).map(([, id]) => id), 'x']);
    expect(coll.delete(Collection.idKey({ _id: oids[1] }))).toBe(true);
    expect(sorted({ a: 1 })).toEqual([oids[5], oids[3], 'x']);
    expect(index.sorted.size).toBe(6);
  });

  describe('through the driver', () => {
    const h = useServer();

    it('changing one of two equal dates leaves the other as it was', async () => {
      const c = h.db.collection('posts');
      await c.createIndex({ createdAt: 1 });
      await c.createIndex({ updatedAt: 1 });
      const at = new Date('2026-03-01T10:00:00Z');
      const { insertedId } = await c.insertOne({ _id: new ObjectId(), createdAt: at, updatedAt: at, n: 0 });
      const later = new Date('2026-03-02T10:00:00Z');
      await c.updateOne({ _id: insertedId }, { $set: { updatedAt: later }, $inc: { n: 1 } });
      expect(await c.findOne({ _id: insertedId })).toEqual({ _id: insertedId, createdAt: at, updatedAt: later, n: 1 });
      // The indexes moved only the changed date's entry.
      expect(await c.countDocuments({ createdAt: at })).toBe(1);
      expect(await c.countDocuments({ updatedAt: at })).toBe(0);
      expect(await c.countDocuments({ updatedAt: later })).toBe(1);
    });
  });
});
