// explain: the plan the planner really chose, in MongoDB's shape, for find, aggregate, count,
// distinct, update and delete; executionStats with the keys and documents examined.
import { Document } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

/** The stages of a plan tree from the top down (following inputStage). */
function chain(stage: Document): string[] {
  const out: string[] = [];
  for (let s: Document | undefined = stage; s; s = s.inputStage) out.push(s.stage);
  return out;
}

function find(stage: Document, name: string): Document {
  for (let s: Document | undefined = stage; s; s = s.inputStage) if (s.stage === name) return s;
  throw new Error(`no ${name} stage in ${JSON.stringify(stage)}`);
}

describe('explain', () => {
  const c = () => h.db.collection('ex');
  beforeAll(async () => {
    await c().insertMany(Array.from({ length: 100 }, (_, i) => ({ _id: i as never, a: i % 10, b: i, s: `x${i}` })));
    await c().createIndex({ a: 1 });
    await c().createIndex({ b: 1 });
  });

  it('find without a usable index is a COLLSCAN, with executionStats', async () => {
    const ex = await c().find({ s: 'x5' }).explain('executionStats');
    expect(ex.queryPlanner.namespace).toBe('test.ex');
    expect(ex.queryPlanner.winningPlan).toMatchObject({ stage: 'COLLSCAN', filter: { s: { $eq: 'x5' } }, direction: 'forward' });
    expect(ex.executionStats).toMatchObject({ executionSuccess: true, nReturned: 1, totalKeysExamined: 0, totalDocsExamined: 100 });
    expect(typeof ex.executionStats.executionTimeMillis).toBe('number');
    expect(ex.executionStats.executionStages).toMatchObject({ stage: 'COLLSCAN', nReturned: 1, docsExamined: 100 });
    expect(ex.queryPlanner.rejectedPlans).toEqual([]);
  });

  it('find on an indexed field is FETCH + IXSCAN with the index name and bounds', async () => {
    const ex = await c().find({ a: 3 }).explain('executionStats');
    expect(chain(ex.queryPlanner.winningPlan)).toEqual(['FETCH', 'IXSCAN']);
    expect(ex.queryPlanner.winningPlan.inputStage).toMatchObject({
      stage: 'IXSCAN',
      indexName: 'a_1',
      keyPattern: { a: 1 },
      direction: 'forward',
      indexBounds: { a: ['[3, 3]'] },
      isUnique: false,
    });
    expect(ex.executionStats).toMatchObject({ nReturned: 10, totalKeysExamined: 10, totalDocsExamined: 10 });
    const range = await c()
      .find({ b: { $gte: 90 } })
      .explain();
    expect(range.queryPlanner.winningPlan.inputStage).toMatchObject({ indexName: 'b_1', indexBounds: { b: ['[90, inf.0]'] } });
    const both = await c()
      .find({ b: { $gt: 10, $lt: 20 } })
      .explain();
    expect(both.queryPlanner.winningPlan.inputStage.indexBounds).toEqual({ b: ['(10, 20)'] });
    const inList = await c()
      .find({ a: { $in: [5, 1] } })
      .explain();
    expect(inList.queryPlanner.winningPlan.inputStage.indexBounds).toEqual({ a: ['[1, 1]', '[5, 5]'] });
  });

  it('a sort the index cannot give is a SORT stage; one it can give is a walk with LIMIT', async () => {
    const sorted = await c().find({ a: 3 }).sort({ s: 1 }).limit(2).explain('executionStats');
    expect(chain(sorted.queryPlanner.winningPlan)).toEqual(['SORT', 'FETCH', 'IXSCAN']);
    expect(sorted.queryPlanner.winningPlan).toMatchObject({ sortPattern: { s: 1 }, limitAmount: 2 });
    expect(sorted.executionStats.nReturned).toBe(2);
    const walk = await c().find({}).sort({ b: -1 }).limit(5).explain('executionStats');
    expect(chain(walk.queryPlanner.winningPlan)).toEqual(['LIMIT', 'FETCH', 'IXSCAN']);
    expect(find(walk.queryPlanner.winningPlan, 'IXSCAN')).toMatchObject({ indexName: 'b_1', direction: 'backward', indexBounds: { b: ['[MaxKey, MinKey]'] } });
    expect(walk.executionStats).toMatchObject({ nReturned: 5, totalKeysExamined: 5, totalDocsExamined: 5 });
    const skipped = await c()
      .find({ s: { $gt: 'x9' } })
      .skip(1)
      .explain();
    expect(chain(skipped.queryPlanner.winningPlan)).toEqual(['SKIP', 'COLLSCAN']);
    const projected = await c()
      .find({ a: 1 }, { projection: { b: 1 } })
      .explain();
    expect(chain(projected.queryPlanner.winningPlan)).toEqual(['PROJECTION_SIMPLE', 'FETCH', 'IXSCAN']);
  });

  it('an _id lookup is IDHACK; a hint forces the index', async () => {
    const byId = await c()
      .find({ _id: 5 as never })
      .explain();
    expect(byId.queryPlanner.winningPlan.stage).toBe('IDHACK');
    const hinted = await c().find({ s: 'x1' }).hint('a_1').explain('executionStats');
    expect(find(hinted.queryPlanner.winningPlan, 'IXSCAN')).toMatchObject({ indexName: 'a_1', indexBounds: { a: ['[MinKey, MaxKey]'] } });
    expect(hinted.executionStats.totalKeysExamined).toBe(100);
  });

  it('count: COUNT_SCAN from the index, COUNT over a scan otherwise', async () => {
    const ex = await h.db.command({ explain: { count: 'ex', query: { a: 3 } }, verbosity: 'executionStats' });
    expect(chain(ex.queryPlanner.winningPlan)).toEqual(['COUNT', 'COUNT_SCAN']);
    expect(ex.queryPlanner.winningPlan.inputStage).toMatchObject({ indexName: 'a_1', keyPattern: { a: 1 } });
    expect(ex.executionStats.totalDocsExamined).toBe(0);
    expect(ex.executionStats.executionStages).toMatchObject({ stage: 'COUNT', nCounted: 10 });
    const scanned = await h.db.command({ explain: { count: 'ex', query: { s: 'x1' } }, verbosity: 'queryPlanner' });
    expect(chain(scanned.queryPlanner.winningPlan)).toEqual(['COUNT', 'COLLSCAN']);
    expect(scanned.executionStats).toBeUndefined();
  });

  it('distinct and aggregate', async () => {
    const d = await h.db.command({ explain: { distinct: 'ex', key: 's', query: { a: 2 } }, verbosity: 'queryPlanner' });
    expect(chain(d.queryPlanner.winningPlan)).toEqual(['FETCH', 'IXSCAN']);
    const agg = await c()
      .aggregate([{ $match: { a: 4 } }, { $group: { _id: '$s', n: { $sum: 1 } } }])
      .explain('executionStats');
    const cursor = (agg.stages as Document[])[0].$cursor;
    expect(chain(cursor.queryPlanner.winningPlan)).toEqual(['FETCH', 'IXSCAN']);
    expect(cursor.executionStats.totalKeysExamined).toBe(10);
    expect((agg.stages as Document[])[1]).toMatchObject({ $group: { _id: '$s', n: { $sum: 1 } }, nReturned: 10 });
    const counted = await c()
      .aggregate([{ $match: { a: 4 } }, { $count: 'n' }])
      .explain('executionStats');
    const countCursor = (counted.stages as Document[])[0].$cursor;
    expect(countCursor.queryPlanner.winningPlan).toMatchObject({ stage: 'COUNT_SCAN', indexName: 'a_1' });
    expect(countCursor.executionStats.totalDocsExamined).toBe(0);
    const pushed = await c()
      .aggregate([{ $match: { b: { $lt: 3 } } }])
      .explain();
    expect(pushed.queryPlanner.winningPlan.inputStage).toMatchObject({ stage: 'IXSCAN', indexName: 'b_1' });
  });

  it('update and delete are planned and counted, not applied', async () => {
    const up = await h.db.command({ explain: { update: 'ex', updates: [{ q: { a: 7 }, u: { $set: { z: 1 } }, multi: true }] }, verbosity: 'executionStats' });
    expect(chain(up.queryPlanner.winningPlan)).toEqual(['UPDATE', 'FETCH', 'IXSCAN']);
    expect(up.executionStats.executionStages).toMatchObject({ stage: 'UPDATE', nMatched: 10, nWouldModify: 10 });
    expect(await c().countDocuments({ z: 1 })).toBe(0);
    const del = await h.db.command({ explain: { delete: 'ex', deletes: [{ q: { s: 'x3' }, limit: 1 }] }, verbosity: 'executionStats' });
    expect(chain(del.queryPlanner.winningPlan)).toEqual(['DELETE', 'LIMIT', 'COLLSCAN']);
    expect(del.executionStats.executionStages).toMatchObject({ stage: 'DELETE', nWouldDelete: 1 });
    expect(await c().countDocuments()).toBe(100);
  });

  it("the driver's explain option on updateOne, deleteMany, distinct and findOneAndUpdate", async () => {
    const up = (await c().updateOne({ a: 2 }, { $set: { w: 1 } }, { explain: 'executionStats' })) as unknown as Document;
    expect(chain(up.queryPlanner.winningPlan)).toEqual(['UPDATE', 'LIMIT', 'FETCH', 'IXSCAN']);
    expect(up.executionStats.executionStages).toMatchObject({ nMatched: 1, nWouldModify: 1 });
    const del = (await c().deleteMany({ b: { $lt: 5 } }, { explain: 'queryPlanner' })) as unknown as Document;
    expect(chain(del.queryPlanner.winningPlan)).toEqual(['DELETE', 'FETCH', 'IXSCAN']);
    const dist = (await c().distinct('a', { b: 4 }, { explain: 'queryPlanner' })) as unknown as Document;
    expect(find(dist.queryPlanner.winningPlan, 'IXSCAN')).toMatchObject({ indexName: 'b_1' });
    const fam = (await c().findOneAndUpdate(
      { s: 'x4' },
      { $set: { w: 2 } },
      { explain: 'executionStats', includeResultMetadata: true },
    )) as unknown as Document;
    expect(chain(fam.queryPlanner.winningPlan)).toEqual(['UPDATE', 'LIMIT', 'COLLSCAN']);
    expect(await c().countDocuments({ w: { $exists: true } })).toBe(0);
    expect(await c().countDocuments()).toBe(100);
  });

  it('rejects an unknown verbosity', async () => {
    await expect(h.db.command({ explain: { find: 'ex' }, verbosity: 'loud' })).rejects.toMatchObject({ code: 2 });
  });
});
