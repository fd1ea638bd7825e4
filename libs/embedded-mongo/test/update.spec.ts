// update: every update operator, arrayFilters, positional operators, replacement and pipelines.
import { BSON, Long, ObjectId } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

async function applied(update: object | object[], seed: object, options: object = {}): Promise<Record<string, unknown>> {
  const c = h.db.collection('u');
  const _id = new ObjectId();
  await c.insertOne({ _id, ...seed });
  await c.updateOne({ _id }, update as never, options);
  const doc = await c.findOne({ _id });
  delete (doc as Record<string, unknown>)._id;
  return doc as Record<string, unknown>;
}

describe('update operators', () => {
  it('$set / $unset / $inc / $mul / $min / $max / $rename', async () => {
    expect(await applied({ $set: { a: 1, 'b.c': 2 } }, {})).toEqual({ a: 1, b: { c: 2 } });
    expect(await applied({ $unset: { a: '' } }, { a: 1, b: 2 })).toEqual({ b: 2 });
    expect(await applied({ $inc: { n: 2, m: -1 } }, { n: 1 })).toEqual({ n: 3, m: -1 });
    expect(await applied({ $mul: { n: 3 } }, { n: 2.5 })).toEqual({ n: 7.5 });
    expect(await applied({ $min: { lo: 1 }, $max: { hi: 10 } }, { lo: 5, hi: 5 })).toEqual({ lo: 1, hi: 10 });
    expect(await applied({ $rename: { old: 'new' } }, { old: 1 })).toEqual({ new: 1 });
  });

  it('$currentDate and $bit', async () => {
    const before = Date.now();
    const d = await applied({ $currentDate: { at: true } }, {});
    expect((d.at as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await applied({ $bit: { f: { or: 4 } } }, { f: 1 })).toEqual({ f: 5 });
  });

  it('$push with $each / $position / $slice / $sort, $addToSet, $pull, $pullAll, $pop', async () => {
    expect(await applied({ $push: { a: 3 } }, { a: [1] })).toEqual({ a: [1, 3] });
    expect(await applied({ $push: { log: { at: 1, ok: true } } }, {})).toEqual({ log: [{ at: 1, ok: true }] });
    expect(await applied({ $set: { s: 'x' }, $push: { log: [1, 2] }, $inc: { n: 1 } }, { log: [0], n: 1 })).toEqual({ log: [0, [1, 2]], n: 2, s: 'x' });
    const notArray = h.db.collection('u');
    await notArray.insertOne({ _id: 'p' as never, a: 5 });
    await expect(notArray.updateOne({ _id: 'p' as never }, { $push: { a: 1 } } as never)).rejects.toMatchObject({
      code: 2,
      message: 'The field \'a\' must be an array but is of type int in document {_id: "p"}',
    });
    expect(await notArray.findOne({ _id: 'p' as never })).toEqual({ _id: 'p', a: 5 });
    expect(await applied({ $push: { a: { $each: [5, 0], $sort: 1, $slice: 3 } } }, { a: [3, 1] })).toEqual({ a: [0, 1, 3] });
    expect(await applied({ $push: { a: { $each: ['x'], $position: 0 } } }, { a: ['y'] })).toEqual({ a: ['x', 'y'] });
    expect(await applied({ $addToSet: { a: { $each: [1, 2] } } }, { a: [1] })).toEqual({ a: [1, 2] });
    expect(await applied({ $pull: { a: { $gt: 2 } } }, { a: [1, 2, 3, 4] })).toEqual({ a: [1, 2] });
    expect(await applied({ $pullAll: { a: [1, 3] } }, { a: [1, 2, 3, 1] })).toEqual({ a: [2] });
    expect(await applied({ $pop: { a: -1 } }, { a: [1, 2, 3] })).toEqual({ a: [2, 3] });
  });

  it('positional $, $[] and $[identifier] with arrayFilters', async () => {
    const c = h.db.collection('pos');
    await c.insertOne({ _id: 1 as never, grades: [80, 85, 90], items: [{ q: 1 }, { q: 5 }] });
    await c.updateOne({ _id: 1 as never, grades: 85 }, { $set: { 'grades.$': 86 } });
    await c.updateOne({ _id: 1 as never }, { $inc: { 'items.$[].q': 1 } });
    await c.updateOne({ _id: 1 as never }, { $set: { 'items.$[big].flag': true } }, { arrayFilters: [{ 'big.q': { $gt: 3 } }] });
    expect(await c.findOne({ _id: 1 as never })).toEqual({ _id: 1, grades: [80, 86, 90], items: [{ q: 2 }, { q: 6, flag: true }] });
  });

  it('keeps an Int64 field an Int64 through $inc', async () => {
    const c = h.db.collection('longs');
    await c.insertOne({ _id: 1 as never, n: Long.fromNumber(1) });
    await c.updateOne({ _id: 1 as never }, { $inc: { n: 1 } });
    const raw = await c.findOne({ _id: 1 as never }, { promoteLongs: false });
    expect(raw?.n).toBeInstanceOf(Long);
    expect(raw?.n.toNumber()).toBe(2);
  });

  it('replaces a document (keeping _id) with replaceOne', async () => {
    const c = h.db.collection('rep');
    await c.insertOne({ _id: 7 as never, a: 1, b: 2 });
    await c.replaceOne({ _id: 7 as never }, { c: 3 });
    expect(await c.findOne({ _id: 7 as never })).toEqual({ _id: 7, c: 3 });
  });

  it('runs pipeline updates', async () => {
    expect(await applied([{ $set: { total: { $add: ['$a', '$b'] } } }, { $unset: 'a' }], { a: 1, b: 2 })).toEqual({ b: 2, total: 3 });
    expect(await applied([{ $replaceWith: { x: '$b' } }], { b: 5 })).toEqual({ x: 5 });
  });

  it('reports n / nModified, and multi updates every match', async () => {
    const c = h.db.collection('multi');
    await c.insertMany([
      { g: 1, v: 0 },
      { g: 1, v: 0 },
      { g: 2, v: 0 },
    ]);
    const r1 = await c.updateMany({ g: 1 }, { $set: { v: 1 } });
    expect([r1.matchedCount, r1.modifiedCount]).toEqual([2, 2]);
    const r2 = await c.updateMany({ g: 1 }, { $set: { v: 1 } });
    expect([r2.matchedCount, r2.modifiedCount]).toEqual([2, 0]);
    const r3 = await c.updateOne({ g: 3 }, { $set: { v: 1 } });
    expect([r3.matchedCount, r3.modifiedCount]).toEqual([0, 0]);
  });

  it('rejects changing _id, conflicting paths and unknown operators', async () => {
    const c = h.db.collection('bad');
    await c.insertOne({ _id: 1 as never, a: 1 });
    await expect(c.updateOne({ _id: 1 as never }, { $set: { _id: 2 } })).rejects.toMatchObject({ code: 66 });
    await expect(c.updateOne({ _id: 1 as never }, { $set: { a: 1 }, $inc: { a: 1 } })).rejects.toMatchObject({ code: 40 });
    const raw = await h.db.command({ update: 'bad', updates: [{ q: {}, u: { $frobnicate: { a: 1 } } }] });
    expect(raw.writeErrors[0]).toMatchObject({ code: 9 });
  });

  // An update's result is encoded once, for its size check, and those bytes are what is stored:
  // read back once the collection's cache of decoded documents (512) no longer holds them.
  it('stores the updated document itself (update, findAndModify, a multi update)', async () => {
    const c = h.db.collection('stored');
    await c.insertMany([
      { _id: 'u' as never, n: 1, tags: ['a'] },
      { _id: 'f' as never, n: 1, s: 'short' },
      { _id: 'm1' as never, group: 'g', v: 0 },
      { _id: 'm2' as never, group: 'g', v: 0 },
    ]);
    await c.updateOne({ _id: 'u' as never }, { $inc: { n: 41 }, $push: { tags: 'b' }, $set: { added: 'yes' } } as never);
    await c.findOneAndUpdate({ _id: 'f' as never }, { $set: { s: 'a longer string than before' }, $unset: { n: '' } });
    await c.updateMany({ group: 'g' }, { $set: { v: 7 } });
    await c.insertMany(Array.from({ length: 600 }, (_, i) => ({ _id: `other-${i}` as never })));

    const byId = async (id: string) => c.findOne({ _id: id as never });
    expect(await byId('u')).toEqual({ _id: 'u', n: 42, tags: ['a', 'b'], added: 'yes' });
    expect(await byId('f')).toEqual({ _id: 'f', s: 'a longer string than before' });
    expect(await byId('m1')).toEqual({ _id: 'm1', group: 'g', v: 7 });
    expect(await byId('m2')).toEqual({ _id: 'm2', group: 'g', v: 7 });
    // collStats reads the stored bytes' length without decoding them.
    const all = await c.find().toArray();
    const stats = await h.db.command({ collStats: 'stored' });
    expect(stats.size).toBe(all.reduce((sum, doc) => sum + BSON.calculateObjectSize(doc), 0));
  });
});
