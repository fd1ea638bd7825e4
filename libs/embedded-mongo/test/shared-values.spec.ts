// Stored documents share values where that saves memory and nothing can tell: an update's new
// version keeps its unchanged dates (the ones its index entries hold), a new document's equal
// top-level dates (createdAt and updatedAt) are one object, and repeated strings and ObjectIds
// (a tenant's userId) are one instance across documents. Checked directly, and through the
// driver that a change to one of two shared dates never shows in the other.
import { ObjectId } from 'bson';
import { Doc } from '../src/bson/values';
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

  it('a new document’s equal top-level dates become one object; different ones stay apart', () => {
    const coll = new Collection('db', 'c');
    const doc: Doc = { _id: 1, createdAt: new Date(1000), updatedAt: new Date(1000), scheduledTime: new Date(2000), other: new Date(1000) };
    coll.put('1', doc, 1);
    const stored = coll.get('1')!;
    expect(stored.updatedAt).toBe(stored.createdAt);
    expect(stored.other).toBe(stored.createdAt);
    expect(stored.scheduledTime).not.toBe(stored.createdAt);
    expect((stored.scheduledTime as Date).getTime()).toBe(2000);
  });

  it('documents stored one after another share their equal ObjectIds; each keeps its own _id', () => {
    const coll = new Collection('db', 'p');
    const userId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    for (const n of [1, 2]) coll.put(String(n), { _id: new ObjectId(), userId: new ObjectId(userId), tags: [new ObjectId(userId)], status: 'published' }, n);
    const [a, b] = [coll.get('1')!, coll.get('2')!];
    expect(b.userId).toBe(a.userId);
    expect((b.tags as unknown[])[0]).toBe(a.userId);
    expect(String(a.userId)).toBe(userId);
    expect(b._id).not.toBe(a._id);
    expect([a.status, b.status]).toEqual(['published', 'published']);
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
