import { startEmbeddedMongo, type EmbeddedMongoHandle } from '@app/embedded-mongo';
import { Binary, MongoClient, MongoServerError, type CommandStartedEvent, type Db } from 'mongodb';
import { commandDocuments } from './command-cursor';

describe('commandDocuments', () => {
  let server: EmbeddedMongoHandle;
  let client: MongoClient;
  let db: Db;
  beforeAll(async () => {
    server = await startEmbeddedMongo({ inWorker: false });
    client = await MongoClient.connect(server.uri, { monitorCommands: true });
    db = client.db('command_cursor');
    await db.collection('items').insertMany(Array.from({ length: 7 }, (_, i) => ({ _id: i as never, n: i * 10 })));
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('returns a first batch that holds everything as it is', async () => {
    const docs = await commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $sort: { _id: -1 } }, { $limit: 3 }], cursor: {} });
    expect(docs).toEqual([
      { _id: 6, n: 60 },
      { _id: 5, n: 50 },
      { _id: 4, n: 40 },
    ]);
  });

  it('reads a cursor left open by its first batch to the end by getMore, in order, in the session that opened it', async () => {
    const sent: CommandStartedEvent[] = [];
    const record = (event: CommandStartedEvent) => sent.push(event);
    client.on('commandStarted', record);
    const docs = await commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $sort: { _id: 1 } }], cursor: { batchSize: 2 } });
    client.off('commandStarted', record);
    expect(docs.map((d) => (d as { _id: number })._id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // MongoDB refuses a getMore from another session than its cursor's.
    expect(sent.map((e) => e.commandName)).toEqual(['aggregate', 'getMore']);
    const sessions = sent.map((e) => (e.command.lsid as { id: Binary }).id.toString('hex'));
    expect(new Set(sessions).size).toBe(1);
    const found = await commandDocuments(db, 'items', { find: 'items', filter: { n: { $gte: 30 } }, sort: { _id: 1 }, batchSize: 1 });
    expect(found).toHaveLength(4);
  });

  it('returns nothing for no match, and the server’s error for a bad command', async () => {
    expect(await commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $match: { n: -1 } }], cursor: {} })).toEqual([]);
    await expect(commandDocuments(db, 'items', { aggregate: 'items', pipeline: [{ $nope: 1 }], cursor: {} })).rejects.toBeInstanceOf(MongoServerError);
  });
});
