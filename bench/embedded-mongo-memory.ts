/**
 * The embedded database's heap per stored data: N post groups and N platform posts (shaped like the
 * app's: one tenant, ten connections, createdAt = updatedAt, a status and platform each), with the
 * app's own indexes (read from its Mongoose schemas), inserted through the real driver into an
 * in-process server. Prints the heap the data holds after full collections beside its BSON size.
 *
 *   node -r @swc-node/register bench/embedded-mongo-memory.ts [groups=100000] [--no-indexes]
 *
 * In-process so that one full collection settles the whole heap; `bench/posts.ts` reports the
 * same data's resident growth with the database on its worker thread, as the app runs it.
 */
import { MongoClient, ObjectId } from 'mongodb';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startEmbeddedMongo } from '../libs/embedded-mongo/src';
import { PlatformPostSchema } from '../src/posts/schemas/platform-post.schema';
import { PostGroupSchema } from '../src/posts/schemas/post-group.schema';
import { applyHeapGrowth } from '../src/common/heap-growth';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const GROUPS = Number(args[0] ?? 100_000);
const INDEXES = !process.argv.includes('--no-indexes');
const BATCH = 5000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const settledHeap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const mb = (n: number): string => `${(n / 1048576).toFixed(1)} MB`;

async function main(): Promise<void> {
  applyHeapGrowth(); // as `npm start` runs the service (src/main.ts)
  const server = await startEmbeddedMongo({ inWorker: false });
  const client = await MongoClient.connect(server.uri);
  try {
    const db = client.db('bench');
    const groups = db.collection('post_groups');
    const posts = db.collection('platform_posts');
    let indexCount = 0;
    if (INDEXES) {
      for (const [collection, schema] of [
        [groups, PostGroupSchema],
        [posts, PlatformPostSchema],
      ] as const) {
        for (const [fields, options] of schema.indexes()) {
          await collection.createIndex(fields as Record<string, 1 | -1>, options as object);
          indexCount++;
        }
      }
    }
    const before = settledHeap();
    const userId = new ObjectId();
    const connections = Array.from({ length: 10 }, (_, i) => ({
      id: new ObjectId(),
      platform: ['linkedin', 'twitter', 'mastodon', 'bluesky', 'threads'][i % 5],
      n: i,
    }));
    const statuses = ['published', 'published', 'failed', 'draft', 'partially_published'];
    const start = Date.now() - 365 * 24 * 3600 * 1000;
    const t0 = performance.now();
    for (let offset = 0; offset < GROUPS; offset += BATCH) {
      const groupDocs = [];
      const postDocs = [];
      for (let i = offset; i < Math.min(GROUPS, offset + BATCH); i++) {
        const _id = new ObjectId();
        const connection = connections[i % connections.length];
        const status = statuses[i % statuses.length];
        const scheduledTime = status === 'draft' ? undefined : new Date(start + i * 60_000);
        const createdAt = new Date(start + i * 30_000);
        const timing = { ...(scheduledTime ? { scheduledTime } : {}), createdAt, updatedAt: createdAt };
        groupDocs.push({
          _id,
          userId,
          content: `bench post ${i}`,
          status,
          platformSettings: {},
          platforms: [connection.platform],
          mediaUrls: [],
          ...timing,
          __v: 0,
        });
        postDocs.push({
          userId,
          postGroupId: _id,
          connectionId: connection.id,
          platform: connection.platform,
          platformId: `${connection.platform}-${connection.n}`,
          externalId: `acct${connection.n}`,
          status: status === 'draft' ? 'pending' : status === 'published' ? 'published' : 'failed',
          content: `bench post ${i}`,
          attemptCount: 0,
          ...timing,
          __v: 0,
        });
      }
      await groups.insertMany(groupDocs);
      await posts.insertMany(postDocs);
    }
    const seconds = (performance.now() - t0) / 1000;
    let bson = 0;
    for (const name of ['post_groups', 'platform_posts']) bson += Number((await db.command({ collStats: name })).size);
    const grown = settledHeap() - before;
    console.log(
      `${GROUPS} post groups + ${GROUPS} platform posts, ${INDEXES ? `${indexCount} secondary indexes` : 'no secondary index'}: inserted in ${seconds.toFixed(1)} s`,
    );
    console.log(`heap after full collections: +${mb(grown)} for ${mb(bson)} of BSON (${(grown / bson).toFixed(2)}×)`);
  } finally {
    await client.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
