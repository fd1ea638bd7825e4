// Update paths as MongoDB resolves them: an unchanged _id, sibling paths under `$`, `$[]` and
// `$[identifier]`, paths through scalars and arrays (PathNotViable), and Binary subtype changes.
import { Binary } from 'mongodb';
import { Doc } from '../src/bson/values';
import { failure, useServer } from './harness';

const h = useServer();

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

describe('sibling paths under $[identifier]', () => {
  it('applies a.$[e].x with a.$[e].y to each element the filter matches, tested before the update', async () => {
    const c = h.db.collection('filtered');
    await c.insertOne({ _id: 1 as never, arr: [{ x: 1 }, { x: 2 }, { x: 1, n: 1 }] });
    const r = await c.updateOne(
      { _id: 1 as never },
      { $set: { 'arr.$[e].x': 5, 'arr.$[e].y': 6 }, $inc: { 'arr.$[e].n': 10 } },
      { arrayFilters: [{ 'e.x': 1 }] },
    );
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 as never }))?.arr).toEqual([{ x: 5, y: 6, n: 10 }, { x: 2 }, { x: 5, n: 11, y: 6 }]);
    // findAndModify resolves them the same way.
    const after = await c.findOneAndUpdate(
      { _id: 1 as never },
      { $set: { 'arr.$[f].a': 'a', 'arr.$[f].b': 'b' } },
      { arrayFilters: [{ 'f.x': 2 }], returnDocument: 'after' },
    );
    expect(after?.arr[1]).toEqual({ x: 2, a: 'a', b: 'b' });
  });

  it('applies paths through different identifiers, nested ones and $[] beside each other', async () => {
    const c = h.db.collection('identifiers');
    await c.insertOne({
      _id: 1 as never,
      a: [
        { x: 0, b: [{ y: 0 }, { y: 1 }] },
        { x: 1, b: [{ y: 0 }] },
      ],
    });
    await c.updateOne(
      { _id: 1 as never },
      { $set: { 'a.$[i].b.$[k].c': 1, 'a.$[j].b.$[k].d': 2, 'a.$[].seen': true } },
      { arrayFilters: [{ 'i.x': 0 }, { 'j.x': { $gte: 0 } }, { 'k.y': 0 }] },
    );
    expect((await c.findOne({ _id: 1 as never }))?.a).toEqual([
      { x: 0, b: [{ y: 0, c: 1, d: 2 }, { y: 1 }], seen: true },
      { x: 1, b: [{ y: 0, d: 2 }], seen: true },
    ]);
  });

  it('still refuses real conflicts with ConflictingUpdateOperators (40)', async () => {
    const c = h.db.collection('conflicts');
    const original = {
      _id: 1,
      arr: [{ x: 1 }, { x: 2 }],
      a: [
        { x: 0, b: [{ y: 0 }] },
        { x: 0, b: [{ y: 0 }] },
      ],
    };
    await c.insertOne(original as never);
    const cases: Array<[Doc, Doc[], string]> = [
      [{ 'arr.$[e]': 1, 'arr.$[e].a': 2 }, [{ 'e.x': 1 }], "Updating the path 'arr.$[e].a' would create a conflict at 'arr.$[e]'"],
      [{ 'arr.$[e].a': 1, 'arr.0.b': 2 }, [{ 'e.x': 1 }], "Updating the path 'arr.0.b' would create a conflict at 'arr'"],
      [{ 'arr.$[e].a': 1, 'arr.b': 2 }, [{ 'e.x': 1 }], "Updating the path 'arr.b' would create a conflict at 'arr'"],
      // Two identifiers reaching one element's same field.
      [{ 'arr.$[i].q': 1, 'arr.$[j].q': 2 }, [{ 'i.x': 1 }, { 'j.x': { $gte: 1 } }], "Update created a conflict at 'arr.0.q'"],
      [{ 'a.$[i].b.$[k].c': 1, 'a.$[j].b.$[k].c': 2 }, [{ 'i.x': 0 }, { 'j.x': 0 }, { 'k.y': 0 }], "Update created a conflict at 'a.0.b.$[k].c'"],
      [{ 'a.$[i].b.$[k].c': 1, 'a.$[j].b.$[m].c': 2 }, [{ 'i.x': 0 }, { 'j.x': 0 }, { 'k.y': 0 }, { 'm.y': 0 }], "Update created a conflict at 'a.0.b.0.c'"],
    ];
    for (const [set, arrayFilters, message] of cases) {
      const e = await failure(c.updateOne({ _id: 1 as never }, { $set: set }, { arrayFilters }));
      expect({ set, code: e.code, message: e.message }).toEqual({ set, code: 40, message });
    }
    expect(await c.findOne({ _id: 1 as never })).toEqual(original);
  });
});
