import { startEmbeddedMongo, type EmbeddedMongoHandle } from '@app/embedded-mongo';
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { isDuplicateKeyError } from './mongo-errors';
import { runUpdates } from './update-command';

describe('runUpdates', () => {
  let server: EmbeddedMongoHandle;
  let client: MongoClient;
  let db: Db;
  beforeAll(async () => {
    server = await startEmbeddedMongo({ inWorker: false });
    client = await MongoClient.connect(server.uri);
    db = client.db('update_command');
  });
  beforeEach(async () => {
    await db.collection('items').deleteMany({});
    await db.collection('items').insertMany(Array.from({ length: 5 }, (_, i) => ({ _id: i as never, n: i, tag: i % 2 ? 'odd' : 'even' })));
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('applies each statement (multi to every match) and counts what matched and what changed', async () => {
    const result = await runUpdates(db, 'items', [
      { q: { _id: 0 }, u: { $set: { n: 100 } } },
      { q: { tag: 'odd' }, u: { $inc: { n: 10 } }, multi: true },
      { q: { _id: 4 }, u: { $set: { n: 4 } } }, // matches, changes nothing
      { q: { _id: 42 }, u: { $set: { n: 1 } } }, // matches nothing
    ]);
    expect(result).toEqual({ matched: 4, modified: 3 });
    const docs = await db
      .collection('items')
      .find({}, { sort: { _id: 1 } })
      .toArray();
    expect(docs.map((d) => d.n)).toEqual([100, 11, 2, 13, 4]);
  });

  it("rejects with the server's write error (a duplicate key is recognised) after the others applied, unordered", async () => {
    await db.collection('items').createIndex({ tag: 1, n: 1 }, { unique: true });
    try {
      const run = runUpdates(db, 'items', [
        { q: { _id: 1 }, u: { $set: { tag: 'even', n: 0 } } }, // collides with _id 0
        { q: { _id: 2 }, u: { $set: { n: 200 } } },
      ]);
      const err = await run.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MongoServerError);
      expect(isDuplicateKeyError(err)).toBe(true);
      expect((await db.collection('items').findOne({ _id: 2 as never }))?.n).toBe(200);
      expect((await db.collection('items').findOne({ _id: 1 as never }))?.tag).toBe('odd');
    } finally {
      await db.collection('items').dropIndex('tag_1_n_1');
    }
  });

  it('writes in the transaction it is given: nothing is seen outside it until commit', async () => {
    const session = client.startSession();
    try {
      session.startTransaction();
      await runUpdates(db, 'items', [{ q: { _id: 3 }, u: { $set: { n: 300 } } }], session);
      expect((await db.collection('items').findOne({ _id: 3 as never }))?.n).toBe(3);
      await session.commitTransaction();
    } finally {
      await session.endSession();
    }
    expect((await db.collection('items').findOne({ _id: 3 as never }))?.n).toBe(300);
  });
});
