// insert: single/many, generated _id, ordered vs unordered errors, duplicate _id, unacknowledged.
import { MongoBulkWriteError, ObjectId } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

describe('insert', () => {
  it('inserts one document, auto-creating the collection and its _id index', async () => {
    const res = await h.db.collection('a').insertOne({ x: 1 });
    expect(res.insertedId).toBeInstanceOf(ObjectId);
    const names = (await h.db.listCollections().toArray()).map((c) => c.name);
    expect(names).toContain('a');
    expect((await h.db.collection('a').indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('stores _id first and generates one when the client does not', async () => {
    const raw = await h.db.command({ insert: 'gen', documents: [{ y: 2 }] });
    expect(raw.n).toBe(1);
    const doc = await h.db.collection('gen').findOne({});
    expect(Object.keys(doc!)[0]).toBe('_id');
    expect(doc!._id).toBeInstanceOf(ObjectId);
  });

  it('inserts many', async () => {
    const res = await h.db.collection('many').insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    expect(res.insertedCount).toBe(250);
    expect(await h.db.collection('many').countDocuments()).toBe(250);
  });

  it('ordered inserts stop at the first duplicate; unordered carry on', async () => {
    const c = h.db.collection('dups');
    const ordered = await c.insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }] as never[]).catch((e: unknown) => e);
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    const e1 = ordered as MongoBulkWriteError;
    expect(e1.insertedCount).toBe(1);
    expect([e1.writeErrors].flat()).toMatchObject([{ index: 1, code: 11000 }]);
    expect(await c.countDocuments()).toBe(1);

    const unordered = (await c
      .insertMany([{ _id: 1 }, { _id: 3 }, { _id: 1 }, { _id: 4 }] as never[], { ordered: false })
      .catch((e: unknown) => e)) as MongoBulkWriteError;
    expect(unordered.insertedCount).toBe(2);
    const errs = Array.isArray(unordered.writeErrors) ? unordered.writeErrors : [unordered.writeErrors];
    expect(errs.map((w) => w.index)).toEqual([0, 2]);
    expect(errs[0].errmsg).toBe('E11000 duplicate key error collection: test.dups index: _id_ dup key: { _id: 1 }');
    expect(await c.countDocuments()).toBe(3);
  });

  it('rejects an array _id', async () => {
    const err = await h.db
      .collection('bad')
      .insertOne({ _id: [1, 2] } as never)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 53 });
  });

  it('applies unacknowledged (w:0, moreToCome) writes', async () => {
    const c = h.db.collection('w0');
    await c.insertOne({ fire: 'forget' }, { writeConcern: { w: 0 } });
    await new Promise((r) => setTimeout(r, 50));
    expect(await c.countDocuments({ fire: 'forget' })).toBe(1);
  });
});
