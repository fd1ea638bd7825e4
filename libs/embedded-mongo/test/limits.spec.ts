// Document limits as mongod enforces them: nesting depth (BSON user-storage depth 100) and deep
// documents staying cheap to store, update and index (canonical keys linear in document size).
import { failure, useServer } from './harness';

const h = useServer();

/** A document `levels` deep counting itself: nested(1) = { v }, nested(2) = { a: { v } }. */
function nested(levels: number, leaf: object = { v: 'x' }): Record<string, unknown> {
  let doc: Record<string, unknown> = { ...leaf };
  for (let i = 1; i < levels; i++) doc = { a: doc };
  return doc;
}

describe('deep documents', () => {
  // Strings full of characters JSON escapes, so any per-level re-escaping explodes.
  const nasty = 'q"u\\o\'te\n';

  it('stores, updates and finds a 40-level document quickly', async () => {
    const c = h.db.collection('deep');
    const doc = nested(40, { s: nasty, list: [nasty, { s: nasty }] });
    const started = Date.now();
    await c.insertOne({ _id: 'deep' as never, ...doc });
    const path = Array.from({ length: 39 }, () => 'a').join('.');
    await c.updateOne({ _id: 'deep' as never }, { $set: { [`${path}.s`]: 'changed', [`${path}.extra`]: nasty } });
    const found = await c.findOne({ _id: 'deep' as never });
    expect(Date.now() - started).toBeLessThan(5000); // an exponential blow-up takes far longer; the room is for a loaded CI machine
    let cur = found as Record<string, unknown>;
    for (let i = 0; i < 39; i++) cur = cur.a as Record<string, unknown>;
    expect(cur).toMatchObject({ s: 'changed', extra: nasty, list: [nasty, { s: nasty }] });
  });

  it('indexes deep values by equality and keeps distinct values apart', async () => {
    const c = h.db.collection('deepidx');
    await c.createIndex({ k: 1 }, { unique: true });
    const deep = nested(30, { s: nasty });
    await c.insertOne({ k: deep });
    // Values whose naive concatenation would coincide must stay different keys.
    await c.insertMany([{ k: ['a', 'b'] }, { k: ['a,sb'] }, { k: { 'x:1': 's' } }, { k: { x: '1:s' } }, { k: '1:x' }, { k: [['1:x']] }, { k: [['1', 'x']] }]);
    expect(await c.countDocuments({ k: deep })).toBe(1);
    const dup = await failure(c.insertOne({ k: nested(30, { s: nasty }) }));
    expect(dup.code).toBe(11000);
    expect(await c.countDocuments({ k: { x: '1:s' } })).toBe(1);
  });
});

describe('nesting depth limit (100 levels)', () => {
  it('accepts a document exactly 100 levels deep, and an empty subdocument below it', async () => {
    const c = h.db.collection('depth');
    await c.insertOne({ _id: 1 as never, ...nested(100) });
    await c.insertOne({ _id: 2 as never, ...nested(100, { v: {} }) });
    await c.insertOne({ _id: 3 as never, ...nested(100, { v: [] }) });
    expect(await c.countDocuments()).toBe(3);
  });

  it('refuses a 101-level insert with Overflow (15)', async () => {
    const c = h.db.collection('depth');
    const e = await failure(c.insertOne({ _id: 4 as never, ...nested(101) }));
    expect(e.code).toBe(15);
    expect(e.message).toBe('cannot insert document because it exceeds 100 levels of nesting');
    const viaArray = await failure(c.insertOne({ _id: 5 as never, ...nested(100, { v: [1] }) }));
    expect(viaArray.code).toBe(15);
    expect(await c.countDocuments({ _id: { $in: [4, 5] } as never })).toBe(0);
  });

  it('refuses an update or upsert that would make a document deeper than 100 levels', async () => {
    const c = h.db.collection('depth2');
    await c.insertOne({ _id: 1 as never, ...nested(99) });
    const path = Array.from({ length: 98 }, () => 'a').join('.');
    // The leaf object is level 99: w is level 100 and may hold values, not non-empty subdocuments.
    await c.updateOne({ _id: 1 as never }, { $set: { [`${path}.w`]: { z: 1, e: {} } } });
    const e = await failure(c.updateOne({ _id: 1 as never }, { $set: { [`${path}.w`]: { z: { y: 1 } } } }));
    expect(e.code).toBe(15);
    expect(e.message).toBe('Document exceeds maximum nesting depth of 100');
    const replace = await failure(c.replaceOne({ _id: 1 as never }, nested(101)));
    expect(replace.code).toBe(15);
    const upsert = await failure(c.updateOne({ _id: 9 as never }, { $set: { deep: nested(100) } }, { upsert: true }));
    expect(upsert.code).toBe(15);
    expect(await c.countDocuments({ _id: 9 as never })).toBe(0);
  });
});

describe('document size limit (16 MiB)', () => {
  const MAX = 16 * 1024 * 1024;

  it('refuses an insert over 16 MiB with BadValue (2) and accepts one just under', async () => {
    const c = h.db.collection('size');
    const e = await failure(c.insertOne({ x: 'x'.repeat(MAX) }));
    expect(e.code).toBe(2);
    expect(e.message).toMatch(/^object to insert too large\. size in bytes: \d+, max size: 16777216$/);
    // { _id: ObjectId, x: string } a few bytes under the limit (mongod's own jstest uses this size).
    await c.insertOne({ x: 'x'.repeat(16777186 - 20) });
    expect(await c.countDocuments()).toBe(1);
  }, 180_000); // 16 MiB strings: seconds alone, much longer beside the rest of the suite on 2 cores

  it('refuses an update whose result would exceed 16 MiB with 17419', async () => {
    const c = h.db.collection('size2');
    await c.insertOne({ _id: 1 as never, a: 'a'.repeat(9 * 1024 * 1024) });
    const e = await failure(c.updateOne({ _id: 1 as never }, { $set: { b: 'b'.repeat(9 * 1024 * 1024) } }));
    expect(e.code).toBe(17419);
    expect(e.message).toBe('Resulting document after update is larger than 16777216');
    expect(await c.countDocuments({ b: { $exists: true } })).toBe(0);
  }, 180_000);
});

describe('$-prefixed field names (MongoDB 5.0+)', () => {
  it('stores them at the top level and nested, but not inside _id (DollarPrefixedFieldName, 52)', async () => {
    const c = h.db.collection('dollars');
    await c.insertOne({ _id: 1 as never, $price: 5, item: { $qty: 2 } } as never);
    expect(await c.findOne({ _id: 1 as never })).toEqual({ _id: 1, $price: 5, item: { $qty: 2 } });
    const e = await failure(c.insertOne({ _id: { $a: 1 } as never }));
    expect(e.code).toBe(52);
    expect(e.message).toBe("_id fields may not contain '$'-prefixed fields: $a is not valid for storage.");
    const nested = await failure(c.insertOne({ _id: { k: { $b: 1 } } as never }));
    expect(nested.code).toBe(52);
    const upsert = await failure(c.replaceOne({ _id: { k: { $invalid: 'v' } } as never }, { v: 'replaced' }, { upsert: true }));
    expect(upsert.code).toBe(52);
    // A DBRef inside _id is valid.
    await c.insertOne({ _id: { $ref: 'x', $id: 1 } as never });
  });
});
