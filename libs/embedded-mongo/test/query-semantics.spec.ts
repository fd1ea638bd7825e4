// Query semantics where MongoDB's documented behaviour is easy to get wrong (issue 20 item 6).
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
