// A document's own `__proto__` key (a `JSON.parse`d value has one) is a field like any other for
// MongoDB: stored, returned, queried and updated by every write. So are the other names
// Object.prototype has (`constructor`, `toString` …), and nothing a client writes reaches
// Object.prototype.
import { Doc } from '../src/bson/values';
import { useServer } from './harness';

const h = useServer();

/** A value with own `__proto__` keys, as a JSON body parses (an object literal cannot write one). */
const parsed = (json: string): Doc => JSON.parse(json) as Doc;

function ownProto(v: unknown): unknown {
  return v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, '__proto__') ? (v as Doc)['__proto__'] : 'missing';
}

async function stored(name: string, id: number): Promise<Doc> {
  return (await h.db.collection(name).findOne({ _id: id as never })) as Doc;
}

afterEach(() => {
  // Nothing any write did may reach the prototype every object shares.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Doc).polluted).toBeUndefined();
});

describe('own __proto__ keys', () => {
  it('are inserted, found, projected and matched like any field', async () => {
    const c = h.db.collection('find');
    await c.insertMany([parsed('{"_id": 1, "__proto__": {"x": 1}, "n": 1}'), { _id: 2 as never, n: 2, a: parsed('{"__proto__": "nested"}') }]);
    expect(ownProto(await stored('find', 1))).toEqual({ x: 1 });
    expect(ownProto((await stored('find', 2)).a)).toBe('nested');
    expect(ownProto(await c.findOne({ _id: 1 as never }, { projection: parsed('{"__proto__": 1}') }))).toEqual({ x: 1 });
    expect(ownProto(await c.findOne({ _id: 1 as never }, { projection: parsed('{"__proto__.x": 1}') }))).toEqual({ x: 1 });
    const ids = async (filter: Doc) => (await c.find(filter).toArray()).map((d) => d._id);
    expect(await ids(parsed('{"__proto__.x": 1}'))).toEqual([1]);
    expect(await ids(parsed('{"__proto__": {"x": 1}}'))).toEqual([1]);
    expect(await ids(parsed('{"__proto__": {"$exists": false}}'))).toEqual([2]);
    expect(await ids(parsed('{"a.__proto__": "nested"}'))).toEqual([2]);
  });

  it('are stored by $set, findOneAndUpdate, $push (with $each) and $addToSet, and matched by $pull', async () => {
    const c = h.db.collection('set');
    await c.insertOne({ _id: 1 as never, path1: {} });
    await c.updateOne({ _id: 1 as never }, { $set: { path1: parsed('{"__proto__": "abcd"}'), sub: parsed('{"__proto__": {"q": 1}, "k": 2}') } });
    let doc = await stored('set', 1);
    expect(ownProto(doc.path1)).toBe('abcd');
    expect(doc.sub).toEqual(parsed('{"__proto__": {"q": 1}, "k": 2}'));
    const after = await c.findOneAndUpdate({ _id: 1 as never }, { $set: { f: parsed('{"__proto__": "fam"}') } }, { returnDocument: 'after' });
    expect(ownProto(after?.f)).toBe('fam');
    await c.updateOne({ _id: 1 as never }, { $push: { list: parsed('{"__proto__": 7}'), each: { $each: [parsed('{"__proto__": 8, "k": 1}')] } } } as never);
    await c.updateOne({ _id: 1 as never }, { $addToSet: { set: parsed('{"__proto__": 9}') } });
    doc = await stored('set', 1);
    expect([ownProto(doc.f), ownProto((doc.list as Doc[])[0]), ownProto((doc.each as Doc[])[0]), ownProto((doc.set as Doc[])[0])]).toEqual(['fam', 7, 8, 9]);
    await c.updateOne({ _id: 1 as never }, { $pull: { list: parsed('{"__proto__": 7}') } } as never);
    expect((await stored('set', 1)).list).toEqual([]);
  });

  it('are stored by upserts ($set, $setOnInsert, the filter seed) and replacements', async () => {
    const c = h.db.collection('upsert');
    await c.updateOne({ _id: 1 as never }, { $set: { b: parsed('{"__proto__": "set"}') } }, { upsert: true });
    await c.updateOne({ _id: 2 as never }, { $setOnInsert: { b: parsed('{"__proto__": "soi"}') } }, { upsert: true });
    await c.updateOne({ _id: 3 as never, b: parsed('{"__proto__": "seed"}') }, { $set: { z: 1 } }, { upsert: true });
    await c.replaceOne({ _id: 4 as never }, { b: parsed('{"__proto__": "upserted"}') }, { upsert: true });
    const found = await Promise.all([1, 2, 3, 4].map((id) => stored('upsert', id)));
    expect(found.map((d) => ownProto(d.b))).toEqual(['set', 'soi', 'seed', 'upserted']);
    await c.replaceOne({ _id: 1 as never }, parsed('{"__proto__": "top", "b": {"__proto__": "replaced"}}'));
    const replaced = await stored('upsert', 1);
    expect([ownProto(replaced), ownProto(replaced.b)]).toEqual(['top', 'replaced']);
  });

  it('are kept by updates of the fields beside them', async () => {
    const c = h.db.collection('beside');
    await c.insertOne(parsed('{"_id": 1, "__proto__": "top", "sub": {"__proto__": [1]}, "arr": [{"x": 1, "__proto__": 0}], "n": 0}'));
    await c.updateOne({ _id: 1 as never }, { $set: { v: 1 }, $inc: { n: 1 }, $push: { l: 1 } } as never);
    await c.updateOne({ _id: 1 as never }, { $set: { 'arr.$[e].y': 2 } }, { arrayFilters: [{ 'e.x': 1 }] });
    await c.updateOne({ _id: 1 as never }, [{ $set: { w: 1 } }]);
    const doc = await stored('beside', 1);
    expect([ownProto(doc), ownProto(doc.sub), ownProto((doc.arr as Doc[])[0])]).toEqual(['top', [1], 0]);
    expect([doc.v, doc.n, doc.l, (doc.arr as Doc[])[0].y, doc.w]).toEqual([1, 1, [1], 2, 1]);
  });

  it('are fields of paths: $set and $rename through __proto__ or constructor write fields, never the prototype', async () => {
    const c = h.db.collection('paths');
    await c.insertOne({ _id: 1 as never, hello: 'world', other: 'o' });
    await c.updateOne({ _id: 1 as never }, { $rename: { hello: '__proto__.polluted' } });
    expect(ownProto(await stored('paths', 1))).toEqual({ polluted: 'world' });
    await c.updateOne({ _id: 1 as never }, { $set: { '__proto__.x': 1, 'n.__proto__': 3 } });
    await c.updateOne({ _id: 1 as never }, { $rename: { other: 'constructor.polluted' }, $set: { toString: 5 } });
    const doc = await stored('paths', 1);
    expect(ownProto(doc)).toEqual({ polluted: 'world', x: 1 });
    expect(ownProto(doc.n)).toBe(3);
    expect(Object.prototype.hasOwnProperty.call(doc, 'constructor') && doc.constructor).toEqual({ polluted: 'o' });
    expect(Object.prototype.hasOwnProperty.call(doc, 'toString') && doc.toString).toBe(5);
  });

  it('a field named constructor is only ever the document’s own (sort, index, null equality)', async () => {
    const c = h.db.collection('constructor');
    await c.insertMany([{ _id: 1 as never, a: 1 }, { _id: 2 as never, constructor: 3 } as never, { _id: 3 as never, constructor: null } as never]);
    const ids = async (cursor: { toArray(): Promise<Doc[]> }) => (await cursor.toArray()).map((d) => d._id);
    expect(await ids(c.find({}).sort({ constructor: 1, _id: 1 } as never))).toEqual([1, 3, 2]);
    await c.createIndex({ constructor: 1 } as never);
    expect(await ids(c.find({ constructor: null } as never))).toEqual([1, 3]);
  });
});
