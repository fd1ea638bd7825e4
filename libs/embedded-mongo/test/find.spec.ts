// find: filters, sort (incl. MongoDB's cross-type order), projection, skip/limit, BSON types.
import { Binary, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

describe('find', () => {
  beforeAll(async () => {
    await h.db.collection('people').insertMany([
      {
        _id: 1 as never,
        name: 'ann',
        age: 31,
        tags: ['a', 'b'],
        address: { city: 'Oslo' },
        scores: [
          { k: 'x', v: 5 },
          { k: 'y', v: 9 },
        ],
      },
      { _id: 2 as never, name: 'bob', age: 25, tags: ['b'], address: { city: 'Rome' }, scores: [] },
      { _id: 3 as never, name: 'cid', age: 42, tags: [], address: { city: 'Oslo' } },
      { _id: 4 as never, name: 'dee', age: null },
      { _id: 5 as never, name: 'eve' },
    ]);
  });

  const people = () => h.db.collection<any>('people');

  it('matches equality, comparison, logical, array and element operators', async () => {
    const names = async (filter: object) => (await people().find(filter).sort({ _id: 1 }).toArray()).map((d) => d.name);
    expect(await names({ age: { $gte: 30 } })).toEqual(['ann', 'cid']);
    expect(await names({ 'address.city': 'Oslo' })).toEqual(['ann', 'cid']);
    expect(await names({ tags: 'b' })).toEqual(['ann', 'bob']);
    expect(await names({ tags: { $size: 0 } })).toEqual(['cid']);
    expect(await names({ $or: [{ age: 25 }, { name: 'eve' }] })).toEqual(['bob', 'eve']);
    expect(await names({ age: null })).toEqual(['dee', 'eve']);
    expect(await names({ age: { $exists: false } })).toEqual(['eve']);
    expect(await names({ name: { $in: ['bob', 'dee'] } })).toEqual(['bob', 'dee']);
    expect(await names({ name: { $regex: '^[ab]' } })).toEqual(['ann', 'bob']);
    expect(await names({ name: /E/i })).toEqual(['dee', 'eve']);
    expect(await names({ scores: { $elemMatch: { k: 'y', v: { $gt: 5 } } } })).toEqual(['ann']);
    expect(await names({ age: { $type: 'null' } })).toEqual(['dee']);
    expect(await names({ age: { $not: { $gt: 30 } } })).toEqual(['bob', 'dee', 'eve']);
  });

  it('sorts, skips and limits', async () => {
    const byAge = await people().find({}).sort({ age: -1, _id: 1 }).toArray();
    expect(byAge.map((d) => d.name)).toEqual(['cid', 'ann', 'bob', 'dee', 'eve']);
    const page = await people().find({}).sort({ name: 1 }).skip(1).limit(2).toArray();
    expect(page.map((d) => d.name)).toEqual(['bob', 'cid']);
    expect(await people().countDocuments({ age: { $gt: 0 } })).toBe(3);
  });

  it('projects with inclusion, exclusion, $slice and $elemMatch', async () => {
    const inc = await people().findOne({ _id: 1 }, { projection: { name: 1 } });
    expect(inc).toEqual({ _id: 1, name: 'ann' });
    const exc = await people().findOne({ _id: 2 }, { projection: { tags: 0, address: 0, scores: 0 } });
    expect(exc).toEqual({ _id: 2, name: 'bob', age: 25 });
    const sliced = await people().findOne({ _id: 1 }, { projection: { tags: { $slice: 1 }, name: 1 } });
    expect(sliced?.tags).toEqual(['a']);
    const em = await people().findOne({ _id: 1 }, { projection: { scores: { $elemMatch: { k: 'y' } } } });
    expect(em).toEqual({ _id: 1, scores: [{ k: 'y', v: 9 }] });
  });

  it("plain field projections keep document order and MongoDB's _id rules", async () => {
    const c = h.db.collection('ordered');
    await c.insertOne({ _id: 7, z: 1, a: 2, m: { x: 1 }, b: [3] } as never);
    expect(Object.keys((await c.findOne({}, { projection: { b: 1, z: 1 } }))!)).toEqual(['_id', 'z', 'b']);
    expect(await c.findOne({}, { projection: { b: true, _id: 0 } })).toEqual({ b: [3] });
    expect(await c.findOne({}, { projection: { _id: 1 } })).toEqual({ _id: 7 });
    expect(await c.findOne({}, { projection: { _id: 0 } })).toEqual({ z: 1, a: 2, m: { x: 1 }, b: [3] });
    expect(Object.keys((await c.findOne({}, { projection: { a: 0, missing: 0 } }))!)).toEqual(['_id', 'z', 'm', 'b']);
    expect(await c.findOne({}, { projection: { nothere: 1 } })).toEqual({ _id: 7 });
    await expect(c.findOne({}, { projection: { a: 1, b: 0 } })).rejects.toMatchObject({ code: 2 });
  });

  it('limit -n returns a single batch', async () => {
    const res = await h.db.command({ find: 'people', filter: {}, limit: -2 });
    expect(res.cursor.firstBatch).toHaveLength(2);
    expect(res.cursor.id.toString()).toBe('0');
  });

  it('returns an empty result for a missing collection', async () => {
    expect(await h.db.collection('nope').find({}).toArray()).toEqual([]);
  });

  it('round-trips BSON types exactly', async () => {
    const doc = {
      _id: new ObjectId(),
      i32: new Int32(7),
      dbl: new Double(7),
      dbl2: 2.5,
      long: Long.fromString('9007199254740993'),
      smallLong: Long.fromNumber(12),
      dec: Decimal128.fromString('1.10'),
      bin: new Binary(Buffer.from('hi')),
      date: new Date('2024-01-02T03:04:05Z'),
      ts: new Timestamp({ t: 5, i: 1 }),
      nested: { arr: [new Double(1), Long.fromNumber(2), 3] },
      nul: null,
      bool: true,
    };
    const c = h.db.collection('types');
    await c.insertOne(doc);
    const raw = await c.findOne({ _id: doc._id }, { promoteValues: false, promoteLongs: false });
    expect(raw?.i32).toBeInstanceOf(Int32);
    expect(raw?.dbl).toBeInstanceOf(Double);
    expect(raw?.long).toBeInstanceOf(Long);
    expect((raw?.long as Long).toString()).toBe('9007199254740993');
    expect(raw?.smallLong).toBeInstanceOf(Long);
    expect(raw?.dec).toBeInstanceOf(Decimal128);
    expect(raw?.nested.arr[0]).toBeInstanceOf(Double);
    expect(raw?.nested.arr[1]).toBeInstanceOf(Long);
    expect(raw?.nested.arr[2]).toBeInstanceOf(Int32);
    const promoted = await c.findOne({ _id: doc._id });
    expect(promoted?.date).toEqual(doc.date);
    expect(promoted?.ts).toEqual(doc.ts);
    // Numeric comparison across Int32 / Double / Int64.
    expect(await c.countDocuments({ smallLong: 12 })).toBe(1);
    expect(await c.countDocuments({ i32: { $gte: new Double(6.5) } })).toBe(1);
    expect(await c.countDocuments({ dbl: Long.fromNumber(7) })).toBe(1);
  });

  it('sorts across types in MongoDB order', async () => {
    const c = h.db.collection('mixed');
    const values = [
      new MaxKey(),
      /re/,
      new Timestamp({ t: 1, i: 1 }),
      new Date(0),
      true,
      new ObjectId(),
      new Binary(Buffer.from('x')),
      [1],
      { a: 1 },
      'str',
      5,
      null,
      new MinKey(),
    ];
    await c.insertMany(values.map((v, i) => ({ i, v })));
    const asc = await c.find({}).sort({ v: 1 }).toArray();
    // Arrays sort by their smallest element (1), which puts [1] among the numbers.
    expect(asc.map((d) => d.i)).toEqual([12, 11, 7, 10, 9, 8, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('compares ObjectIds and dates with $in / ranges', async () => {
    const c = h.db.collection('refs');
    const ids = [new ObjectId(), new ObjectId(), new ObjectId()];
    await c.insertMany(ids.map((id, n) => ({ ref: id, at: new Date(Date.UTC(2024, 0, n + 1)) })));
    expect(await c.countDocuments({ ref: { $in: [new ObjectId(ids[0].toHexString()), ids[2]] } })).toBe(2);
    expect(await c.countDocuments({ at: { $gt: new Date(Date.UTC(2024, 0, 1)) } })).toBe(2);
    const sorted = await c.find({}).sort({ ref: -1 }).toArray();
    expect(sorted.map((d) => d.ref.toHexString())).toEqual([...ids].reverse().map((i) => i.toHexString()));
  });
});
