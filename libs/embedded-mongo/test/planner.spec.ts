// The query planner on an in-memory collection: every plan must give exactly what a full scan
// plus sort gives, and the plan chosen must read few documents where an index allows it.
import { ObjectId } from 'bson';
import { Query } from 'mingo';
import { mongoQuery } from '../src/query/operators';
import { compileFilter, countFromIndex, distinctFromIndex, scan } from '../src/query/planner';
import { Collection } from '../src/storage/collection';
import { compareValues, Doc, keyString, sortComparator } from '../src/bson/values';

const PLATFORMS = ['linkedin', 'twitter', 'threads', 'mastodon', 'bluesky', 'facebook', 'telegram', 'instagram', 'youtube', 'tiktok'];
const STATUSES = ['draft', 'scheduled', 'published', 'failed'];

/** Deterministic pseudo-random numbers, so a failure reproduces. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function groups(n: number, seed = 1): Collection {
  const c = new Collection('db', 'postgroups');
  for (const key of ['createdAt', 'scheduledTime'] as const) {
    c.addIndex({ v: 2, key: { userId: 1, [key]: -1, _id: -1 }, name: `u_${key}` });
    c.addIndex({ v: 2, key: { userId: 1, status: 1, [key]: -1, _id: -1 }, name: `us_${key}` });
    c.addIndex({ v: 2, key: { userId: 1, platforms: 1, [key]: -1, _id: -1 }, name: `up_${key}` });
  }
  const random = rng(seed);
  const users = [new ObjectId(), new ObjectId(), new ObjectId()];
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const status = STATUSES[Math.floor(random() * STATUSES.length)];
    // One platform mostly, sometimes two; now and then the same scheduled time twice (ties).
    const platforms = [PLATFORMS[Math.floor(random() * PLATFORMS.length)]];
    if (random() < 0.2) platforms.push(PLATFORMS[Math.floor(random() * PLATFORMS.length)]);
    const doc: Doc = {
      _id: new ObjectId(),
      userId: users[Math.floor(random() * users.length)],
      status,
      platforms,
      createdAt: new Date(t0 + i * 1000),
    };
    if (status !== 'draft') doc.scheduledTime = new Date(t0 + Math.floor(random() * n) * 60_000);
    c.put(keyString(doc._id), doc, i + 1);
  }
  return c;
}

/** Each collection's documents, decoded once (the collections here are not changed after). */
const decoded = new WeakMap<Collection, Doc[]>();
function docsOf(c: Collection): Doc[] {
  let docs = decoded.get(c);
  if (!docs) decoded.set(c, (docs = Array.from(c.entries(), ([, d]) => d)));
  return docs;
}

/** The reference answer: every document tested, then sorted, skipped and limited. */
function reference(c: Collection, filter: Doc, sort?: Doc, skip = 0, limit = 0): string[] {
  const q = new Query(filter);
  const all = docsOf(c).filter((d) => q.test(d));
  if (sort) {
    const cmp = sortComparator(sort);
    all.sort(cmp);
  }
  return all.slice(skip, limit ? skip + limit : undefined).map((d) => String(d._id));
}

/** Runs a scan counting how many stored documents it read. */
function counted(c: Collection, filter: Doc, opts: { sort?: Doc; skip?: number; limit?: number } = {}): { ids: string[]; reads: number } {
  let reads = 0;
  const get = c.get.bind(c);
  c.get = (id: string) => {
    reads++;
    return get(id);
  };
  try {
    return { ids: scan(c, undefined, filter, opts).map((h) => String(h.doc._id)), reads };
  } finally {
    c.get = get;
  }
}

describe('query planner', () => {
  const c = groups(20_000);
  const anyDoc = docsOf(c)[0];
  const user = anyDoc.userId as ObjectId;

  it('gives the full-scan answer for equality, $in, ranges, multikey fields, sorts, skips and limits', () => {
    const cases: Array<[Doc, Doc | undefined, number, number]> = [
      [{ userId: user }, { scheduledTime: -1, _id: -1 }, 0, 20],
      [{ userId: user }, { createdAt: 1, _id: 1 }, 40, 20],
      [{ userId: user, platforms: 'linkedin' }, { scheduledTime: -1, _id: -1 }, 80, 20],
      [{ userId: user, platforms: 'tiktok' }, { createdAt: -1, _id: -1 }, 0, 100],
      [{ userId: user, platforms: 'threads' }, { scheduledTime: 1, _id: 1 }, 0, 0],
      [{ userId: user, status: 'scheduled' }, { scheduledTime: -1, _id: -1 }, 20, 20],
      [{ userId: user, status: { $in: ['failed', 'draft'] } }, { createdAt: -1, _id: -1 }, 0, 50],
      [{ userId: user, scheduledTime: { $gte: new Date(Date.UTC(2026, 0, 3)), $lt: new Date(Date.UTC(2026, 0, 5)) } }, { scheduledTime: -1, _id: -1 }, 0, 30],
      [{ userId: user, scheduledTime: { $gt: new Date(Date.UTC(2026, 0, 4)) } }, { scheduledTime: 1, _id: 1 }, 5, 10],
      [{ platforms: { $in: ['youtube', 'bluesky'] } }, { _id: 1 }, 0, 0],
      [
        {
          _id: {
            $in: docsOf(c)
              .slice(100, 120)
              .map((d) => d._id),
          },
        },
        { _id: 1 },
        0,
        0,
      ],
      [{ userId: user, platforms: 'mastodon', status: 'published' }, { scheduledTime: -1, _id: -1 }, 0, 20],
      [{ status: 'failed' }, undefined, 0, 0],
      // Long $in lists (matched through a key set) on a scalar and on an array field.
      [{ status: { $in: ['failed', 'x', 1, 0, new Date(0), true, 'draft'] } }, { createdAt: 1 }, 0, 0],
      [{ userId: user, platforms: { $in: ['youtube', 'tiktok', 'threads', 'telegram', 'nope', 'linkedin'] } }, { createdAt: -1 }, 0, 0],
      [{ userId: { $in: [String(user), user, 1, 2, 3] } }, { createdAt: -1 }, 0, 50],
    ];
    for (const [filter, sort, skip, limit] of cases) {
      const got = scan(c, undefined, filter, { sort, skip, limit }).map((h) => String(h.doc._id));
      expect({ filter, sort, skip, limit, ids: got }).toEqual({ filter, sort, skip, limit, ids: reference(c, filter, sort, skip, limit) });
    }
  });

  it('the fast matcher answers like mingo for scalar comparisons, $in, $nin, $ne and ranges', () => {
    const d = (iso: string) => new Date(iso);
    const oid = new ObjectId();
    const other = new ObjectId();
    const docs: Doc[] = [
      {},
      { t: other },
      { t: new ObjectId(oid.toHexString()) }, // equal bytes, another instance
      { a: 5 },
      { a: 5.5, b: 'x' },
      { a: '5' },
      { a: [1, 9], b: ['x', 'y'] },
      { a: [], b: [] },
      { a: null, b: null },
      { a: true },
      { a: d('2026-01-02'), t: oid },
      { a: [d('2026-01-01'), 3], t: [oid] },
      { a: -0 },
      { a: { n: 5 } },
    ];
    const filters: Doc[] = [
      { a: 5 },
      { a: { $gt: 4 } },
      { a: { $gte: 5, $lt: 6 } },
      { a: { $gt: 2, $lt: 3 } }, // an array may satisfy each bound through a different element
      { a: { $lte: '5' } },
      { a: { $gt: d('2026-01-01') } },
      { a: { $gte: d('2026-01-01') } },
      { a: { $ne: 5 } },
      { a: { $ne: 9 } },
      { a: { $nin: [5, 9, 'x'] } },
      { a: { $in: [0] } },
      { a: { $eq: true } },
      { b: { $nin: ['x'] }, a: { $exists: true } }, // $exists: mingo decides
      { b: { $in: ['y', 'z', 'q', 'w', 'v', 'u'] } },
      { t: oid },
      { t: other },
      { t: { $nin: [oid] } },
      { t: { $in: [other, 1, 2, 3, 4] } }, // more than four values: matched by key
      { t: { $in: [new ObjectId(oid.toHexString()), 'a', 'b', 'c', 'd'] } },
      { b: 'x', a: { $gt: 5 } },
    ];
    for (const filter of filters) {
      const reference = new Query(filter);
      const fast = compileFilter(filter);
      expect({ filter, matches: docs.map((doc) => fast.test(doc)) }).toEqual({ filter, matches: docs.map((doc) => reference.test(doc)) });
    }
    // MongoDB: NaN matches no range with a numeric bound.
    expect(compileFilter({ a: { $lt: 5 } }).test({ a: Number.NaN })).toBe(false);
    expect(compileFilter({ a: { $gte: -Infinity } }).test({ a: Number.NaN })).toBe(false);
  });

  it('the fast matcher answers like the operator context for dotted paths, null and $and / $or / $nor', () => {
    const d = (iso: string) => new Date(iso);
    const oid = new ObjectId();
    const docs: Doc[] = [
      {},
      { status: 'scheduled', nextAttemptAt: null, claim: { token: 't1', leaseUntil: d('2026-01-02') } },
      { status: 'scheduled', nextAttemptAt: d('2026-01-01'), claim: null },
      { status: 'processing', claim: { token: 't2', leaseUntil: d('2025-12-01'), owner: oid } },
      { status: 'processing', claim: 'not a document' },
      { status: ['scheduled', 'x'], nextAttemptAt: [null, 3], claim: [{ token: 't1' }, { token: 't3' }] }, // arrays on the way: mingo's
      { claim: { token: ['t1', 't2'], leaseUntil: [d('2025-01-01')] } },
      { claim: { token: { t1: 1 } }, a: { b: { c: 5 } } },
      { a: { b: [{ c: 5 }, { c: 6 }] } },
      { a: { b: null } },
      { a: 5 },
      { constructor: 1, a: { b: { c: null } } },
    ];
    const filters: Doc[] = [
      { nextAttemptAt: null },
      { nextAttemptAt: { $eq: null } },
      { nextAttemptAt: { $ne: null } },
      { 'claim.token': 't1' },
      { 'claim.token': null },
      { 'claim.token': { $ne: null } },
      { 'claim.token': { $in: ['t1', 't2'] } },
      { 'claim.leaseUntil': { $lt: d('2026-01-01') } },
      { 'claim.owner': oid },
      { 'a.b.c': 5 },
      { 'a.b.c': null },
      { 'a.b': null },
      { status: 'scheduled', $or: [{ nextAttemptAt: null }, { nextAttemptAt: { $lte: d('2026-06-01') } }] },
      { $or: [{ status: 'processing', 'claim.leaseUntil': { $lt: d('2026-01-01') } }, { status: 'scheduled' }] },
      { $and: [{ 'claim.token': 't1' }, { status: { $ne: 'x' } }] },
      { $nor: [{ status: 'processing' }, { 'a.b.c': 6 }] },
      { $or: [{ 'claim.token': 't3' }, { a: 5 }] },
      { 'constructor.x': 1 }, // an inherited name: mingo's
    ];
    for (const filter of filters) {
      const reference = mongoQuery(filter);
      const fast = compileFilter(filter);
      expect({ filter, matches: docs.map((doc) => fast.test(doc)) }).toEqual({ filter, matches: docs.map((doc) => reference.test(doc)) });
      // Only the inherited name is compiled by mingo (a mingo Query has `compile`).
      expect({ filter, mingo: 'compile' in fast }).toEqual({ filter, mingo: 'constructor.x' in filter });
    }
  });

  it('reads distinct values from an index (one matching document per value) as a full scan would find them', () => {
    const distinctRef = (coll: Collection, filter: Doc, field: string): unknown[] => {
      const q = mongoQuery(filter);
      const seen = new Map<string, unknown>();
      for (const [, doc] of coll.entries()) {
        if (!q.test(doc) || doc[field] === undefined) continue;
        for (const x of Array.isArray(doc[field]) ? (doc[field] as unknown[]) : [doc[field]]) if (!seen.has(keyString(x))) seen.set(keyString(x), x);
      }
      return [...seen.values()].sort((a, b) => compareValues(a, b));
    };
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const cases: Array<[Doc, string]> = [
      [{ userId: user }, 'status'],
      [{ userId: user, scheduledTime: { $lte: at(3) } }, 'status'], // the range bounds each walk
      [{ userId: user }, 'platforms'], // multikey: the elements
      [{ userId: user, $or: [{ status: 'failed' }, { status: 'draft' }] }, 'platforms'],
    ];
    for (const [filter, field] of cases) {
      let reads = 0;
      const get = c.get.bind(c);
      c.get = (id: string) => (reads++, get(id));
      let got: unknown[] | undefined;
      try {
        got = distinctFromIndex(c, undefined, filter, field);
      } finally {
        c.get = get;
      }
      expect({ filter, field, values: got?.sort((a, b) => compareValues(a, b)) }).toEqual({ filter, field, values: distinctRef(c, filter, field) });
      expect({ filter, reads: reads < 100 }).toEqual({ filter, reads: true }); // of ~6,700 documents of this user
    }
    // No index starts with the filter's equalities then the field, or another equality would be
    // tested document by document (each value's walk could read all its documents): the caller scans.
    expect(distinctFromIndex(c, undefined, { status: 'draft' }, 'platforms')).toBeUndefined();
    expect(distinctFromIndex(c, undefined, { userId: user, status: 'nope' }, 'platforms')).toBeUndefined();
    expect(distinctFromIndex(c, undefined, { userId: user, scheduledTime: { $gt: at(9) }, platforms: 'tiktok' }, 'status')).toBeUndefined();

    // A null key stands for null, a missing field and an empty array alike: only a stored null is a value.
    const n = new Collection('db', 'nulls');
    n.addIndex({ v: 2, key: { kind: 1, tag: 1 }, name: 'kind_tag' });
    const docs: Doc[] = [
      { _id: 1, kind: 'a' },
      { _id: 2, kind: 'a', tag: [] },
      { _id: 3, kind: 'a', tag: 'x' },
      { _id: 4, kind: 'b', tag: null },
      { _id: 5, kind: 'b', tag: ['y', null] },
    ];
    docs.forEach((d, i) => n.put(keyString(d._id), d, i + 1));
    for (const kind of ['a', 'b']) expect(distinctFromIndex(n, undefined, { kind }, 'tag')).toEqual(distinctRef(n, { kind }, 'tag'));
  });

  it('a unique index fixed by equalities wins over a range on another index', () => {
    const target = docsOf(c)[7000];
    const filter = { _id: target._id, userId: target.userId, createdAt: { $lte: new Date(Date.UTC(2030, 0, 1)) } };
    const { ids, reads } = counted(c, filter);
    expect(ids).toEqual([String(target._id)]);
    expect(reads).toBe(1);
    const sorted = counted(c, filter, { sort: { createdAt: -1, _id: -1 }, limit: 1 });
    expect(sorted).toEqual({ ids: [String(target._id)], reads: 1 });
  });

  it('an $in of many _ids wins over a wider index stretch, and gives way to a narrower one', () => {
    // The outbox's lease: { webhookId, status, availableAt: { $lte }, _id: { $in: 25 ids } }.
    const records = docsOf(c).filter((d) => String(d.userId) === String(user) && d.status === 'scheduled');
    const picked = records.slice(0, 25).map((d) => d._id);
    const wide = { userId: user, status: 'scheduled', scheduledTime: { $lte: new Date(Date.UTC(2030, 0, 1)) }, _id: { $in: picked } };
    const got = counted(c, wide);
    expect(got.ids.sort()).toEqual(reference(c, wide).sort());
    expect(got.ids).toHaveLength(25);
    expect(got.reads).toBe(25); // not the user's ~1,700 scheduled groups
    // A stretch of the compound index smaller than the ids: that stretch is read instead.
    const first = records.map((d) => d.scheduledTime as Date).sort((a, b) => a.getTime() - b.getTime())[9];
    const narrow = { userId: user, status: 'scheduled', scheduledTime: { $lte: first }, _id: { $in: picked } };
    const stretch = records.filter((d) => (d.scheduledTime as Date) <= first).length;
    expect(stretch).toBeLessThan(25);
    const small = counted(c, narrow);
    expect(small.ids.sort()).toEqual(reference(c, narrow).sort());
    expect(small.reads).toBe(stretch);
  });

  it('a sort on _id with an $in of ids reads those documents, not the whole _id index', () => {
    const ids = docsOf(c)
      .slice(5000, 5020)
      .map((d) => d._id);
    const { ids: got, reads } = counted(c, { _id: { $in: ids } }, { sort: { _id: 1 } });
    expect(got).toEqual(ids.map(String).sort());
    expect(reads).toBeLessThanOrEqual(20);
  });

  it('a page filtered on an array field walks the multikey index in sort order', () => {
    const filter = { userId: user, platforms: 'linkedin' };
    const { ids, reads } = counted(c, filter, { sort: { scheduledTime: -1, _id: -1 }, skip: 40, limit: 20 });
    expect(ids).toEqual(reference(c, filter, { scheduledTime: -1, _id: -1 }, 40, 20));
    expect(reads).toBe(20); // the stretch holds exactly the matches: the 40 skipped are not read
  });

  it('reads the skipped documents when the filter says more than the walked stretch', () => {
    const sort = { scheduledTime: -1, _id: -1 };
    const pages: Array<[Doc, number]> = [
      [{ userId: user, platforms: 'linkedin', status: 'published' }, 0], // status is not in the walked index
      [{ userId: user, platforms: { $in: ['linkedin'] } }, 0],
      // A range whose bounds have different types matches nothing; two lower bounds keep the tighter.
      [{ userId: user, scheduledTime: { $gte: new Date(Date.UTC(2026, 0, 3)), $lt: 'z' } }, 0],
      [{ userId: user, scheduledTime: { $gte: new Date(Date.UTC(2026, 0, 3)), $gt: new Date(Date.UTC(2026, 0, 9)) } }, 0],
      [{ userId: user, scheduledTime: { $gte: new Date(Date.UTC(2026, 0, 3)) } }, 20],
    ];
    for (const [filter, unread] of pages) {
      const { ids, reads } = counted(c, filter, { sort, skip: 20, limit: 10 });
      const expected = reference(c, filter, sort, 20, 10);
      expect({ filter, ids }).toEqual({ filter, ids: expected });
      // Skipping unread: exactly the page's documents; otherwise at least skip + limit.
      if (expected.length === 10) expect({ filter, reads: unread ? reads === 30 - unread : reads >= 30 }).toEqual({ filter, reads: true });
    }
    // The same fields count from the index only when the filter is exactly its stretch.
    expect(countFromIndex(c, undefined, pages[2][0])).toBeUndefined();
    expect(countFromIndex(c, undefined, pages[3][0])).toBeUndefined();
    expect(countFromIndex(c, undefined, pages[4][0])).toBe(reference(c, pages[4][0]).length);
  });

  it('a sort with a range on the sort field walks only that stretch', () => {
    const from = new Date(Date.UTC(2026, 0, 10));
    const filter = { userId: user, scheduledTime: { $gte: from } };
    const { ids, reads } = counted(c, filter, { sort: { scheduledTime: 1, _id: 1 }, limit: 10 });
    expect(ids).toEqual(reference(c, filter, { scheduledTime: 1, _id: 1 }, 0, 10));
    expect(reads).toBe(10);
  });

  it('counts exactly indexed filters from the index alone, and declines the rest', () => {
    const early = new Date(Date.UTC(2026, 0, 3));
    const exact: Doc[] = [
      {},
      { userId: user },
      { userId: user, platforms: 'linkedin' }, // multikey; some documents list a platform twice
      { platforms: 'linkedin', userId: user }, // key order does not matter
      { userId: user, status: 'scheduled' },
      { userId: user, scheduledTime: { $gte: early } }, // drafts (no scheduledTime) are not counted
      { userId: user, status: 'failed', createdAt: { $lt: new Date(Date.UTC(2026, 0, 1, 1)) } },
      { userId: new ObjectId() },
      { userId: user, platforms: 'linkedin', scheduledTime: { $gte: early } }, // a range after a multikey field
    ];
    for (const filter of exact) {
      let reads = 0;
      const get = c.get.bind(c);
      c.get = (id: string) => (reads++, get(id));
      const n = countFromIndex(c, undefined, filter);
      c.get = get;
      expect({ filter, n, reads }).toEqual({ filter, n: reference(c, filter).length, reads: 0 });
    }
    const inexact: Doc[] = [
      { userId: user, platforms: 'linkedin', status: 'failed' }, // no index holds both
      { userId: user, status: { $in: ['failed', 'draft'] } },
      { userId: user, platforms: { $ne: 'linkedin' } },
      { userId: user, content: 'x' },
    ];
    expect(inexact.map((f) => countFromIndex(c, undefined, f))).toEqual(inexact.map(() => undefined));
    // A transaction's pending writes are not in the index: counted by reading.
    expect(countFromIndex(c, new Map([['x', { _id: 'x', userId: user }]]), { userId: user })).toBeUndefined();
  });

  it('does not count from an index whose array field lies past the fixed prefix', () => {
    const tagged = new Collection('db', 'tagged');
    tagged.addIndex({ v: 2, key: { owner: 1, tags: 1 }, name: 'owner_tags' });
    for (let i = 0; i < 50; i++) {
      const doc = { _id: i, owner: i % 2, tags: i % 3 ? ['a', 'b', 'c'].slice(0, i % 3) : [] };
      tagged.put(keyString(doc._id), doc, i + 1);
    }
    for (const filter of [{ owner: 1 }, { owner: 0, tags: 'b' }, {}]) {
      const n = countFromIndex(tagged, undefined, filter);
      expect({ filter, n: n ?? scan(tagged, undefined, filter).length }).toEqual({ filter, n: reference(tagged, filter).length });
    }
    expect(countFromIndex(tagged, undefined, { owner: 1 })).toBeUndefined();
    expect(countFromIndex(tagged, undefined, { owner: 0, tags: 'b' })).toBe(reference(tagged, { owner: 0, tags: 'b' }).length);
  });

  it('an unselective sorted walk gives up after its trial budget and sorts the narrow candidates', () => {
    // About ten of the user's ~6,700 documents were created in the first 30 seconds: the walk
    // in scheduledTime order would read them all looking for 20; the createdAt range has ten.
    const filter = { userId: user, createdAt: { $lt: new Date(Date.UTC(2026, 0, 1, 0, 0, 30)) } };
    const { ids, reads } = counted(c, filter, { sort: { scheduledTime: -1, _id: -1 }, limit: 20 });
    expect(ids).toEqual(reference(c, filter, { scheduledTime: -1, _id: -1 }, 0, 20));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(20);
    expect(reads).toBeLessThanOrEqual(2000 + 30); // the trial, then the candidates
  });
});
