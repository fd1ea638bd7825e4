// findAndModify: update / replace / remove, new, sort, upsert, projection, arrayFilters.
import { useServer } from './harness';

const h = useServer();

describe('findAndModify', () => {
  beforeAll(async () => {
    await h.db.collection('jobs').insertMany([
      { name: 'a', prio: 1, state: 'queued', steps: [{ s: 1 }, { s: 2 }] },
      { name: 'b', prio: 3, state: 'queued' },
      { name: 'c', prio: 2, state: 'queued' },
    ]);
  });
  const jobs = () => h.db.collection('jobs');

  it('claims the highest-priority job atomically and returns the new version', async () => {
    const claimed = await jobs().findOneAndUpdate({ state: 'queued' }, { $set: { state: 'running' } }, { sort: { prio: -1 }, returnDocument: 'after' });
    expect(claimed).toMatchObject({ name: 'b', state: 'running' });
  });

  it('returns the old version by default, with a projection', async () => {
    const before = await jobs().findOneAndUpdate({ name: 'c' }, { $inc: { prio: 10 } }, { projection: { _id: 0, prio: 1 } });
    expect(before).toEqual({ prio: 2 });
  });

  it('replaces and removes', async () => {
    const replaced = await jobs().findOneAndReplace({ name: 'c' }, { name: 'c', state: 'done' }, { returnDocument: 'after', projection: { _id: 0 } });
    expect(replaced).toEqual({ name: 'c', state: 'done' });
    const removed = await jobs().findOneAndDelete({ name: 'c' });
    expect(removed?.state).toBe('done');
    expect(await jobs().countDocuments({ name: 'c' })).toBe(0);
  });

  it('upserts and reports lastErrorObject', async () => {
    const raw = await h.db.command({ findAndModify: 'jobs', query: { name: 'z' }, update: { $set: { prio: 0 } }, upsert: true, new: true });
    expect(raw.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    expect(raw.lastErrorObject.upserted).toBeDefined();
    expect(raw.value).toMatchObject({ name: 'z', prio: 0 });
    const miss = await h.db.command({ findAndModify: 'jobs', query: { name: 'nope' }, update: { $set: { x: 1 } } });
    expect(miss.lastErrorObject).toEqual({ n: 0, updatedExisting: false });
    expect(miss.value).toBeNull();
  });

  it('supports arrayFilters and pipeline updates', async () => {
    const doc = await jobs().findOneAndUpdate({ name: 'a' }, { $set: { 'steps.$[x].done': true } }, { arrayFilters: [{ 'x.s': 2 }], returnDocument: 'after' });
    expect(doc?.steps).toEqual([{ s: 1 }, { s: 2, done: true }]);
    const piped = await jobs().findOneAndUpdate({ name: 'a' }, [{ $set: { prio2: { $multiply: ['$prio', 2] } } }], { returnDocument: 'after' });
    expect(piped?.prio2).toBe(2);
  });

  it('rejects remove with update', async () => {
    await expect(h.db.command({ findAndModify: 'jobs', query: {}, remove: true, update: { $set: { a: 1 } } })).rejects.toMatchObject({ code: 9 });
  });
});
