// Hidden indexes and hints, from MongoDB's documented behaviour: a hidden index
// is kept (listed, maintained, still unique) but not used; hinting it is an error; a hint is
// honoured by find, count and aggregate (hinting a sparse index returns only what it holds).
import { failure, useServer } from './harness';

const h = useServer();

describe('hidden indexes', () => {
  it('are listed as hidden, keep enforcing unique, and refuse hints until unhidden through collMod', async () => {
    const c = h.db.collection('hidden');
    await c.createIndex({ email: 1 }, { unique: true, hidden: true } as never);
    await c.insertMany([{ email: 'a@x.com' }, { email: 'b@x.com' }]);
    expect((await c.listIndexes().toArray()).find((i) => i.name === 'email_1')).toMatchObject({ hidden: true, unique: true });
    expect((await failure(c.insertOne({ email: 'a@x.com' }))).code).toBe(11000);
    const hinted = await failure(c.find({ email: 'a@x.com' }).hint('email_1').toArray());
    expect(hinted.code).toBe(2);
    expect(hinted.message).toMatch(/hint provided does not correspond to an existing index/);

    const reply = await h.db.command({ collMod: 'hidden', index: { name: 'email_1', hidden: false } });
    expect(reply).toMatchObject({ hidden_old: true, hidden_new: false, ok: 1 });
    expect((await c.listIndexes().toArray()).find((i) => i.name === 'email_1')?.hidden).toBeUndefined();
    expect(await c.find({ email: 'b@x.com' }).hint('email_1').toArray()).toHaveLength(1);

    await h.db.command({ collMod: 'hidden', index: { keyPattern: { email: 1 }, hidden: true } });
    expect((await c.listIndexes().toArray()).find((i) => i.name === 'email_1')?.hidden).toBe(true);
    // Queries still answer correctly without it.
    expect(await c.countDocuments({ email: 'b@x.com' })).toBe(1);
  });

  it('refuses to hide the _id index', async () => {
    const c = h.db.collection('hidden2');
    await c.insertOne({ a: 1 });
    const e = await failure(h.db.command({ collMod: 'hidden2', index: { name: '_id_', hidden: true } }));
    expect(e.code).toBe(2);
  });
});

describe('hints', () => {
  beforeAll(async () => {
    const c = h.db.collection('hints');
    await c.createIndex({ tag: 1 }, { sparse: true });
    await c.insertMany([{ _id: 1 as never, tag: 'x' }, { _id: 2 as never }, { _id: 3 as never, tag: 'y' }]);
  });

  it('find and count read the hinted (sparse) index only', async () => {
    const c = h.db.collection('hints');
    expect(await c.find({}).toArray()).toHaveLength(3);
    expect((await c.find({}).hint('tag_1').toArray()).map((d) => d._id)).toEqual([1, 3]);
    expect((await c.find({}).hint({ tag: 1 }).toArray()).map((d) => d._id)).toEqual([1, 3]);
    expect(await c.find({}).hint({ $natural: 1 }).toArray()).toHaveLength(3);
    expect(await c.countDocuments({ _id: { $gte: 1 } } as never, { hint: 'tag_1' })).toBe(2);
  });

  it('aggregate honours the hint', async () => {
    const c = h.db.collection('hints');
    expect(await c.aggregate([{ $match: { _id: { $gte: 1 } } }], { hint: 'tag_1' }).toArray()).toHaveLength(2);
    expect((await c.aggregate([{ $project: { _id: 1 } }], { hint: { tag: 1 } }).toArray()).map((d) => d._id as unknown)).toEqual([1, 3]);
    expect((await failure(c.aggregate([], { hint: 'nope_1' }).toArray())).code).toBe(2);
  });
});
