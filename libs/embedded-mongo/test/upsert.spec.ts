// upsert: the inserted document is seeded from the query's equality fields.
import { ObjectId } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

describe('upsert', () => {
  it('seeds from equality fields, $eq and dotted paths but not from operators', async () => {
    const c = h.db.collection('up');
    const res = await c.updateOne(
      { name: 'ann', 'profile.lang': 'en', plan: { $eq: 'pro' }, age: { $gt: 20 } },
      { $set: { active: true }, $setOnInsert: { createdBy: 'upsert' } },
      { upsert: true },
    );
    expect(res.upsertedCount).toBe(1);
    expect(res.upsertedId).toBeInstanceOf(ObjectId);
    const doc = await c.findOne({ _id: res.upsertedId! });
    expect(doc).toEqual({ _id: res.upsertedId, name: 'ann', profile: { lang: 'en' }, plan: 'pro', active: true, createdBy: 'upsert' });
  });

  it('does not apply $setOnInsert when a document matched', async () => {
    const c = h.db.collection('up2');
    await c.insertOne({ k: 1 });
    const res = await c.updateOne({ k: 1 }, { $set: { v: 2 }, $setOnInsert: { created: true } }, { upsert: true });
    expect(res.upsertedCount).toBe(0);
    expect(await c.findOne({ k: 1 }, { projection: { _id: 0 } })).toEqual({ k: 1, v: 2 });
  });

  it('uses the query _id and replacement documents', async () => {
    const c = h.db.collection('up3');
    const res = await c.replaceOne({ _id: 'fixed' as never }, { body: 'x' }, { upsert: true });
    expect(res.upsertedId).toBe('fixed');
    expect(await c.findOne({ _id: 'fixed' as never })).toEqual({ _id: 'fixed', body: 'x' });
  });

  it('reports upserted [{index,_id}] per statement in a batch', async () => {
    const raw = await h.db.command({
      update: 'up4',
      updates: [
        { q: { a: 1 }, u: { $set: { b: 1 } }, upsert: true },
        { q: { a: 2 }, u: { $set: { b: 2 } }, upsert: true },
      ],
    });
    expect(raw.n).toBe(2);
    expect(raw.nModified).toBe(0);
    expect(raw.upserted.map((u: { index: number }) => u.index)).toEqual([0, 1]);
  });
});
