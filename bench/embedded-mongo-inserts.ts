// Inserts 100,000 documents (insertMany in batches of 1,000, through the real driver) into an
// embedded server on a temporary data directory (journal + fsync on), once into a collection
// with a unique index and once without, and prints both times and their ratio.
//   node -r @swc-node/register bench/embedded-mongo-inserts.ts
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../libs/embedded-mongo/src';

const TOTAL = 100_000;
const BATCH = 1_000;

async function run(client: MongoClient, coll: string, unique: boolean, total = TOTAL): Promise<number> {
  const c = client.db('bench').collection(coll);
  if (unique) await c.createIndex({ email: 1 }, { unique: true });
  const t0 = performance.now();
  for (let i = 0; i < total; i += BATCH) {
    const docs = Array.from({ length: BATCH }, (_, j) => ({ email: `user${i + j}@example.com`, n: i + j, createdAt: new Date() }));
    await c.insertMany(docs, { ordered: false });
  }
  const ms = performance.now() - t0;
  if ((await c.estimatedDocumentCount()) !== total) throw new Error(`${coll}: wrong count`);
  return ms;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bench-'));
  const server = await startEmbeddedMongo({ dataDir });
  const client = await MongoClient.connect(server.uri);
  try {
    await run(client, 'warmup', true, 20_000); // JIT warm-up so the order of the runs does not matter
    const plain = await run(client, 'plain', false);
    const indexed = await run(client, 'unique', true);
    console.log(`${TOTAL} inserts without index:       ${(plain / 1000).toFixed(2)} s`);
    console.log(`${TOTAL} inserts with unique index:   ${(indexed / 1000).toFixed(2)} s`);
    console.log(`ratio unique/plain: ${(indexed / plain).toFixed(2)}x`);
  } finally {
    await client.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
