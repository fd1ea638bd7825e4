// MongoDB semantics as an application reaches them through Mongoose: explain, a schema-level
// collation with a case-insensitive unique index, a server-side $jsonSchema validator, Int64 /
// Double fields through aggregation, and snapshot reads in a transaction.
import mongoose, { Schema } from 'mongoose';
import { EmbeddedMongoHandle, startEmbeddedMongo } from '../src';

let server: EmbeddedMongoHandle;
let conn: mongoose.Connection;

beforeAll(async () => {
  server = await startEmbeddedMongo({ inWorker: false });
  conn = await mongoose.createConnection(server.uri, { dbName: 'msem' }).asPromise();
});

afterAll(async () => {
  await conn?.close();
  await server?.stop();
});

describe('through Mongoose', () => {
  it('explain shows the index a query uses', async () => {
    const M = conn.model('Explained', new Schema({ handle: { type: String, index: true }, n: Number }));
    await M.init();
    await M.create([
      { handle: 'a', n: 1 },
      { handle: 'b', n: 2 },
    ]);
    const ex = (await M.find({ handle: 'a' }).explain('executionStats')) as unknown as Array<{
      queryPlanner: { winningPlan: { stage: string; inputStage: { stage: string; indexName: string } } };
      executionStats: { nReturned: number };
    }>;
    const plan = Array.isArray(ex) ? ex[0] : (ex as never);
    expect(plan.queryPlanner.winningPlan.stage).toBe('FETCH');
    expect(plan.queryPlanner.winningPlan.inputStage).toMatchObject({ stage: 'IXSCAN', indexName: 'handle_1' });
    expect(plan.executionStats.nReturned).toBe(1);
  });

  it('a schema collation makes the unique email index case-insensitive', async () => {
    const schema = new Schema({ email: { type: String, unique: true } }, { collation: { locale: 'en', strength: 2 } });
    const M = conn.model('CiUser', schema);
    await M.init();
    await M.create({ email: 'a@x.com' });
    await expect(M.create({ email: 'A@x.com' })).rejects.toMatchObject({ code: 11000 });
    expect(await M.countDocuments({ email: 'A@X.COM' })).toBe(1);
    expect((await M.findOne({ email: 'A@X.COM' }))?.email).toBe('a@x.com');
  });

  it('a server-side $jsonSchema validator refuses with 121 and errInfo', async () => {
    const M = conn.model('Validated', new Schema({ name: String, age: Number }, { validateBeforeSave: false }));
    await M.createCollection({ validator: { $jsonSchema: { required: ['name'], properties: { age: { bsonType: ['int', 'double'], minimum: 0 } } } } } as never);
    await M.create({ name: 'ok', age: 3 });
    const e = await M.create({ age: -1 }).catch((err: { code: number; errInfo?: { details: { operatorName: string } } }) => err);
    expect((e as { code: number }).code).toBe(121);
    expect((e as { errInfo: { details: { operatorName: string } } }).errInfo.details.operatorName).toBe('$jsonSchema');
  });

  it('Int64 and integral Double fields keep their types through aggregation', async () => {
    const coll = conn.db!.collection('typed');
    await coll.insertOne({ big: mongoose.mongo.Long.fromNumber(5), d: new mongoose.mongo.Double(2) });
    const [doc] = await coll.aggregate([{ $project: { big: 1, d: 1, s: { $add: ['$big', 1] } } }], { promoteLongs: false, promoteValues: false }).toArray();
    expect((doc.big as { _bsontype: string })._bsontype).toBe('Long');
    expect((doc.d as { _bsontype: string })._bsontype).toBe('Double');
    expect((doc.s as { _bsontype: string })._bsontype).toBe('Long');
  });

  it('a transaction reads its snapshot while others commit', async () => {
    const M = conn.model('Snap', new Schema({ v: Number }));
    await M.init();
    const doc = await M.create({ v: 1 });
    const session = await conn.startSession();
    try {
      session.startTransaction();
      expect((await M.findById(doc._id).session(session))?.v).toBe(1);
      await M.updateOne({ _id: doc._id }, { v: 2 });
      expect((await M.findById(doc._id).session(session))?.v).toBe(1);
      await session.abortTransaction();
    } finally {
      await session.endSession();
    }
    expect((await M.findById(doc._id))?.v).toBe(2);
  });
});
