// Collation is not supported (issue 20 item 3, README "does not support"): rather than compare
// binary where a locale was asked for, every command carrying a non-simple collation fails with
// NotImplemented (238) naming the feature; the simple collation is accepted.
import { MongoServerError } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

async function failure(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    return e as MongoServerError;
  }
  throw new Error('expected the operation to fail');
}

describe('collation', () => {
  const ci = { locale: 'en', strength: 2 };

  it('refuses a case-insensitive unique index instead of building a binary one', async () => {
    const c = h.db.collection('users');
    const e = await failure(c.createIndex({ email: 1 }, { unique: true, collation: ci }));
    expect(e.code).toBe(238);
    expect(e.message).toMatch(/^collation \(locale 'en'\) is not supported/);
    expect((await c.listIndexes().toArray().catch(() => [])).map((i) => i.name)).not.toContain('email_1');
  });

  it('refuses collations on queries, aggregation, updates, deletes and collection defaults', async () => {
    const c = h.db.collection('items');
    await c.insertOne({ name: 'a' });
    for (const op of [
      c.find({ name: 'A' }, { collation: ci }).toArray(),
      c.countDocuments({ name: 'A' }, { collation: ci }),
      c.aggregate([{ $match: { name: 'A' } }], { collation: ci }).toArray(),
      c.distinct('name', {}, { collation: ci }),
      c.updateOne({ name: 'A' }, { $set: { x: 1 } }, { collation: ci }),
      c.deleteMany({ name: 'A' }, { collation: ci }),
      c.findOneAndUpdate({ name: 'A' }, { $set: { x: 1 } }, { collation: ci }),
      h.db.createCollection('withDefault', { collation: ci }),
    ]) {
      expect((await failure(op)).code).toBe(238);
    }
    expect(await c.countDocuments({ x: 1 })).toBe(0);
    expect(await c.countDocuments({})).toBe(1);
  });

  it('accepts the simple collation', async () => {
    const c = h.db.collection('items');
    expect(await c.find({ name: 'a' }, { collation: { locale: 'simple' } }).toArray()).toHaveLength(1);
  });
});
