// Durability: acknowledged writes survive kill -9; torn journal tails are truncated; snapshots
// (compaction) and clean stops preserve data, indexes and metadata; the data directory lock.
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Long, MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../src';

const tmpDirs: string[] = [];
function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-dur-'));
  tmpDirs.push(d);
  return d;
}
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function withServer<T>(dataDir: string, fn: (client: MongoClient) => Promise<T>, extra = {}): Promise<T> {
  const server = await startEmbeddedMongo({ dataDir, inWorker: false, ...extra });
  const client = await MongoClient.connect(server.uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
    await server.stop();
  }
}

function runWriter(dataDir: string, acksBeforeKill: number): Promise<{ acked: number[]; attempted: number }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', path.join(__dirname, 'fixtures/durability-writer.ts'), dataDir], {
      cwd: path.resolve(__dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: number[] = [];
    let attempted = 0;
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines) {
        const [kind, n] = line.split(' ');
        if (kind === 'ATTEMPT') attempted = Number(n) + 1;
        if (kind === 'ACK') acked.push(Number(n));
      }
      if (acked.length >= acksBeforeKill && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ acked, attempted });
      else reject(new Error(`writer exited with ${code}: ${err}`));
    });
  });
}

describe('durability', () => {
  it('keeps every acknowledged insert after kill -9, and nothing beyond what was attempted', async () => {
    const dir = tmpDir();
    const { acked, attempted } = await runWriter(dir, 300);
    expect(acked.length).toBeGreaterThanOrEqual(300);
    // The killed process left its lock behind; a restart must take it over.
    expect(fs.existsSync(path.join(dir, 'mongod.lock'))).toBe(true);
    await withServer(dir, async (client) => {
      const c = client.db('dur').collection('events');
      const ns = new Set((await c.find({}, { projection: { n: 1 } }).toArray()).map((d) => d.n as number));
      for (const n of acked) expect(ns.has(n)).toBe(true);
      expect(ns.size).toBeLessThanOrEqual(attempted);
      // The unique index definition survived too.
      expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_', 'n_1']);
      await expect(c.insertOne({ n: acked[0] })).rejects.toMatchObject({ code: 11000 });
    });
  }, 120_000);

  it('truncates a torn trailing journal record on recovery', async () => {
    const dir = tmpDir();
    await withServer(dir, async (client) => {
      await client
        .db('t')
        .collection('c')
        .insertMany([{ a: 1 }, { a: 2 }]);
    });
    // Simulate a crash mid-append: garbage (a plausible length, wrong checksum) after the log.
    const server = await startEmbeddedMongo({ dataDir: dir, inWorker: false, compactBytes: 1e12 });
    const client = await MongoClient.connect(server.uri);
    await client.db('t').collection('c').insertOne({ a: 3 });
    await client.close();
    // Kill-like: copy the directory while the server still holds it (no clean-stop compaction).
    const crashed = tmpDir();
    fs.cpSync(dir, crashed, { recursive: true });
    await server.stop();
    fs.rmSync(path.join(crashed, 'mongod.lock'));
    const journal = path.join(crashed, 'journal.bin');
    const torn = Buffer.alloc(40, 7);
    torn.writeUInt32LE(100, 0);
    fs.appendFileSync(journal, torn);
    const sizeBefore = fs.statSync(journal).size;
    await withServer(
      crashed,
      async (c2) => {
        expect((await c2.db('t').collection('c').find().sort({ a: 1 }).toArray()).map((d) => d.a)).toEqual([1, 2, 3]);
      },
      { compactBytes: 1e12 },
    );
    expect(sizeBefore).toBeGreaterThan(40);
  });

  it('compacts the journal into a snapshot and restarts from it with types intact', async () => {
    const dir = tmpDir();
    await withServer(
      dir,
      async (client) => {
        const c = client.db('s').collection('docs');
        await c.createIndex({ k: 1 }, { unique: true, partialFilterExpression: { live: true } });
        for (let i = 0; i < 20; i++)
          await c.insertMany(Array.from({ length: 100 }, (_, j) => ({ k: i * 100 + j, live: true, big: Long.fromNumber(i), blob: 'y'.repeat(100) })));
        await c.deleteMany({ k: { $lt: 100 } });
        await client.db('s').createCollection('empty');
      },
      { compactBytes: 32 * 1024 },
    );
    expect(fs.existsSync(path.join(dir, 'snapshot.bson'))).toBe(true);
    expect(fs.statSync(path.join(dir, 'journal.bin')).size).toBe(0); // clean stop compacts
    await withServer(dir, async (client) => {
      const db = client.db('s');
      expect(await db.collection('docs').countDocuments()).toBe(1900);
      const one = await db.collection('docs').findOne({ k: 150 }, { promoteLongs: false });
      expect(one?.big).toBeInstanceOf(Long);
      expect((await db.listCollections().toArray()).map((c) => c.name).sort()).toEqual(['docs', 'empty']);
      const idx = (await db.collection('docs').indexes()).find((i) => i.name === 'k_1');
      expect(idx?.partialFilterExpression).toEqual({ live: true });
      await expect(db.collection('docs').insertOne({ k: 150, live: true })).rejects.toMatchObject({ code: 11000 });
    });
  });

  it('journals a transaction as one record: committed transactions survive, open ones vanish', async () => {
    const dir = tmpDir();
    const server = await startEmbeddedMongo({ dataDir: dir, inWorker: false, compactBytes: 1e12 });
    const client = await MongoClient.connect(server.uri);
    const c = client.db('t').collection('tx');
    const s1 = client.startSession();
    await s1.withTransaction(async () => {
      await c.insertOne({ committed: 1 }, { session: s1 });
      await c.insertOne({ committed: 2 }, { session: s1 });
    });
    const s2 = client.startSession();
    s2.startTransaction();
    await c.insertOne({ open: true }, { session: s2 });
    const crashed = tmpDir();
    fs.cpSync(dir, crashed, { recursive: true });
    fs.rmSync(path.join(crashed, 'mongod.lock'));
    await s2.abortTransaction();
    await Promise.all([s1.endSession(), s2.endSession()]);
    await client.close();
    await server.stop();
    await withServer(crashed, async (c2) => {
      const docs = await c2
        .db('t')
        .collection('tx')
        .find({}, { projection: { _id: 0 } })
        .toArray();
      expect(docs).toEqual([{ committed: 1 }, { committed: 2 }]);
    });
  });

  it('refuses a second server on the same data directory, and reopens after stop', async () => {
    const dir = tmpDir();
    const first = await startEmbeddedMongo({ dataDir: dir, inWorker: false });
    await expect(startEmbeddedMongo({ dataDir: dir, inWorker: false })).rejects.toThrow(/in use/);
    await expect(startEmbeddedMongo({ dataDir: dir })).rejects.toThrow(/in use/); // worker mode too
    await first.stop();
    const second = await startEmbeddedMongo({ dataDir: dir, inWorker: false });
    await second.stop();
  });

  it('starts quickly on an empty data directory (well under a second when idle)', async () => {
    const t0 = Date.now();
    const s = await startEmbeddedMongo({ dataDir: path.join(tmpDir(), 'fresh'), inWorker: false });
    const ms = Date.now() - t0;
    await s.stop();
    expect(ms).toBeLessThan(3000); // margin for a loaded CI machine
  });

  it('an index with an _id field answers the same after a restart, before and after a non-ObjectId _id', async () => {
    // (the index keeps no `_id` slot while every id is an ObjectId's, and one from the first other id)
    const dir = tmpDir();
    const oids = Array.from({ length: 6 }, () => new ObjectId());
    const page = (client: MongoClient) =>
      client.db('app').collection<{ _id: ObjectId | string; a: number }>('c').find({ a: 1 }, { hint: 'a_1__id_-1' }).sort({ a: 1, _id: -1 }).toArray();
    const objectIdsFirst = oids.filter((_, i) => i % 2 === 1).reverse();
    await withServer(dir, async (client) => {
      const c = client.db('app').collection<{ _id: ObjectId | string; a: number }>('c');
      await c.createIndex({ a: 1, _id: -1 });
      await c.insertMany(oids.map((_id, i) => ({ _id, a: i % 2 })));
      expect((await page(client)).map((d) => d._id)).toEqual(objectIdsFirst);
    });
    await withServer(dir, async (client) => {
      expect((await page(client)).map((d) => d._id)).toEqual(objectIdsFirst);
      await client.db('app').collection<{ _id: ObjectId | string; a: number }>('c').insertOne({ _id: 'x', a: 1 });
      // (BSON orders strings before ObjectIds: last, descending)
      expect((await page(client)).map((d) => d._id)).toEqual([...objectIdsFirst, 'x']);
    });
    await withServer(dir, async (client) => {
      expect((await page(client)).map((d) => d._id)).toEqual([...objectIdsFirst, 'x']);
      // (type bracketing: `$lt` an ObjectId matches ObjectIds only, not 'x')
      expect(
        await client
          .db('app')
          .collection('c')
          .countDocuments({ a: 1, _id: { $lt: oids[5] } }),
      ).toBe(2);
    });
  });
});
