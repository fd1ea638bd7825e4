// `$`-prefixed field names in updates, as MongoDB 5.0+ validates them: an upsert's new document
// is validated as an insert (top-level `$` fields stored), an update of a stored document may not
// create or set a top-level `$` field (DollarPrefixedFieldName, 52, or InvalidDBRef, 10, for
// DBRef's names), and nested ones are stored everywhere.
import { DBRef } from 'mongodb';
import { failure, useServer } from './harness';

const h = useServer();

const refused = (name: string): string =>
  `The dollar ($) prefixed field '${name}' in '${name}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`;

describe('$-prefixed field names in updates', () => {
  it('stores top-level $ fields an upsert inserts ($set, $setOnInsert, findAndModify, replacement)', async () => {
    const c = h.db.collection('upserts');
    await c.updateOne({ _id: 1 as never }, { $set: { $myKey: 'v' }, $setOnInsert: { n: 0 } } as never, { upsert: true });
    expect(await c.findOne({ _id: 1 as never })).toEqual({ _id: 1, $myKey: 'v', n: 0 });
    await c.updateOne({ _id: 2 as never }, { $set: { $each: { count: 42 } } } as never, { upsert: true });
    expect(await c.findOne({ _id: 2 as never })).toEqual({ _id: 2, $each: { count: 42 } });
    await c.updateOne({ _id: 3 as never }, { $setOnInsert: { $z: 1 } } as never, { upsert: true });
    expect(await c.findOne({ _id: 3 as never })).toEqual({ _id: 3, $z: 1 });
    const after = await c.findOneAndUpdate({ _id: 4 as never }, { $set: { $z: 2 } } as never, { upsert: true, returnDocument: 'after' });
    expect(after).toEqual({ _id: 4, $z: 2 });
    await c.replaceOne({ _id: 5 as never }, { a: 1, $x: 1 } as never, { upsert: true });
    expect(await c.findOne({ _id: 5 as never })).toEqual({ _id: 5, a: 1, $x: 1 });
  });

  it('refuses to create or set a top-level $ field of a stored document (DollarPrefixedFieldName, 52)', async () => {
    const c = h.db.collection('stored');
    const original = { _id: 1, n: 0, $e: { a: 1 }, arr: [1] };
    await c.insertOne(original as never);
    const cases: Array<[object, string]> = [
      [{ $set: { $z: 1 } }, '$z'],
      [{ $set: { $e: { a: 2 } } }, '$e'],
      [{ $inc: { $z: 1 } }, '$z'],
      [{ $push: { $list: 1 } }, '$list'],
      [{ $rename: { n: '$n' } }, '$n'],
      // created through a dotted path: the new top-level field is the one named
      [{ $set: { '$secret.agent.x': 1 } }, '$secret'],
    ];
    for (const [update, name] of cases) {
      const e = await failure(c.updateOne({ _id: 1 as never }, update as never));
      expect({ update, code: e.code, message: e.message }).toEqual({ update, code: 52, message: refused(name) });
    }
    // The upsert of the first test, now matching a stored document.
    const upsert = await failure(c.updateOne({ _id: 1 as never }, { $set: { $myKey: 'w' } } as never, { upsert: true }));
    expect(upsert.code).toBe(52);
    const fam = await failure(c.findOneAndUpdate({ _id: 1 as never }, { $set: { $z: 1 } } as never));
    expect(fam.code).toBe(52);
    const replace = await failure(c.replaceOne({ _id: 1 as never }, { a: 1, $x: 1 } as never));
    expect([replace.code, replace.message]).toEqual([52, refused('$x')]);
    expect(await c.findOne({ _id: 1 as never })).toEqual(original);
  });

  it('changes what lies under an existing top-level $ field, and removes or renames it', async () => {
    const c = h.db.collection('existing');
    await c.insertOne({ _id: 1 as never, $e: { a: 1 } } as never);
    await c.updateOne({ _id: 1 as never }, { $set: { '$e.b': 5 }, $inc: { '$e.a': 1 } } as never);
    expect(await c.findOne({ _id: 1 as never })).toEqual({ _id: 1, $e: { a: 2, b: 5 } });
    // Set to its own value: nothing changes, nothing is refused.
    const same = await c.updateOne({ _id: 1 as never }, { $set: { $e: { a: 2, b: 5 } } } as never);
    expect(same.modifiedCount).toBe(0);
    await c.updateOne({ _id: 1 as never }, { $rename: { $e: 'e' } } as never);
    expect(await c.findOne({ _id: 1 as never })).toEqual({ _id: 1, e: { a: 2, b: 5 } });
    await c.insertOne({ _id: 2 as never, $gone: 1, kept: 1 } as never);
    await c.updateOne({ _id: 2 as never }, { $unset: { $gone: '' } } as never);
    expect(await c.findOne({ _id: 2 as never })).toEqual({ _id: 2, kept: 1 });
  });

  it('stores $-prefixed and dotted names nested in a $set value or below a path', async () => {
    const c = h.db.collection('nested');
    await c.insertOne({ _id: 1 as never, sub: { $k: 1 } } as never);
    await c.updateOne({ _id: 1 as never }, { $set: { a: { $b: 1, 'x.y': 2 }, 'sub.$k': 9, 'c.$d': 3, ke$sha: 4 } } as never);
    expect(await c.findOne({ _id: 1 as never })).toEqual({ _id: 1, sub: { $k: 9 }, a: { $b: 1, 'x.y': 2 }, c: { $d: 3 }, ke$sha: 4 });
    expect(await c.countDocuments({ 'a.$b': 1 })).toBe(1);
  });

  it("answers InvalidDBRef (10) for DBRef's names out of place at the top level", async () => {
    const c = h.db.collection('dbref');
    await c.insertOne({ _id: 1 as never, n: 0 });
    const ref = await failure(c.updateOne({ _id: 1 as never }, { $set: { $ref: 'things' } } as never));
    expect([ref.code, ref.message]).toEqual([10, 'The DBRef $ref field must be followed by a $id field']);
    const id = await failure(c.updateOne({ _id: 1 as never }, { $set: { $id: 1 } } as never));
    expect([id.code, id.message]).toEqual([10, 'Found $id field without a $ref before it, which is invalid.']);
    const typed = await failure(c.replaceOne({ _id: 1 as never }, { n: 1, $ref: 7, $id: 1 } as never));
    expect([typed.code, typed.message]).toEqual([10, 'The DBRef $ref field must be a String, not a int']);
    // A DBRef below the top level is a document like any other (the driver reads it as a DBRef).
    await c.updateOne({ _id: 1 as never }, { $set: { x: { $ref: 'things', $id: 1 } } } as never);
    expect((await c.findOne({ _id: 1 as never }))?.x).toEqual(new DBRef('things', 1 as never));
  });
});
