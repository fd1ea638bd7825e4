// Update paths as MongoDB resolves them (issue 20 item 5): an unchanged _id, sibling paths under
// `$[]`, paths through scalars and arrays (PathNotViable), and Binary subtype changes.
import { Binary, MongoServerError } from 'mongodb';
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

describe('update paths', () => {
  it('allows $set of _id to its unchanged value; a changed _id is ImmutableField (66)', async () => {
    const c = h.db.collection('id');
    await c.insertOne({ _id: 'k' as never, n: 1 });
    const r = await c.updateOne({ _id: 'k' as never }, { $set: { _id: 'k', n: 2 } } as never);
    expect(r.modifiedCount).toBe(1);
    expect(await c.findOne({ _id: 'k' as never })).toEqual({ _id: 'k', n: 2 });
    const e = await failure(c.updateOne({ _id: 'k' as never }, { $set: { _id: 'other' } } as never));
    expect(e.code).toBe(66);
    expect(e.message).toBe("Performing an update on the path '_id' would modify the immutable field '_id'");
  });

  it('applies sibling paths under $[] (a.$[].x with a.$[].y) without a conflict', async () => {
    const c = h.db.collection('all');
    await c.insertOne({ _id: 1 as never, a: [{ x: 1 }, { x: 2 }] });
    await c.updateOne({ _id: 1 as never }, { $set: { 'a.$[].x': 0, 'a.$[].y': 9 } });
    expect((await c.findOne({ _id: 1 as never }))?.a).toEqual([
      { x: 0, y: 9 },
      { x: 0, y: 9 },
    ]);
    // A true overlap is still a conflict.
    const e = await failure(c.updateOne({ _id: 1 as never }, { $set: { 'a.$[].x': 1, 'a.$[]': 2 } }));
    expect(e.code).toBe(40);
  });

  it('refuses a field created through an array of scalars or a scalar with PathNotViable (28)', async () => {
    const c = h.db.collection('viable');
    await c.insertOne({ _id: 1 as never, s: [1, 2], n: 5, o: {} });
    const e = await failure(c.updateOne({ _id: 1 as never }, { $set: { 's.foo': 1 } }));
    expect(e.code).toBe(28);
    expect(e.message).toBe("Cannot create field 'foo' in element {s: [ 1, 2 ]}");
    const scalar = await failure(c.updateOne({ _id: 1 as never }, { $inc: { 'n.x': 1 } }));
    expect(scalar.code).toBe(28);
    expect(scalar.message).toBe("Cannot create field 'x' in element {n: 5}");
    // Numeric parts index into the array; missing parents are created.
    await c.updateOne({ _id: 1 as never }, { $set: { 's.1': 7, 'o.p.q': 1, 'm.k': 2 } });
    expect(await c.findOne({ _id: 1 as never })).toEqual({ _id: 1, s: [1, 7], n: 5, o: { p: { q: 1 } }, m: { k: 2 } });
  });

  it('applies a subtype-only change of a Binary value', async () => {
    const c = h.db.collection('bin');
    const bytes = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    await c.insertOne({ _id: 1 as never, b: new Binary(bytes, 0), nested: { b: new Binary(bytes, 0) } });
    const r = await c.updateOne({ _id: 1 as never }, { $set: { b: new Binary(bytes, 0x80), 'nested.b': new Binary(bytes, 0x80) } });
    expect(r.modifiedCount).toBe(1);
    const doc = await c.findOne({ _id: 1 as never });
    expect((doc?.b as Binary).sub_type).toBe(0x80);
    expect((doc?.nested as { b: Binary }).b.sub_type).toBe(0x80);
  });
});

describe('positional sibling paths', () => {
  it('updates a.$.x and a.$.y on the one matched element', async () => {
    const c = h.db.collection('pos');
    await c.insertOne({
      _id: 1 as never,
      a: [
        { k: 'p', x: 1 },
        { k: 'q', x: 2 },
        { k: 'q', x: 3 },
      ],
    });
    const r = await c.updateOne({ _id: 1 as never, 'a.k': 'q' }, { $set: { 'a.$.x': 20, 'a.$.y': 'set' }, $inc: { 'a.$.n': 1 } });
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 as never }))?.a).toEqual([
      { k: 'p', x: 1 },
      { k: 'q', x: 20, y: 'set', n: 1 },
      { k: 'q', x: 3 },
    ]);
    await c.updateOne({ a: { $elemMatch: { k: 'q', x: 3 } } }, { $set: { 'a.$.x': 30, 'a.$.z': true } });
    expect((await c.findOne({ _id: 1 as never }))?.a).toEqual([
      { k: 'p', x: 1 },
      { k: 'q', x: 20, y: 'set', n: 1 },
      { k: 'q', x: 30, z: true },
    ]);
  });
});
