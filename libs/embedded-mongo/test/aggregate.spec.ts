// aggregate: the common pipeline stages, $lookup (all three forms, with and without an index on
// the foreign field) and cursor replies.
import { ClientSession, Decimal128, Long, ObjectId } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

describe('aggregate', () => {
  beforeAll(async () => {
    await h.db.collection('orders').insertMany([
      { _id: 1 as never, cust: 'a', items: ['x', 'y'], amount: 10, status: 'paid' },
      { _id: 2 as never, cust: 'b', items: ['x'], amount: 20, status: 'paid' },
      { _id: 3 as never, cust: 'a', items: [], amount: 5, status: 'open' },
    ]);
    await h.db.collection('customers').insertMany([
      { _id: 'a' as never, name: 'Ann' },
      { _id: 'b' as never, name: 'Bob' },
    ]);
  });
  const agg = (pipeline: object[]) => h.db.collection('orders').aggregate(pipeline).toArray();

  it('$match $group $sort', async () => {
    expect(await agg([{ $match: { status: 'paid' } }, { $group: { _id: '$cust', total: { $sum: '$amount' } } }, { $sort: { total: -1 } }])).toEqual([
      { _id: 'b', total: 20 },
      { _id: 'a', total: 10 },
    ]);
  });

  it('$project $addFields $set $unset', async () => {
    expect(
      await agg([
        { $match: { _id: 1 } },
        { $project: { amount: 1 } },
        { $addFields: { double: { $multiply: ['$amount', 2] } } },
        { $set: { k: 1 } },
        { $unset: 'k' },
      ]),
    ).toEqual([{ _id: 1, amount: 10, double: 20 }]);
  });

  it('$unwind $count $sortByCount $skip $limit', async () => {
    expect(await agg([{ $unwind: '$items' }, { $count: 'n' }])).toEqual([{ n: 3 }]);
    expect(await agg([{ $unwind: '$items' }, { $sortByCount: '$items' }])).toEqual([
      { _id: 'x', count: 2 },
      { _id: 'y', count: 1 },
    ]);
    expect((await agg([{ $sort: { amount: 1 } }, { $skip: 1 }, { $limit: 1 }])).map((d) => d._id)).toEqual([1]);
  });

  it('$lookup (localField/foreignField and pipeline forms) and $replaceRoot', async () => {
    const simple = await agg([
      { $match: { _id: 2 } },
      { $lookup: { from: 'customers', localField: 'cust', foreignField: '_id', as: 'c' } },
      { $replaceRoot: { newRoot: { $first: '$c' } } },
    ]);
    expect(simple).toEqual([{ _id: 'b', name: 'Bob' }]);
    const piped = await h.db
      .collection('customers')
      .aggregate([
        {
          $lookup: {
            from: 'orders',
            let: { id: '$_id' },
            pipeline: [{ $match: { $expr: { $eq: ['$cust', '$$id'] } } }, { $project: { _id: 0, amount: 1 } }],
            as: 'orders',
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(piped).toEqual([
      { _id: 'a', name: 'Ann', orders: [{ amount: 10 }, { amount: 5 }] },
      { _id: 'b', name: 'Bob', orders: [{ amount: 20 }] },
    ]);
  });

  describe('$lookup by localField / foreignField', () => {
    // Platform posts of post groups: the list page's join.
    beforeAll(async () => {
      await h.db.collection('groups').insertMany([
        { _id: 1 as never, u: 'x', at: 3 },
        { _id: 2 as never, u: 'x', at: 2 },
        { _id: 3 as never, u: 'x', at: 1 },
        { _id: 4 as never, u: 'x', at: 0, refs: [1, 2] },
        { _id: 5 as never, u: 'x', at: -1, refs: [] },
      ]);
      const posts = [
        { _id: 12, g: 1, u: 'x', s: 'b' },
        { _id: 11, g: 1, u: 'x', s: 'a' },
        { _id: 13, g: 1, u: 'y', s: 'other tenant' },
        { _id: 21, g: 2, u: 'x', s: 'c' },
        { _id: 30, u: 'x', s: 'no group' },
        { _id: 31, g: null, u: 'x', s: 'null group' },
      ];
      await h.db.collection('posts_indexed').insertMany(posts as never[]);
      await h.db.collection('posts_indexed').createIndex({ g: 1, u: 1 });
      await h.db.collection('posts_plain').insertMany(posts as never[]);
    });
    const groups = (pipeline: object[]) => h.db.collection('groups').aggregate(pipeline).toArray();

    it.each(['posts_indexed', 'posts_plain'])('the concise form joins on the fields, then runs its pipeline (%s)', async (from) => {
      const out = await groups([
        { $match: { u: 'x' } },
        { $sort: { at: -1 } },
        {
          $lookup: {
            from,
            localField: '_id',
            foreignField: 'g',
            pipeline: [{ $match: { u: 'x' } }, { $sort: { _id: 1 } }, { $project: { _id: 0, s: 1 } }],
            as: 'platforms',
          },
        },
        { $project: { platforms: 1 } },
      ]);
      expect(out).toEqual([
        { _id: 1, platforms: [{ s: 'a' }, { s: 'b' }] },
        { _id: 2, platforms: [{ s: 'c' }] },
        { _id: 3, platforms: [] },
        { _id: 4, platforms: [] },
        { _id: 5, platforms: [] },
      ]);
    });

    it.each(['posts_indexed', 'posts_plain'])('a missing local value matches null or missing; an array matches its elements (%s)', async (from) => {
      const out = await groups([
        { $match: { _id: { $in: [3, 4] } } },
        { $sort: { _id: 1 } },
        { $lookup: { from, localField: 'refs', foreignField: 'g', pipeline: [{ $sort: { _id: 1 } }, { $project: { _id: 1 } }], as: 'hits' } },
        { $project: { hits: 1 } },
      ]);
      expect(out).toEqual([
        { _id: 3, hits: [{ _id: 30 }, { _id: 31 }] },
        { _id: 4, hits: [{ _id: 11 }, { _id: 12 }, { _id: 13 }, { _id: 21 }] },
      ]);
    });

    it('the plain form reads matches through an index as mingo joins them without one', async () => {
      const pipeline = (from: string) => [
        { $sort: { _id: 1 } },
        { $lookup: { from, localField: '_id', foreignField: 'g', as: 'posts' } },
        { $project: { ids: '$posts._id' } },
      ];
      const viaIndex = await groups(pipeline('posts_indexed'));
      const sorted = (rows: Array<Record<string, unknown>>) => rows.map((r) => ({ ...r, ids: [...(r.ids as number[])].sort((a, b) => a - b) }));
      expect(sorted(viaIndex)).toEqual(sorted(await groups(pipeline('posts_plain'))));
      expect(sorted(viaIndex)[0]).toEqual({ _id: 1, ids: [11, 12, 13] });
    });

    it('matches under the pipeline’s collation (concise form)', async () => {
      await h.db.collection('tags').insertMany([{ _id: 'x' as never }, { _id: 'Y' as never }]);
      await h.db.collection('tagged').insertMany([
        { _id: 1 as never, tag: 'X' },
        { _id: 2 as never, tag: 'y' },
      ]);
      const out = await h.db
        .collection('tags')
        .aggregate(
          [{ $sort: { _id: 1 } }, { $lookup: { from: 'tagged', localField: '_id', foreignField: 'tag', pipeline: [{ $project: { _id: 1 } }], as: 'hits' } }],
          { collation: { locale: 'en', strength: 2 } },
        )
        .toArray();
      expect(out).toEqual([
        { _id: 'x', hits: [{ _id: 1 }] },
        { _id: 'Y', hits: [{ _id: 2 }] },
      ]);
    });

    it('joins a page of plain local values through one scan: each gets what a scan of its own returns', async () => {
      // With an index on the foreign field, distinct scalar locals share one `$in` scan whose hits
      // are dealt out by value; without one (posts_plain), each document is scanned on its own.
      const oid = new ObjectId();
      const day = new Date('2026-01-02T00:00:00Z');
      await h.db.collection('locals').insertMany([
        { _id: 1 as never, v: oid },
        { _id: 2 as never, v: new Date(day) },
        { _id: 3 as never, v: 2 },
        { _id: 4 as never, v: 'two' },
        { _id: 5 as never, v: oid }, // the same value twice: both get the matches
        { _id: 6 as never }, // missing: matches null and missing foreign values (its own scan)
        { _id: 7 as never, v: ['two', 2] }, // an array: its own scan, through its elements
        { _id: 8 as never, v: Long.fromNumber(2) }, // not a plain scalar here: its own scan
        { _id: 9 as never, v: 'none' },
      ]);
      const foreign = [
        { _id: 101, k: oid, t: 'x', n: 3 },
        { _id: 102, k: new Date(day), t: 'x', n: 1 },
        { _id: 103, k: 2.0, t: 'x', n: 2 },
        { _id: 104, k: Decimal128.fromString('2'), t: 'x', n: 0 },
        { _id: 105, k: ['two', oid, 'two'], t: 'x', n: 5 }, // two locals at once, one of them twice
        { _id: 106, k: 'two', t: 'y', n: 4 }, // filtered out by the pipeline's $match
        { _id: 107, t: 'x', n: 6 },
        { _id: 108, k: null, t: 'x', n: 7 },
        { _id: 109, k: 'TWO', t: 'x', n: 8 },
      ];
      await h.db.collection('foreign_indexed').insertMany(foreign as never[]);
      await h.db.collection('foreign_indexed').createIndex({ k: 1 });
      await h.db.collection('foreign_plain').insertMany(foreign as never[]);
      const join = (from: string, session?: ClientSession) =>
        h.db
          .collection('locals')
          .aggregate(
            [
              { $sort: { _id: 1 } },
              {
                $lookup: {
                  from,
                  localField: 'v',
                  foreignField: 'k',
                  pipeline: [{ $match: { t: 'x' } }, { $sort: { n: -1 } }, { $project: { _id: 1 } }],
                  as: 'm',
                },
              },
              { $project: { ids: '$m._id' } },
            ],
            { session },
          )
          .toArray();
      const expected = [
        { _id: 1, ids: [105, 101] },
        { _id: 2, ids: [102] },
        { _id: 3, ids: [103, 104] },
        { _id: 4, ids: [105] },
        { _id: 5, ids: [105, 101] },
        { _id: 6, ids: [108, 107] },
        { _id: 7, ids: [105, 103, 104] },
        { _id: 8, ids: [103, 104] },
        { _id: 9, ids: [] },
      ];
      expect(await join('foreign_plain')).toEqual(expected);
      expect(await join('foreign_indexed')).toEqual(expected);
      // Inside a transaction the shared scan sees its own writes, as each scan of its own does.
      const s = h.client.startSession();
      try {
        s.startTransaction();
        await h.db.collection('foreign_indexed').insertOne({ _id: 110 as never, k: 'two', t: 'x', n: 9 }, { session: s });
        await h.db.collection('foreign_indexed').deleteOne({ _id: 101 as never }, { session: s });
        const inside = await join('foreign_indexed', s);
        expect(inside.map((r) => r.ids)).toEqual([[105], [102], [103, 104], [110, 105], [105], [108, 107], [110, 105, 103, 104], [103, 104], []]);
        await s.abortTransaction();
      } finally {
        await s.endSession();
      }
      expect(await join('foreign_indexed')).toEqual(expected);
    });

    it('shares the scan 256 values at a time: 600 local values, a foreign array across two of the scans', async () => {
      await h.db.collection('many_locals').insertMany(Array.from({ length: 600 }, (_, i) => ({ _id: i as never, v: `v${i}` })));
      const foreign = [...Array.from({ length: 600 }, (_, i) => ({ _id: 1000 + i, k: `v${i}` })), { _id: 5000, k: ['v5', 'v400', 'v599'] }];
      for (const name of ['many_indexed', 'many_plain']) await h.db.collection(name).insertMany(foreign as never[]);
      await h.db.collection('many_indexed').createIndex({ k: 1 });
      const join = (from: string) =>
        h.db
          .collection('many_locals')
          .aggregate([
            { $sort: { _id: 1 } },
            { $lookup: { from, localField: 'v', foreignField: 'k', pipeline: [{ $sort: { _id: 1 } }, { $project: { _id: 1 } }], as: 'm' } },
            { $project: { ids: '$m._id' } },
          ])
          .toArray();
      const indexed = await join('many_indexed');
      expect(indexed).toEqual(await join('many_plain'));
      expect(indexed).toHaveLength(600);
      expect(indexed[5]).toEqual({ _id: 5, ids: [1005, 5000] });
      expect(indexed[400]).toEqual({ _id: 400, ids: [1400, 5000] });
      expect(indexed[599]).toEqual({ _id: 599, ids: [1599, 5000] });
      expect(indexed[300]).toEqual({ _id: 300, ids: [1300] });
    });

    it('$match, $sort, $skip, $limit: one page, as find would return it', async () => {
      const page = await groups([{ $match: { u: 'x' } }, { $sort: { at: 1 } }, { $skip: 1 }, { $limit: 2 }, { $project: { _id: 1 } }]);
      expect(page).toEqual([{ _id: 4 }, { _id: 3 }]);
      expect(await groups([{ $match: { u: 'x' } }, { $sort: { at: 1 } }, { $skip: 4 }])).toEqual([{ _id: 1, u: 'x', at: 3 }]);
      expect(await groups([{ $match: { _id: { $gte: 4 } } }, { $limit: 1 }, { $project: { _id: 1 } }])).toHaveLength(1);
      // `$limit: 0` is no find's limit: mingo's answer, nothing (MongoDB refuses it); the
      // pushdown once read it as "no limit" and returned every document.
      expect(await groups([{ $match: { u: 'x' } }, { $sort: { at: 1 } }, { $limit: 0 }])).toEqual([]);
    });
  });

  it('$facet and $replaceWith', async () => {
    const [res] = await agg([{ $facet: { paid: [{ $match: { status: 'paid' } }, { $count: 'n' }], open: [{ $match: { status: 'open' } }, { $count: 'n' }] } }]);
    expect(res).toEqual({ paid: [{ n: 2 }], open: [{ n: 1 }] });
    expect(await agg([{ $match: { _id: 3 } }, { $replaceWith: { c: '$cust' } }])).toEqual([{ c: 'a' }]);
  });

  it('countDocuments / estimatedDocumentCount / distinct', async () => {
    const orders = h.db.collection('orders');
    expect(await orders.countDocuments({ status: 'paid' })).toBe(2);
    expect(await orders.estimatedDocumentCount()).toBe(3);
    expect(await orders.distinct('items')).toEqual(['x', 'y']);
    expect(await orders.distinct('cust', { amount: { $gt: 5 } })).toEqual(['a', 'b']);
  });

  it('an empty $project passes documents through (mingo’s answer; MongoDB refuses it), in a $lookup pipeline too', async () => {
    const order = { _id: 1, cust: 'a', items: ['x', 'y'], amount: 10, status: 'paid' };
    expect(await agg([{ $match: { _id: 1 } }, { $project: {} }])).toEqual([order]);
    const joined = await agg([
      { $match: { _id: 1 } },
      { $lookup: { from: 'customers', localField: 'cust', foreignField: '_id', pipeline: [{ $project: {} }], as: 'c' } },
    ]);
    expect(joined).toEqual([{ ...order, c: [{ _id: 'a', name: 'Ann' }] }]);
  });

  it('returns a cursor reply and errors on unknown stages', async () => {
    const raw = await h.db.command({ aggregate: 'orders', pipeline: [], cursor: { batchSize: 2 } });
    expect(raw.cursor.firstBatch).toHaveLength(2);
    expect(raw.cursor.ns).toBe('test.orders');
    await expect(h.db.command({ aggregate: 'orders', pipeline: [{ $bogus: {} }], cursor: {} })).rejects.toMatchObject({ code: 40324 });
  });
});
