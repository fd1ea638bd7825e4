// Collation: locale, strength 1–3, caseLevel and numericOrdering for equality,
// ranges and sort, on queries, aggregation, updates, deletes, indexes (a case-insensitive unique
// index refuses `A@x.com` beside `a@x.com`) and a collection's default collation.
import { failure, useServer } from './harness';

const h = useServer();

const ci = { locale: 'en', strength: 2 };

describe('collation', () => {
  const names = () => h.db.collection<{ _id: number; name: string }>('names');
  beforeAll(async () => {
    await names().insertMany(
      ['anna', 'Anna', 'ANNA', 'Änna', 'apple', 'Bob', 'banana', 'Cherry', 'item10', 'item9', 'item02', 'item2'].map((name, i) => ({ _id: i + 1, name })),
    );
  });
  const ids = async (filter: object, collation?: object) =>
    (
      await names()
        .find(filter, { collation: collation as never })
        .sort({ _id: 1 })
        .toArray()
    ).map((d) => d.name);

  it('a case-insensitive unique index refuses A@x.com beside a@x.com', async () => {
    const users = h.db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true, collation: ci });
    await users.insertOne({ email: 'a@x.com' });
    const e = await failure(users.insertOne({ email: 'A@x.com' }));
    expect(e.code).toBe(11000);
    await users.insertOne({ email: 'b@x.com' });
    expect((await failure(users.updateOne({ email: 'b@x.com' }, { $set: { email: 'A@X.COM' } }))).code).toBe(11000);
    const [, idx] = await users.listIndexes().toArray();
    expect(idx).toMatchObject({ name: 'email_1', unique: true, collation: { locale: 'en', strength: 2, caseLevel: false, numericOrdering: false } });
    // The index answers queries under its collation.
    expect((await users.find({ email: 'A@X.COM' }, { collation: ci }).toArray()).map((d) => d.email)).toEqual(['a@x.com']);
    const ex = await users.find({ email: 'A@X.COM' }, { collation: ci }).explain();
    expect(ex.queryPlanner.winningPlan.inputStage).toMatchObject({ stage: 'IXSCAN', indexName: 'email_1' });
    expect(await users.find({ email: 'A@X.COM' }).toArray()).toEqual([]); // binary without it
  });

  it('equality by strength: 1 ignores case and accents, 2 case, 3 neither; caseLevel keeps case at 1', async () => {
    expect(await ids({ name: 'anna' })).toEqual(['anna']);
    expect(await ids({ name: 'anna' }, { locale: 'en', strength: 3 })).toEqual(['anna']);
    expect(await ids({ name: 'anna' }, ci)).toEqual(['anna', 'Anna', 'ANNA']);
    expect(await ids({ name: 'anna' }, { locale: 'en', strength: 1 })).toEqual(['anna', 'Anna', 'ANNA', 'Änna']);
    expect(await ids({ name: 'Anna' }, { locale: 'en', strength: 1, caseLevel: true })).toEqual(['Anna', 'Änna']);
    expect(await ids({ name: { $in: ['ANNA', 'BOB'] } }, ci)).toEqual(['anna', 'Anna', 'ANNA', 'Bob']);
    expect(await ids({ name: { $ne: 'anna' }, _id: { $lte: 4 } }, ci)).toEqual(['Änna']);
  });

  it('ranges and sort follow the locale', async () => {
    expect(await ids({ name: { $gte: 'b', $lt: 'd' } })).toEqual(['banana']);
    expect(await ids({ name: { $gte: 'b', $lt: 'd' } }, { locale: 'en' })).toEqual(['Bob', 'banana', 'Cherry']);
    const sorted = await names()
      .find({ name: { $in: ['apple', 'Bob', 'banana', 'Cherry'] } }, { collation: { locale: 'en' } })
      .sort({ name: 1 })
      .toArray();
    expect(sorted.map((d) => d.name)).toEqual(['apple', 'banana', 'Bob', 'Cherry']);
    const binary = await names()
      .find({ name: { $in: ['apple', 'Bob', 'banana', 'Cherry'] } })
      .sort({ name: 1 })
      .toArray();
    expect(binary.map((d) => d.name)).toEqual(['Bob', 'Cherry', 'apple', 'banana']);
  });

  it('numericOrdering compares digit runs as numbers', async () => {
    const num = { locale: 'en', numericOrdering: true };
    const sorted = await names().find({ name: /^item/ }, { collation: num }).sort({ name: 1 }).toArray();
    expect(sorted.map((d) => d.name)).toEqual(['item02', 'item2', 'item9', 'item10']);
    expect(await ids({ name: 'item2' }, num)).toEqual(['item02', 'item2']);
    expect(await ids({ name: { $gt: 'item9' } }, num)).toEqual(['item10']);
  });

  it('aggregation, count, distinct, update and delete take the collation', async () => {
    const agg = await names()
      .aggregate([{ $match: { name: 'ANNA' } }, { $sort: { _id: -1 } }, { $project: { _id: 0, name: 1 } }], { collation: ci })
      .toArray();
    expect(agg.map((d) => d.name)).toEqual(['ANNA', 'Anna', 'anna']);
    const sortedLater = await names()
      .aggregate([{ $match: { _id: { $in: [5, 6, 7, 8] } } }, { $project: { name: 1 } }, { $sort: { name: 1 } }], { collation: { locale: 'en' } })
      .toArray();
    expect(sortedLater.map((d) => d.name)).toEqual(['apple', 'banana', 'Bob', 'Cherry']);
    const groups = await names()
      .aggregate([{ $match: { _id: { $lte: 4 } } }, { $group: { _id: '$name', n: { $sum: 1 } } }, { $sort: { n: -1 } }], { collation: ci })
      .toArray();
    expect(groups).toEqual([
      { _id: 'anna', n: 3 },
      { _id: 'Änna', n: 1 },
    ]);
    expect(await names().countDocuments({ name: 'ANNA' }, { collation: ci })).toBe(3);
    expect(await names().distinct('name', { _id: { $lte: 4 } }, { collation: ci })).toEqual(['anna', 'Änna']);
    const up = await names().updateMany({ name: 'ANNA' }, { $set: { seen: true } }, { collation: ci });
    expect(up.modifiedCount).toBe(3);
    const scratch = h.db.collection('scratch');
    await scratch.insertMany([{ v: 'X' }, { v: 'x' }, { v: 'y' }]);
    expect((await scratch.deleteMany({ v: 'x' }, { collation: ci })).deletedCount).toBe(2);
    const fam = await scratch.findOneAndUpdate({ v: 'Y' }, { $set: { w: 1 } }, { collation: ci, returnDocument: 'after' });
    expect(fam).toMatchObject({ v: 'y', w: 1 });
  });

  it("a collection's default collation applies to its queries and indexes; { locale: 'simple' } opts out", async () => {
    await h.db.createCollection('people', { collation: ci });
    const people = h.db.collection('people');
    await people.insertMany([{ n: 'zoe' }, { n: 'Zoe' }, { n: 'amy' }]);
    expect(await people.countDocuments({ n: 'ZOE' })).toBe(2);
    expect((await people.find({ n: 'ZOE' }, { collation: { locale: 'simple' } }).toArray()).length).toBe(0);
    const [info] = await h.db.listCollections({ name: 'people' }).toArray();
    expect((info as unknown as { options: { collation: object } }).options.collation).toMatchObject({ locale: 'en', strength: 2 });
    await people.createIndex({ n: 1 });
    const idx = (await people.listIndexes().toArray()).find((i) => i.name === 'n_1');
    expect(idx?.collation).toMatchObject({ locale: 'en', strength: 2 });
    await people.createIndex({ tag: 1 }, { unique: true, sparse: true });
    await people.updateOne({ n: 'amy' }, { $set: { tag: 'T' } });
    expect((await failure(people.updateOne({ n: 'zoe' }, { $set: { tag: 't' } }))).code).toBe(11000);
  });

  it('refuses malformed collations and what it cannot honour', async () => {
    expect(
      (
        await failure(
          names()
            .find({}, { collation: { locale: 'xx_NOPE' } })
            .toArray(),
        )
      ).code,
    ).toBe(2);
    expect(
      (
        await failure(
          names()
            .find({}, { collation: { locale: 'en', strength: 7 } })
            .toArray(),
        )
      ).code,
    ).toBe(2);
    expect(
      (
        await failure(
          names()
            .find({}, { collation: { strength: 2 } as never })
            .toArray(),
        )
      ).code,
    ).toBe(9);
    expect(
      (
        await failure(
          names()
            .find({}, { collation: { locale: 'en', strength: 4, alternate: 'shifted' } })
            .toArray(),
        )
      ).code,
    ).toBe(238);
    expect(await ids({ name: 'anna' }, { locale: 'en', strength: 5 })).toEqual(['anna']);
    expect(await ids({ name: 'anna' }, { locale: 'en', strength: 4 })).toEqual(['anna']);
    const e = await failure(
      names()
        .find({}, { collation: { locale: 'fr', backwards: true } })
        .toArray(),
    );
    expect(e.code).toBe(238);
    expect(e.message).toMatch(/backwards/);
    expect(
      await names()
        .find({ name: 'anna' }, { collation: { locale: 'simple' } })
        .toArray(),
    ).toHaveLength(1);
  });
});
