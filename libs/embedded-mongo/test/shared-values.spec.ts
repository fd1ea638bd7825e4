// Index entries share values where that saves memory and nothing can tell: an update's new
// version keeps its unchanged dates (the ones its index entries hold), a new document's equal
// top-level dates (createdAt and updatedAt) are one object, and repeated strings and ObjectIds
// (a tenant's userId) are one instance across documents. Checked directly, and through the
// driver that a change to one of two shared dates never shows in the other.
import { ObjectId } from 'bson';
import { Doc } from '../src/bson/values';
import { applyUpdate } from '../src/query/update';
import { Collection } from '../src/storage/collection';
import { entryKey } from '../src/storage/index-store';
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
  const keysOf = (coll: Collection, name: string): unknown[] => Array.from(coll.indexes.get(name)!.sorted.forward(), (e) => entryKey(e, 0));

  it('a new document’s equal top-level dates become one object in its index entries; different ones stay apart', () => {
    const coll = new Collection('db', 'c');
    for (const field of ['createdAt', 'updatedAt', 'scheduledTime']) coll.addIndex({ v: 2, key: { [field]: 1 }, name: field });
    coll.put('1', { _id: 1, createdAt: new Date(1000), updatedAt: new Date(1000), scheduledTime: new Date(2000) }, 1);
    const [[createdAt], [updatedAt], [scheduledTime]] = ['createdAt', 'updatedAt', 'scheduledTime'].map((n) => keysOf(coll, n));
    expect(updatedAt).toBe(createdAt);
    expect(scheduledTime).not.toBe(createdAt);
    expect((scheduledTime as Date).getTime()).toBe(2000);
    // The stored document itself is bytes: each read decodes its own dates.
    expect(coll.get('1')).toEqual({ _id: 1, createdAt: new Date(1000), updatedAt: new Date(1000), scheduledTime: new Date(2000) });
  });

  it('documents stored one after another share their equal ObjectIds in index entries; each keeps its own _id', () => {
    const coll = new Collection('db', 'p');
    coll.addIndex({ v: 2, key: { userId: 1 }, name: 'userId' });
    coll.addIndex({ v: 2, key: { tags: 1 }, name: 'tags' });
    const userId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    for (const n of [1, 2]) coll.put(String(n), { _id: new ObjectId(), userId: new ObjectId(userId), tags: [new ObjectId(userId)], status: 'published' }, n);
    const [a, b] = keysOf(coll, 'userId');
    expect(b).toBe(a);
    expect(keysOf(coll, 'tags')).toEqual([a, a]);
    expect(keysOf(coll, 'tags')[1]).toBe(a);
    expect(String(a)).toBe(userId);
    const ids = keysOf(coll, '_id_');
    expect(ids[0]).not.toBe(ids[1]);
    expect([coll.get('1')!.status, coll.get('2')!.status]).toEqual(['published', 'published']);
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
