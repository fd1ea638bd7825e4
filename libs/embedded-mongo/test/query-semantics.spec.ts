// Query semantics where MongoDB's documented behaviour is easy to get wrong.
import { useServer } from './harness';

const h = useServer();

describe('$all', () => {
  beforeAll(async () => {
    await h.db.collection('all').insertMany([
      { _id: 1 as never, tags: 'red' },
      { _id: 2 as never, tags: ['red', 'blue'] },
      { _id: 3 as never, tags: ['blue'] },
      { _id: 4 as never, tags: [['red', 'blue']] },
    ]);
  });

  async function ids(filter: object): Promise<unknown[]> {
    return (await h.db.collection('all').find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
  }

  it('matches a scalar field equal to its single value (it is an $and of equalities)', async () => {
    expect(await ids({ tags: { $all: ['red'] } })).toEqual([1, 2]);
    expect(await ids({ tags: { $all: ['red', 'blue'] } })).toEqual([2]);
    expect(await ids({ $or: [{ tags: { $all: ['blue'] } }, { _id: 1 }] })).toEqual([1, 2, 3]);
    expect(await ids({ tags: { $all: ['red'], $size: 2 } })).toEqual([2]);
    expect(await ids({ $and: [{ _id: { $gte: 2 } }], tags: { $all: ['red'] } })).toEqual([2]);
  });

  it('keeps array values, regexes, and an empty $all as MongoDB does', async () => {
    expect(await ids({ tags: { $all: [['red', 'blue']] } })).toEqual([2, 4]);
    expect(await ids({ _id: { $lte: 3 }, tags: { $all: [/^r/] } })).toEqual([1, 2]);
    expect(await ids({ tags: { $all: [] } })).toEqual([]);
  });
});

describe('queries and projections', () => {
  const coll = () => h.db.collection('qs');
  beforeAll(async () => {
    const { ObjectId, DBRef, Binary, Long, Double, Int32, Decimal128, UUID } = await import('mongodb');
    const u1 = new ObjectId('64b000000000000000000001');
    const u2 = new ObjectId('64b000000000000000000002');
    await coll().insertMany([
      {
        _id: 1 as never,
        scores: [70, 82, 95],
        refs: [new DBRef('users', u1)],
        t: 1,
        bits: new Binary(Buffer.from([0b00000101, 0b10000000])),
        n: 5,
        dec: Decimal128.fromString('1.5'),
        items: [
          { a: 1, b: 1 },
          { a: 2, b: 2 },
          { a: 3, b: 3 },
        ],
        arr: [1, 2, 3, 4],
        name: 'one',
        other: 'x',
      },
      {
        _id: 2 as never,
        scores: [50, 60],
        refs: [new DBRef('users', u2)],
        t: Long.fromNumber(1),
        bits: new UUID('00000000-0000-0000-0000-000000000001'),
        n: 2,
        dec: new Double(2),
        items: [],
        arr: [5],
        name: 'two',
        other: 'y',
      },
      { _id: 3 as never, scores: 85, t: new Double(1), n: -1, dec: Decimal128.fromString('2.50'), name: 'three' },
      { _id: 4 as never, t: new Int32(2), dec: 3, oid: u1, date: new Date(0), s: 'str', re: /x/, b: true, nul: null, obj: {}, arrs: [[1]] },
      { _id: 5 as never, t: Decimal128.fromString('1'), bin: new Binary(Buffer.from([1, 2]), 0) },
      { _id: 6 as never, bin: new Binary(Buffer.from([1]), 5) },
      { _id: 7 as never, bin: new Binary(Buffer.from([1, 1]), 1) },
      { _id: 8 as never, bin: new Binary(Buffer.from([0, 9]), 0) },
    ]);
  });
  async function ids(filter: object): Promise<unknown[]> {
    return (await coll().find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
  }

  it('$elemMatch with operator-only conditions on scalar arrays', async () => {
    expect(await ids({ scores: { $elemMatch: { $gte: 80, $lt: 85 } } })).toEqual([1]);
    expect(await ids({ scores: { $elemMatch: { $in: [50, 95] } } })).toEqual([1, 2]);
    expect(await ids({ scores: { $elemMatch: { $gte: 80 } } })).toEqual([1]); // 85 is a scalar, not an array
  });

  it('$elemMatch in a projection with operator-only conditions', async () => {
    const docs = await coll()
      .find({ _id: { $in: [1, 2] } as never }, { projection: { scores: { $elemMatch: { $gte: 80 } } } })
      .sort({ _id: 1 })
      .toArray();
    expect(docs).toEqual([{ _id: 1, scores: [82] }, { _id: 2 }]);
  });

  it('$elemMatch on DBRef $id fields', async () => {
    const { ObjectId } = await import('mongodb');
    const u1 = new ObjectId('64b000000000000000000001');
    expect(await ids({ refs: { $elemMatch: { $id: u1 } } })).toEqual([1]);
    expect(await ids({ refs: { $elemMatch: { $ref: 'users', $id: u1 } } })).toEqual([1]);
    expect(await ids({ 'refs.$id': u1 })).toEqual([1]);
    const { DBRef } = await import('mongodb');
    const back = await coll().findOne({ _id: 1 as never });
    expect(back!.refs[0]).toBeInstanceOf(DBRef);
    expect((back!.refs[0] as InstanceType<typeof DBRef>).oid.equals(u1)).toBe(true);
  });

  it('$type by alias and number keeps numeric types apart', async () => {
    expect(await ids({ t: { $type: 'int' } })).toEqual([1, 4]);
    expect(await ids({ t: { $type: 16 } })).toEqual([1, 4]);
    expect(await ids({ t: { $type: 'long' } })).toEqual([2]);
    expect(await ids({ t: { $type: 18 } })).toEqual([2]);
    expect(await ids({ t: { $type: 'double' } })).toEqual([3]);
    expect(await ids({ t: { $type: 1 } })).toEqual([3]);
    expect(await ids({ t: { $type: 'decimal' } })).toEqual([5]);
    expect(await ids({ t: { $type: 19 } })).toEqual([5]);
    expect(await ids({ t: { $type: 'number' } })).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ t: { $type: ['long', 'double'] } })).toEqual([2, 3]);
    expect(await ids({ oid: { $type: 'objectId' } })).toEqual([4]);
    expect(await ids({ oid: { $type: 7 } })).toEqual([4]);
    expect(await ids({ bits: { $type: 'binData' } })).toEqual([1, 2]);
    expect(await ids({ bits: { $type: 5 } })).toEqual([1, 2]);
    expect(await ids({ date: { $type: 'date' } })).toEqual([4]);
    expect(await ids({ s: { $type: 'string' } })).toEqual([4]);
    expect(await ids({ re: { $type: 'regex' } })).toEqual([4]);
    expect(await ids({ b: { $type: 'bool' } })).toEqual([4]);
    expect(await ids({ nul: { $type: 'null' } })).toEqual([4]);
    expect(await ids({ obj: { $type: 'object' } })).toEqual([4]);
    expect(await ids({ arrs: { $type: 'array' } })).toEqual([4]);
    expect(await ids({ scores: { $type: 'array' } })).toEqual([1, 2]);
    expect(await ids({ scores: { $type: 'int' } })).toEqual([1, 2, 3]); // an element of the type matches
    await expect(
      coll()
        .find({ t: { $type: 'nope' } })
        .toArray(),
    ).rejects.toMatchObject({ code: 2 });
  });

  it('$bitsAllSet and friends on Binary and UUID', async () => {
    expect(await ids({ bits: { $bitsAllSet: [0, 2] } })).toEqual([1]);
    expect(await ids({ bits: { $bitsAllSet: [15] } })).toEqual([1]);
    expect(await ids({ bits: { $bitsAnySet: [1, 15] } })).toEqual([1]);
    expect(await ids({ bits: { $bitsAllClear: [1, 3] } })).toEqual([1, 2]);
    expect(await ids({ bits: { $bitsAnyClear: [0] } })).toEqual([2]);
    // UUID 00..01: last byte (index 15) is 1, i.e. bit 120.
    expect(await ids({ bits: { $bitsAllSet: [120] } })).toEqual([2]);
    expect(await ids({ n: { $bitsAllSet: 5 } })).toEqual([1, 3]); // -1 has every bit set
    expect(await ids({ n: { $bitsAllSet: [63] } })).toEqual([3]);
  });

  it('$slice projections alone, beside exclusions and beside inclusions', async () => {
    const alone = await coll().findOne({ _id: 1 as never }, { projection: { arr: { $slice: 2 } } });
    expect(alone).toMatchObject({ _id: 1, arr: [1, 2], name: 'one', other: 'x', n: 5 });
    const excl = await coll().findOne({ _id: 1 as never }, { projection: { arr: { $slice: -1 }, other: 0 } });
    expect(excl).toMatchObject({ _id: 1, arr: [4], name: 'one' });
    expect(excl).not.toHaveProperty('other');
    const incl = await coll().findOne({ _id: 1 as never }, { projection: { arr: { $slice: [1, 2] }, name: 1 } });
    expect(incl).toEqual({ _id: 1, arr: [2, 3], name: 'one' });
  });

  it('$pull with $or / $and conditions on subdocuments', async () => {
    await coll().updateOne({ _id: 1 as never }, { $pull: { items: { $or: [{ a: 1 }, { b: 3 }] } } as never });
    expect((await coll().findOne({ _id: 1 as never }))!.items).toEqual([{ a: 2, b: 2 }]);
    await coll().updateOne({ _id: 1 as never }, { $pull: { items: { $and: [{ a: 2 }, { b: { $gte: 2 } }] } } as never });
    expect((await coll().findOne({ _id: 1 as never }))!.items).toEqual([]);
  });

  it('compares Decimal128 numerically', async () => {
    const { Decimal128 } = await import('mongodb');
    expect(await ids({ dec: { $gt: 1.6 } })).toEqual([2, 3, 4]);
    expect(await ids({ dec: { $gte: Decimal128.fromString('2') } })).toEqual([2, 3, 4]);
    expect(await ids({ dec: { $lt: Decimal128.fromString('2.5') } })).toEqual([1, 2]);
    expect(await ids({ dec: Decimal128.fromString('2') })).toEqual([2]);
    expect(await ids({ dec: 2.5 })).toEqual([3]);
    expect(await ids({ dec: { $in: [Decimal128.fromString('3'), 1.5] } })).toEqual([1, 4]);
    expect(await ids({ t: 1 })).toEqual([1, 2, 3, 5]);
    const sorted = await coll()
      .find({ dec: { $exists: true } })
      .sort({ dec: -1 })
      .toArray();
    expect(sorted.map((d) => d._id)).toEqual([4, 3, 2, 1]);
  });

  it('orders BinData by length, then subtype, then bytes', async () => {
    const { Binary } = await import('mongodb');
    const sorted = await coll()
      .find({ bin: { $exists: true } })
      .sort({ bin: 1 })
      .toArray();
    expect(sorted.map((d) => d._id)).toEqual([6, 8, 5, 7]);
    expect(await ids({ bin: { $gt: new Binary(Buffer.from([0, 9]), 0) } })).toEqual([5, 7]);
    expect(await ids({ bin: { $lt: new Binary(Buffer.from([0, 0]), 0) } })).toEqual([6]);
    expect(await ids({ bin: new Binary(Buffer.from([1, 1]), 0) })).toEqual([]);
    expect(await ids({ bin: new Binary(Buffer.from([1, 1]), 1) })).toEqual([7]);
  });
});

describe('projection keeps numeric types', () => {
  it('returns Int64 / Double fields of a dotted or $elemMatch projection as they were stored', async () => {
    const { Long, Double } = await import('mongodb');
    const c = h.db.collection('ptypes');
    await c.insertOne({ _id: 1 as never, a: { l: Long.fromNumber(3), d: new Double(4) }, l: Long.fromNumber(5), xs: [{ k: 1 }] });
    const doc = await c.findOne(
      { _id: 1 as never },
      { projection: { 'a.l': 1, 'a.d': 1, l: 1, xs: { $elemMatch: { k: 1 } } }, promoteLongs: false, promoteValues: false },
    );
    expect((doc!.a as { l: { _bsontype: string } }).l._bsontype).toBe('Long');
    expect((doc!.a as { d: { _bsontype: string } }).d._bsontype).toBe('Double');
    expect((doc!.l as { _bsontype: string })._bsontype).toBe('Long');
  });
});

describe('aggregation $sort order', () => {
  it('sorts Decimal128 numerically, BinData by length then subtype, arrays by their extreme element', async () => {
    const { Decimal128, Binary } = await import('mongodb');
    const c = h.db.collection('aggsort');
    await c.insertMany([
      { _id: 1 as never, d: Decimal128.fromString('10.5'), b: new Binary(Buffer.from([9, 9]), 0), a: [5, 1] },
      { _id: 2 as never, d: 2, b: new Binary(Buffer.from([1]), 4), a: [3] },
      { _id: 3 as never, d: Decimal128.fromString('-1'), b: new Binary(Buffer.from([0, 0]), 2), a: [2, 9] },
    ]);
    const order = async (sort: object) => (await c.aggregate([{ $project: { d: 1, b: 1, a: 1 } }, { $sort: sort }]).toArray()).map((x) => x._id);
    expect(await order({ d: 1 })).toEqual([3, 2, 1]);
    expect(await order({ b: 1 })).toEqual([2, 1, 3]);
    expect(await order({ a: 1 })).toEqual([1, 3, 2]);
    expect(await order({ a: -1 })).toEqual([3, 1, 2]);
  });
});

describe('comparisons through arrays of subdocuments', () => {
  it('matches a dotted path whose leaves are arrays, by element, with the overridden operators', async () => {
    const { Decimal128 } = await import('mongodb');
    const c = h.db.collection('deep');
    await c.insertMany([
      { _id: 1 as never, a: [{ b: [1, 2] }, { b: [3] }], n: [[1]] },
      { _id: 2 as never, a: [{ b: Decimal128.fromString('7') }], n: [1] },
    ]);
    const ids = async (f: object) => (await c.find(f).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ 'a.b': 3 })).toEqual([1]);
    expect(await ids({ 'a.b': { $gt: 2.5 } })).toEqual([1, 2]);
    expect(await ids({ 'a.b': { $in: [7] } })).toEqual([2]);
    expect(await ids({ n: 1 })).toEqual([2]); // [[1]] holds an array, not 1
    expect(await ids({ 'a.0.b': 2 })).toEqual([1]);
  });
});

describe('update operators use the same comparisons', () => {
  it('$pull compares Decimal128 numerically and positional $ finds by BinData', async () => {
    const { Decimal128, Binary } = await import('mongodb');
    const c = h.db.collection('upd');
    await c.insertOne({
      _id: 1 as never,
      vals: [1, 2.5, Decimal128.fromString('3')],
      items: [
        { b: new Binary(Buffer.from([1]), 0), n: 0 },
        { b: new Binary(Buffer.from([1]), 5), n: 0 },
      ],
    });
    await c.updateOne({ _id: 1 as never }, { $pull: { vals: { $gte: Decimal128.fromString('2') } } as never });
    await c.updateOne({ _id: 1 as never, 'items.b': new Binary(Buffer.from([1]), 5) }, { $set: { 'items.$.n': 1 } });
    const doc = await c.findOne({ _id: 1 as never });
    expect(doc!.vals).toEqual([1]);
    expect((doc!.items as Array<{ n: number }>).map((x) => x.n)).toEqual([0, 1]);
  });
});
