import { startEmbeddedMongo, type EmbeddedMongoHandle } from '@app/embedded-mongo';
import { Binary, MongoServerError, ObjectId, type CommandStartedEvent, type CommandSucceededEvent, type Document } from 'mongodb';
import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import { PlatformPostSchema } from '../posts/schemas/platform-post.schema';
import { PostGroupSchema } from '../posts/schemas/post-group.schema';
import { PostLogSchema } from '../posts/schemas/post-log.schema';
import { UserSchema } from '../auth/schemas/user.schema';
import { WebhookDeliverySchema } from '../webhooks/schemas/webhook-delivery.schema';
import type { DatabaseInfo } from './database-info';
import { isDuplicateKeyError } from './mongo-errors';
import { Repository, type CacheConsistency, type FindOptions, type UpdateStatement } from './repository';
import { currentSession, outsideTransaction, Transactions } from './transactions';

interface Item {
  _id: ObjectId;
  name: string;
  n: number;
  tags: string[];
  nested: { flag: boolean };
  extra?: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  __v: number;
}

const ItemSchema = new Schema(
  {
    name: { type: String, required: true },
    n: { type: Number, default: 0 },
    tags: { type: [String], default: [] },
    nested: { flag: { type: Boolean, default: false } },
    extra: { type: Schema.Types.Mixed },
  },
  { collection: 'items', timestamps: true },
);

/** The base's protected methods, opened for the test; a cache of `find` by name. */
class ItemsRepository extends Repository<Item> {
  readonly byName;
  readonly loads: string[] = [];

  constructor(model: Model<unknown>, database: DatabaseInfo | undefined, consistency: CacheConsistency = 'next-read') {
    super(model, database);
    this.byName = this.cache<Item>({ consistency, max: 100 });
  }

  cachedByName(name: string): Promise<Item | null> {
    return this.byName.read(name, () => {
      this.loads.push(name);
      return this.findOne({ name });
    });
  }

  make = (fields: Partial<Item>) => this.newDocument(fields);
  insert = (fields: Partial<Item>) => this.insertOne(fields);
  insertAll = (fields: Array<Partial<Item>>) => this.insertMany(fields);
  findAll = (filter: Document, options?: FindOptions) => this.find(filter, options);
  first = (filter: Document) => this.findOne(filter);
  total = (filter: Document) => this.count(filter);
  pipeline = (stages: Document[]) => this.aggregate(stages);
  values = (field: string, filter: Document) => this.distinct(field, filter);
  set = (filter: Document, update: Document, upsert = false) => this.updateOne(filter, update, { upsert });
  setAll = (filter: Document, update: Document) => this.updateMany(filter, update);
  setAndRead = (filter: Document, update: Document, upsert = false) => this.findOneAndUpdate(filter, update, { returnDocument: 'after', upsert });
  each = (statements: UpdateStatement[]) => this.updateEach(statements);
  remove = (filter: Document) => this.deleteOne(filter);
  id = (value: unknown) => this.parseId(value);
}

let server: EmbeddedMongoHandle;
let connection: Connection;
let transactions: Transactions;
let database: DatabaseInfo;
let dbCount = 0;

beforeAll(async () => {
  server = await startEmbeddedMongo({ inWorker: false });
  connection = await mongoose.createConnection(server.uri.replace('/?', '/repository_spec?'), { monitorCommands: true }).asPromise();
  transactions = new Transactions(connection);
  database = { uri: server.uri, embedded: true, writeVersion: (c) => server.writeVersionReader(`repository_spec.${c}`) };
});
afterAll(async () => {
  await connection?.close();
  await server?.stop();
});

/** A repository over a collection of its own. */
function itemsRepository(options: { database?: DatabaseInfo; consistency?: CacheConsistency } = {}): ItemsRepository {
  const model = connection.model(`Item${dbCount++}`, ItemSchema.clone(), `items_${dbCount}`);
  return new ItemsRepository(model as unknown as Model<unknown>, 'database' in options ? options.database : database, options.consistency);
}

describe('Repository: documents as Mongoose stores them', () => {
  const cases: Array<[string, Schema, () => Document]> = [
    ['a post group', PostGroupSchema, () => ({ content: 'c', status: 'draft', platformSettings: {}, platforms: ['x'], userId: new ObjectId() })],
    [
      'a post group with empties inside a mixed field',
      PostGroupSchema,
      () => ({
        content: 'c',
        status: 'draft',
        scheduledTime: undefined,
        platformSettings: { x: {}, y: { z: {}, u: undefined }, w: { a: 1, e: {} } },
        platforms: ['x'],
        userId: new ObjectId(),
      }),
    ],
    [
      'a platform post',
      PlatformPostSchema,
      () => ({
        connectionId: new ObjectId(),
        platform: 'x',
        platformId: 'x-1',
        externalId: 'e',
        status: 'pending',
        content: 'c',
        userId: new ObjectId(),
        postGroupId: new ObjectId(),
      }),
    ],
    [
      'an outbox row',
      WebhookDeliverySchema,
      () => ({
        userId: new ObjectId(),
        webhookId: new ObjectId(),
        event: 'post.published',
        payload: '{}',
        status: 'pending',
        availableAt: new Date(),
        leaseToken: null,
        attemptCount: 0,
        attempts: [],
      }),
    ],
    ['a user (nested defaults)', UserSchema, () => ({ email: `${new ObjectId().toHexString()}@x.test`, passwordHash: 'h', plan: 'starter' })],
    [
      'a post log (minimize off: an empty metadata stays)',
      PostLogSchema,
      () => ({ postGroupId: new ObjectId(), userId: new ObjectId(), event: 'scheduled', metadata: {} }),
    ],
  ];

  it.each(cases)("%s: the same fields and values as Mongoose's save", async (_name, schema, fields) => {
    const model = connection.model(`Stored${dbCount++}`, schema.clone(), `stored_${dbCount}`);
    class Stored extends Repository<Document> {
      constructor() {
        super(model as unknown as Model<unknown>);
      }
      insert = (f: Document) => this.insertOne(f);
    }
    const input = fields();
    const before = JSON.stringify(input);
    const viaMongoose = await new model({ ...input }).save();
    // A unique email can be stored once: ours gets another.
    const ours = await new Stored().insert(input.email ? { ...input, email: `2${input.email}` } : input);
    expect(JSON.stringify(input)).toBe(before); // the caller's objects are left as they were
    const [expected, actual] = await Promise.all([model.collection.findOne({ _id: viaMongoose._id as ObjectId }), model.collection.findOne({ _id: ours._id })]);
    const comparable = (d: Document | null) => ({ ...d, _id: undefined, createdAt: undefined, updatedAt: undefined, email: undefined });
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(Object.keys(actual!).sort()).toEqual(Object.keys(expected!).sort());
    if (expected!.createdAt) expect(actual!.createdAt).toBeInstanceOf(Date);
  });

  it('keeps timestamps and ids the caller gives (seeding)', async () => {
    const repo = itemsRepository();
    const _id = new ObjectId();
    const createdAt = new Date('2020-01-01T00:00:00Z');
    const doc = await repo.insert({ _id, name: 'seed', createdAt, updatedAt: createdAt });
    expect(await repo.first({ _id })).toEqual({ ...doc, _id, createdAt, updatedAt: createdAt });
  });
});

describe('Repository: updates as Mongoose sent them', () => {
  it('sets updatedAt on every update and leaves undefined values out (a stored value stays)', async () => {
    const repo = itemsRepository();
    const { _id, updatedAt } = await repo.insert({ name: 'a', n: 1, extra: { keep: 1 } });
    await new Promise((r) => setTimeout(r, 5));
    await repo.set({ _id }, { $set: { n: undefined, extra: { keep: 2, drop: undefined } } });
    const after = await repo.first({ _id });
    expect(after!.n).toBe(1);
    expect(after!.extra).toEqual({ keep: 2 });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(updatedAt.getTime());
  });

  it("gives an upsert's insert createdAt, the version key and the defaults of paths neither the update nor the filter sets, as Mongoose's upsert", async () => {
    const repo = itemsRepository();
    const model = connection.model(`Upsert${dbCount++}`, ItemSchema.clone(), `upserts_${dbCount}`);
    await model.updateOne({ name: 'm' }, { $set: { 'nested.flag': true, tags: ['t'] } }, { upsert: true });
    const byMongoose = await model.collection.findOne({ name: 'm' });
    const ours = await repo.setAndRead({ name: 'm' }, { $set: { 'nested.flag': true, tags: ['t'] } }, true);
    const comparable = (d: Document | null) => ({ ...d, _id: undefined, createdAt: undefined, updatedAt: undefined });
    expect(comparable(ours as Document)).toEqual(comparable(byMongoose));
    expect(ours!.createdAt).toEqual(ours!.updatedAt);
  });

  it('updateEach: every statement in one command, matched and modified counted, upserts too', async () => {
    const repo = itemsRepository();
    await repo.insertAll([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    const result = await repo.each([
      { q: { name: 'a' }, u: { $set: { n: 5 } } },
      { q: { name: { $in: ['b', 'c'] } }, u: { $inc: { n: 1 } }, multi: true },
      { q: { name: 'zz' }, u: { $set: { n: 1 } } },
      { q: { name: 'new' }, u: { $setOnInsert: { n: 9 } }, upsert: true },
    ]);
    expect(result).toEqual({ matched: 3, modified: 3, upserted: 1 });
    expect((await repo.findAll({}, { sort: { name: 1 } })).map((d) => [d.name, d.n])).toEqual([
      ['a', 5],
      ['b', 1],
      ['c', 1],
      ['new', 9],
    ]);
  });

  it("updateEach rejects with the server's write error (a duplicate key is recognised)", async () => {
    const model = connection.model(`Unique${dbCount++}`, ItemSchema.clone().index({ name: 1 }, { unique: true }), `unique_${dbCount}`);
    await model.init();
    const repo = new ItemsRepository(model as unknown as Model<unknown>, database);
    await repo.insertAll([{ name: 'a' }, { name: 'b' }]);
    const err = await repo.each([{ q: { name: 'b' }, u: { $set: { name: 'a' } } }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(isDuplicateKeyError(err)).toBe(true);
  });
});

describe('Repository: ids and reads', () => {
  it('parseId: an ObjectId or 24 hex characters, else null (a lookup then answers not found)', () => {
    const repo = itemsRepository();
    const id = new ObjectId();
    expect(repo.id(id.toHexString())).toEqual(id);
    expect(repo.id(id)).toBe(id);
    for (const bad of ['nope', '', 'g'.repeat(24), { $ne: null }, 42, undefined]) expect(repo.id(bad)).toBeNull();
  });

  it('reads past the first batch: find and aggregate follow the cursor to its end, in order; count and distinct', async () => {
    const repo = itemsRepository();
    await repo.insertAll(Array.from({ length: 250 }, (_, i) => ({ name: `i${String(i).padStart(3, '0')}`, n: i % 7 })));
    const all = await repo.findAll({}, { sort: { name: 1 }, projection: { name: 1 } });
    expect(all.map((d) => d.name)).toEqual(Array.from({ length: 250 }, (_, i) => `i${String(i).padStart(3, '0')}`));
    expect(await repo.findAll({}, { sort: { name: 1 }, skip: 10, limit: 150 })).toHaveLength(150);
    expect(await repo.pipeline([{ $match: { n: { $gte: 0 } } }, { $sort: { name: -1 } }])).toHaveLength(250);
    expect(await repo.total({ n: 3 })).toBe(36);
    expect((await repo.values('n', {})).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('sends each getMore in the session that opened its cursor, with other reads in flight', async () => {
    // MongoDB refuses a getMore from another session than its cursor's.
    const repo = itemsRepository();
    await repo.insertAll(Array.from({ length: 300 }, (_, i) => ({ name: `s${i}` })));
    const client = connection.getClient();
    const lsid = (command: Document) => (command.lsid as { id: Binary }).id.toString('hex');
    const opened = new Map<number, string>();
    const cursorSession = new Map<string, string>();
    const getMores: Array<{ cursor: string; session: string }> = [];
    const started = (e: CommandStartedEvent) => {
      if (e.commandName === 'find') opened.set(e.requestId, lsid(e.command));
      if (e.commandName === 'getMore') getMores.push({ cursor: String(e.command.getMore), session: lsid(e.command) });
    };
    const succeeded = (e: CommandSucceededEvent) => {
      if (e.commandName === 'find') cursorSession.set(String((e.reply as { cursor: { id: unknown } }).cursor.id), opened.get(e.requestId)!);
    };
    client.on('commandStarted', started);
    client.on('commandSucceeded', succeeded);
    try {
      const reads = await Promise.all(Array.from({ length: 6 }, () => repo.findAll({}, { sort: { name: 1 } })));
      for (const read of reads) expect(read).toHaveLength(300);
    } finally {
      client.off('commandStarted', started);
      client.off('commandSucceeded', succeeded);
    }
    expect(getMores.length).toBeGreaterThanOrEqual(6);
    for (const g of getMores) expect(g.session).toBe(cursorSession.get(g.cursor));
  });
});

describe('Repository: the caller’s transaction', () => {
  it('every operation joins it: nothing is seen outside before the commit, nothing at all after an abort', async () => {
    const repo = itemsRepository();
    let seenOutside: Item | null = null;
    await transactions.run(async () => {
      expect(currentSession()?.inTransaction()).toBe(true);
      await repo.insert({ name: 'tx' });
      expect(await repo.first({ name: 'tx' })).not.toBeNull(); // its own write, in the transaction
      expect(await repo.total({ name: 'tx' })).toBe(1); // count inside a transaction
      // Another request's read, outside the transaction.
      seenOutside = await outsideTransaction(() => repo.first({ name: 'tx' }));
    });
    expect(seenOutside).toBeNull();
    expect(await repo.first({ name: 'tx' })).not.toBeNull();

    await expect(
      transactions.run(async () => {
        await repo.insert({ name: 'aborted' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await repo.first({ name: 'aborted' })).toBeNull();
  });

  it('a run inside another joins the outer transaction', async () => {
    const repo = itemsRepository();
    await expect(
      transactions.run(async () => {
        const outer = currentSession();
        await transactions.run(async () => {
          expect(currentSession()).toBe(outer);
          await repo.insert({ name: 'inner' });
        });
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await repo.first({ name: 'inner' })).toBeNull();
  });
});

describe('Repository: caches invalidate themselves', () => {
  it('every write through the repository empties them, whichever method wrote', async () => {
    const repo = itemsRepository();
    const { _id } = await repo.insert({ name: 'k', n: 1 });
    const writes: Array<() => Promise<unknown>> = [
      () => repo.set({ _id }, { $inc: { n: 1 } }),
      () => repo.setAll({ _id }, { $inc: { n: 1 } }),
      () => repo.setAndRead({ _id }, { $inc: { n: 1 } }),
      () => repo.each([{ q: { _id }, u: { $inc: { n: 1 } } }]),
      () => repo.insert({ name: 'other' }),
      () => repo.remove({ name: 'other' }),
    ];
    await repo.cachedByName('k');
    for (const write of writes) {
      const before = repo.loads.length;
      await repo.cachedByName('k');
      expect(repo.loads.length).toBe(before); // from memory
      await write();
      await repo.cachedByName('k');
      expect(repo.loads.length).toBe(before + 1);
    }
  });

  it('a write inside a transaction empties them again when it ends; reads inside it that follow a write skip them', async () => {
    const repo = itemsRepository();
    const { _id } = await repo.insert({ name: 'k', n: 1 });
    await transactions.run(async () => {
      await repo.set({ _id }, { $set: { n: 2 } });
      // After the transaction's write: its own state, not kept.
      expect((await repo.cachedByName('k'))?.n).toBe(2);
      expect((await repo.cachedByName('k'))?.n).toBe(2);
    });
    expect(repo.loads).toEqual(['k', 'k']);
    expect((await repo.cachedByName('k'))?.n).toBe(2);
    expect(repo.loads).toHaveLength(3);
  });

  it('a read inside a transaction that has not written the collection uses the cache, loading the latest committed state', async () => {
    const repo = itemsRepository();
    await repo.insert({ name: 'k', n: 1 });
    await repo.cachedByName('k');
    await transactions.run(async () => {
      expect((await repo.cachedByName('k'))?.n).toBe(1);
    });
    expect(repo.loads).toEqual(['k']);
  });

  it('next-read caches are off without the database’s write counter (an external MongoDB); withinMs caches are on', async () => {
    const external = { uri: 'mongodb://elsewhere', embedded: false };
    const off = itemsRepository({ database: external });
    const on = itemsRepository({ database: external, consistency: { withinMs: 5_000 } });
    expect(off.byName.enabled).toBe(false);
    expect(on.byName.enabled).toBe(true);
    for (const repo of [off, on]) {
      await repo.insert({ name: 'k' });
      await repo.cachedByName('k');
      await repo.cachedByName('k');
    }
    expect(off.loads).toHaveLength(2);
    expect(on.loads).toHaveLength(1);
  });

  it('with the write counter, a change by another client (not through the repository) applies on the next read', async () => {
    const repo = itemsRepository();
    const { _id } = await repo.insert({ name: 'k', n: 1 });
    expect((await repo.cachedByName('k'))?.n).toBe(1);
    const collection = (repo as unknown as { collection: { collectionName: string } }).collection.collectionName;
    await connection
      .getClient()
      .db('repository_spec')
      .collection<{ _id: ObjectId }>(collection)
      .updateOne({ _id }, { $set: { n: 7 } });
    expect((await repo.cachedByName('k'))?.n).toBe(7);
  });
});
