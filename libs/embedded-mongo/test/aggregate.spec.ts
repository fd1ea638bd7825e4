// aggregate: the common pipeline stages, $lookup (both forms) and cursor replies.
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

  it('returns a cursor reply and errors on unknown stages', async () => {
    const raw = await h.db.command({ aggregate: 'orders', pipeline: [], cursor: { batchSize: 2 } });
    expect(raw.cursor.firstBatch).toHaveLength(2);
    expect(raw.cursor.ns).toBe('test.orders');
    await expect(h.db.command({ aggregate: 'orders', pipeline: [{ $bogus: {} }], cursor: {} })).rejects.toMatchObject({ code: 40324 });
  });
});
