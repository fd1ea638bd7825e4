import { startEmbeddedMongo, type EmbeddedMongoHandle } from '@app/embedded-mongo';
import { Binary, MongoClient, MongoServerError, type CommandStartedEvent, type CommandSucceededEvent, type Db, type Document } from 'mongodb';
import { commandDocuments, singleBatchDocuments } from './command-cursor';

let server: EmbeddedMongoHandle;
let client: MongoClient;
beforeAll(async () => {
  server = await startEmbeddedMongo({ inWorker: false });
  client = await MongoClient.connect(server.uri, { monitorCommands: true });
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

/** A database of its own holding `items` with `_id` 0…count-1 and `n` = 10 × `_id`. */
async function itemsDb(name: string, count: number): Promise<Db> {
  const db = client.db(name);
  await db.collection('items').insertMany(Array.from({ length: count }, (_, i) => ({ _id: i as never, n: i * 10 })));
  return db;
}

describe('commandDocuments', () => {
  let db: Db;
  beforeAll(async () => {
    db = await itemsDb('command_cursor', 7);
  });

  it('returns a first batch that holds everything as it is', async () => {
    const docs = await commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $sort: { _id: -1 } }, { $limit: 3 }], cursor: {} });
    expect(docs).toEqual([
      { _id: 6, n: 60 },
      { _id: 5, n: 50 },
      { _id: 4, n: 40 },
    ]);
  });

  it('reads a cursor left open by its first batch to the end by getMore, in order', async () => {
    const docs = await commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $sort: { _id: 1 } }], cursor: { batchSize: 2 } });
    expect(docs.map((d) => (d as { _id: number })._id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const found = await commandDocuments(db, 'items', { find: 'items', filter: { n: { $gte: 30 } }, sort: { _id: 1 }, batchSize: 1 });
    expect(found).toHaveLength(4);
  });

  it('sends each getMore in the session that opened its cursor, with other reads in flight', async () => {
    // MongoDB refuses a getMore from another session than its cursor's. The driver's implicit
    // sessions come from a pool: one read at a time gets the same one back, concurrent reads do not.
    const lsid = (command: Document) => (command.lsid as { id: Binary }).id.toString('hex');
    const opened = new Map<number, string>(); // aggregate's request id → its session
    const cursorSession = new Map<string, string>(); // cursor id → the session that opened it
    const getMores: Array<{ cursor: string; session: string }> = [];
    const started = (e: CommandStartedEvent) => {
      if (e.commandName === 'aggregate') opened.set(e.requestId, lsid(e.command));
      if (e.commandName === 'getMore') getMores.push({ cursor: String(e.command.getMore), session: lsid(e.command) });
    };
    const succeeded = (e: CommandSucceededEvent) => {
      if (e.commandName === 'aggregate') cursorSession.set(String((e.reply as { cursor: { id: unknown } }).cursor.id), opened.get(e.requestId)!);
    };
    client.on('commandStarted', started);
    client.on('commandSucceeded', succeeded);
    const reads = await Promise.all(
      Array.from({ length: 6 }, () => commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $sort: { _id: 1 } }], cursor: { batchSize: 1 } })),
    );
    client.off('commandStarted', started);
    client.off('commandSucceeded', succeeded);
    for (const docs of reads) expect(docs).toHaveLength(7);
    expect(getMores).toHaveLength(6);
    expect(getMores.filter((g) => cursorSession.get(g.cursor) !== g.session)).toEqual([]);
  });

  it('returns nothing for no match, and the server’s error for a bad command', async () => {
    expect(await commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $match: { n: -1 } }], cursor: {} })).toEqual([]);
    await expect(commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $nope: 1 }], cursor: {} })).rejects.toBeInstanceOf(MongoServerError);
  });
});

describe('singleBatchDocuments', () => {
  let db: Db;
  beforeAll(async () => {
    db = await itemsDb('single_batch', 150);
  });

  it('returns up to the limit, in the sort order, and the server keeps no cursor open', async () => {
    const ids: unknown[] = [];
    const succeeded = (e: CommandSucceededEvent) => {
      if (e.commandName === 'find') ids.push((e.reply as { cursor: { id: unknown } }).cursor.id);
    };
    client.on('commandSucceeded', succeeded);
    const docs = await singleBatchDocuments(db, { find: 'items', filter: { n: { $lte: 60 } }, sort: { n: -1 }, limit: 3 });
    const all = await singleBatchDocuments(db, { find: 'items', filter: {}, sort: { _id: 1 }, limit: 140 });
    client.off('commandSucceeded', succeeded);
    expect(docs).toEqual([
      { _id: 6, n: 60 },
      { _id: 5, n: 50 },
      { _id: 4, n: 40 },
    ]);
    // Past the default first batch (101): the limit is the batch size, so one reply holds it all.
    expect(all.map((d) => (d as { _id: number })._id)).toEqual(Array.from({ length: 140 }, (_, i) => i));
    expect(ids.map(Number)).toEqual([0, 0]);
  });

  it('reads in the transaction it is given', async () => {
    const session = client.startSession();
    try {
      session.startTransaction();
      await db.collection('items').insertOne({ _id: 999 as never, n: 9990 }, { session });
      expect(await singleBatchDocuments(db, { find: 'items', filter: { _id: 999 }, limit: 1 }, session)).toEqual([{ _id: 999, n: 9990 }]);
      expect(await singleBatchDocuments(db, { find: 'items', filter: { _id: 999 }, limit: 1 })).toEqual([]);
    } finally {
      await session.abortTransaction();
      await session.endSession();
    }
  });
});
