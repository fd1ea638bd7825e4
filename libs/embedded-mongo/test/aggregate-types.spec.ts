// Aggregation output keeps numeric BSON types: Int64 and integral Doubles come back as what they
// were (MongoDB never narrows them), and computed values get MongoDB's result types.
import { Double, Int32, Long } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

const promote = { promoteLongs: false, promoteValues: false } as const;

function typeOf(v: unknown): string {
  return (v as { _bsontype?: string })?._bsontype ?? typeof v;
}

describe('aggregation keeps numeric types', () => {
  beforeAll(async () => {
    await h.db.collection('nums').insertMany([
      {
        _id: 1 as never,
        g: 'a',
        l: Long.fromNumber(5),
        d: new Double(2),
        i: 3,
        arr: [Long.fromNumber(7), new Double(8), 9],
        sub: { l: Long.fromNumber(11), d: new Double(12) },
      },
      { _id: 2 as never, g: 'a', l: Long.fromNumber(6), d: new Double(4), i: 4, arr: [], sub: { l: Long.fromNumber(13), d: new Double(14) } },
      { _id: 3 as never, g: 'b', l: Long.fromNumber(1), d: new Double(1), i: 2147483647, arr: [], sub: {} },
    ]);
  });
  const agg = (pipeline: object[]) => h.db.collection('nums').aggregate(pipeline, promote).toArray();

  it('passes stored Int64 / Double values through $sort, $project, $addFields, $set, $unset', async () => {
    const [doc] = await agg([
      { $sort: { _id: 1 } },
      { $limit: 1 },
      { $project: { l: 1, d: 1, i: 1, sub: 1 } },
      { $addFields: { x: 1 } },
      { $set: { y: '$l' } },
      { $unset: 'x' },
    ]);
    expect(typeOf(doc.l)).toBe('Long');
    expect(typeOf(doc.d)).toBe('Double');
    expect(typeOf(doc.i)).toBe('Int32');
    expect(typeOf(doc.y)).toBe('Long');
    expect(typeOf((doc.sub as { l: unknown }).l)).toBe('Long');
    expect(typeOf((doc.sub as { d: unknown }).d)).toBe('Double');
  });

  it('keeps types of $unwind elements and of $lookup results', async () => {
    const docs = await agg([{ $match: { _id: 1 } }, { $unwind: '$arr' }, { $project: { arr: 1 } }]);
    expect(docs.map((d) => typeOf(d.arr))).toEqual(['Long', 'Double', 'Int32']);
    const [joined] = await agg([
      { $match: { _id: 1 } },
      { $lookup: { from: 'nums', localField: 'g', foreignField: 'g', as: 'same' } },
      { $project: { same: 1 } },
    ]);
    expect((joined.same as { l: unknown; d: unknown }[]).map((x) => [typeOf(x.l), typeOf(x.d)])).toEqual([
      ['Long', 'Double'],
      ['Long', 'Double'],
    ]);
  });

  it('types computed values like MongoDB', async () => {
    const [doc] = await agg([
      { $match: { _id: 1 } },
      {
        $project: {
          longPlusInt: { $add: ['$l', '$i'] },
          intTimesDouble: { $multiply: ['$i', '$d'] },
          intPlusInt: { $add: ['$i', 1] },
          toLong: { $toLong: '$i' },
          toDouble: { $toDouble: '$i' },
          literalDouble: { $add: ['$i', new Double(1)] },
          div: { $divide: [4, 2] },
        },
      },
    ]);
    expect(typeOf(doc.longPlusInt)).toBe('Long');
    expect(typeOf(doc.intTimesDouble)).toBe('Double');
    expect(typeOf(doc.intPlusInt)).toBe('Int32');
    expect(typeOf(doc.toLong)).toBe('Long');
    expect(typeOf(doc.toDouble)).toBe('Double');
    expect(typeOf(doc.literalDouble)).toBe('Double');
    expect(typeOf(doc.div)).toBe('Double');
    const [big] = await agg([{ $match: { _id: 3 } }, { $project: { over: { $add: ['$i', 1] } } }]);
    expect(big.over).toEqual(Long.fromNumber(2147483648));
  });

  it('types $group keys and accumulators like MongoDB', async () => {
    const groups = await agg([
      {
        $group: {
          _id: '$g',
          sumL: { $sum: '$l' },
          sumD: { $sum: '$d' },
          sumI: { $sum: '$i' },
          n: { $sum: 1 },
          avg: { $avg: '$i' },
          first: { $first: '$l' },
          max: { $max: '$d' },
          all: { $push: '$l' },
        },
      },
      { $sort: { _id: 1 } },
    ]);
    const a = groups[0];
    expect(a._id).toBe('a');
    expect(a.sumL).toEqual(Long.fromNumber(11));
    expect(typeOf(a.sumD)).toBe('Double');
    expect(a.sumD).toEqual(new Double(6));
    expect(a.sumI).toEqual(new Int32(7));
    expect(typeOf(a.n)).toBe('Int32');
    expect(typeOf(a.avg)).toBe('Double');
    expect(typeOf(a.first)).toBe('Long');
    expect(typeOf(a.max)).toBe('Double');
    expect((a.all as unknown[]).map(typeOf)).toEqual(['Long', 'Long']);
    const byLong = await agg([{ $group: { _id: '$l' } }, { $sort: { _id: 1 } }]);
    expect(byLong.map((g) => typeOf(g._id))).toEqual(['Long', 'Long', 'Long']);
  });

  it('keeps types inside $facet and does not touch the stored documents', async () => {
    const [res] = await agg([{ $facet: { a: [{ $match: { g: 'a' } }, { $project: { l: 1 } }], b: [{ $set: { 'sub.l': 0 } }] } }]);
    expect((res.a as { l: unknown }[]).map((d) => typeOf(d.l))).toEqual(['Long', 'Long']);
    const stored = await h.db.collection('nums').findOne({ _id: 1 as never }, promote);
    expect(typeOf((stored!.sub as { l: unknown }).l)).toBe('Long');
    expect((stored!.sub as { l: Long }).l.toNumber()).toBe(11);
  });
});

describe('$group types per group', () => {
  it("types each group's $sum and $first from its own members", async () => {
    const c = h.db.collection('mixed');
    await c.insertMany([
      { g: 'longs', v: Long.fromNumber(2) },
      { g: 'longs', v: Long.fromNumber(3) },
      { g: 'ints', v: new Int32(4) },
      { g: 'ints', v: new Int32(5) },
      { g: 'doubles', v: new Double(1) },
    ]);
    const out = await c.aggregate([{ $group: { _id: '$g', s: { $sum: '$v' }, f: { $first: '$v' } } }, { $sort: { _id: 1 } }], promote).toArray();
    expect(out.map((d) => [d._id, typeOf(d.s), typeOf(d.f)])).toEqual([
      ['doubles', 'Double', 'Double'],
      ['ints', 'Int32', 'Int32'],
      ['longs', 'Long', 'Long'],
    ]);
  });
});

describe('$type expression', () => {
  it('names the stored numeric type of a field', async () => {
    const [doc] = await h.db
      .collection('nums')
      .aggregate([
        { $match: { _id: 1 } },
        { $project: { l: { $type: '$l' }, d: { $type: '$d' }, i: { $type: '$i' }, s: { $type: '$sub.l' }, m: { $type: '$nope' }, a: { $type: '$arr' } } },
      ])
      .toArray();
    expect(doc).toEqual({ _id: 1, l: 'long', d: 'double', i: 'int', s: 'long', m: 'missing', a: 'array' });
  });
});

describe('$lookup results are copies', () => {
  it('changing joined documents in later stages leaves the stored ones alone', async () => {
    const a = h.db.collection('lkA');
    const b = h.db.collection('lkB');
    await a.insertOne({ _id: 1 as never, k: 'x' });
    await b.insertOne({ _id: 1 as never, k: 'x', v: 1 });
    await a.aggregate([{ $lookup: { from: 'lkB', localField: 'k', foreignField: 'k', as: 'j' } }, { $unwind: '$j' }, { $set: { 'j.v': 99 } }]).toArray();
    await a.aggregate([{ $lookup: { from: 'lkB', pipeline: [{ $set: { v: 42 } }], as: 'j' } }]).toArray();
    await a.aggregate([{ $unionWith: 'lkB' }, { $set: { v: 7 } }]).toArray();
    expect(await b.findOne({ _id: 1 as never })).toEqual({ _id: 1, k: 'x', v: 1 });
  });

  it('keeps them through a plain projection, in find and in both $lookup paths', async () => {
    const typesOf = (d: Record<string, unknown>) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, typeOf(v)]));
    const found = await h.db.collection('nums').findOne({ _id: 1 as never }, { ...promote, projection: { l: 1, d: 1, i: 1 } });
    expect(typesOf(found!)).toEqual({ _id: 'Int32', l: 'Long', d: 'Double', i: 'Int32' });
    await h.db.collection('refs').insertOne({ _id: 'r' as never, n: 1 });
    for (const pipeline of [
      [{ $match: { g: 'a' } }, { $sort: { _id: 1 } }, { $project: { _id: 0, l: 1, d: 1 } }], // run as a find
      [{ $addFields: { k: 1 } }, { $project: { _id: 0, l: 1, d: 1 } }], // run by mingo
    ]) {
      const [joined] = await h.db
        .collection('refs')
        .aggregate([{ $lookup: { from: 'nums', localField: 'n', foreignField: '_id', pipeline, as: 'nums' } }], promote)
        .toArray();
      expect((joined.nums as Array<Record<string, unknown>>).map(typesOf)).toEqual([{ l: 'Long', d: 'Double' }]);
    }
  });
});
