// delete: deleteOne (limit 1), deleteMany (limit 0), filters, missing collections.
import { useServer } from './harness';

const h = useServer();

describe('delete', () => {
  beforeEach(async () => {
    await h.db.collection('d').deleteMany({});
    await h.db.collection('d').insertMany([{ k: 1 }, { k: 1 }, { k: 2 }, { k: 3 }]);
  });

  it('deleteOne removes a single match', async () => {
    expect((await h.db.collection('d').deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect(await h.db.collection('d').countDocuments({ k: 1 })).toBe(1);
  });

  it('deleteMany removes all matches', async () => {
    expect((await h.db.collection('d').deleteMany({ k: { $lte: 2 } })).deletedCount).toBe(3);
    expect(await h.db.collection('d').countDocuments()).toBe(1);
  });

  it('reports 0 for no match and for a missing collection', async () => {
    expect((await h.db.collection('d').deleteMany({ k: 99 })).deletedCount).toBe(0);
    expect((await h.db.collection('missing').deleteOne({})).deletedCount).toBe(0);
  });

  it('rejects a limit other than 0 or 1', async () => {
    const err = await h.db.command({ delete: 'd', deletes: [{ q: {}, limit: 5 }] }).then((r) => r.writeErrors?.[0]);
    expect(err).toMatchObject({ index: 0, code: 9 });
  });
});
