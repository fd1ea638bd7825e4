// The database thread's young generation is bounded (worker mode): its heap holds long-lived
// documents, and an unbounded nursery stays resident at its largest after a bulk load.
// serverStatus reports where the server runs, the limit its thread was given and that thread's heap.
import { MongoClient } from 'mongodb';
import { DEFAULT_YOUNG_GENERATION_MB, startEmbeddedMongo, type EmbeddedMongoOptions } from '../src';

interface EmbeddedStatus {
  inWorker: boolean;
  youngGenerationLimitMB: number | null;
  heap?: { usedMB: number; physicalMB: number };
}

async function embeddedStatus(options: EmbeddedMongoOptions): Promise<EmbeddedStatus> {
  const server = await startEmbeddedMongo(options);
  try {
    const client = await MongoClient.connect(server.uri, { serverSelectionTimeoutMS: 5000 });
    try {
      const status = await client.db('admin').command({ serverStatus: 1 });
      const { heap, ...rest } = status.embedded as EmbeddedStatus;
      expect(heap!.physicalMB).toBeGreaterThan(0);
      expect(heap!.usedMB).toBeGreaterThan(0);
      return rest;
    } finally {
      await client.close();
    }
  } finally {
    await server.stop();
  }
}

describe('the database thread’s heap limits', () => {
  it('bounds the young generation by default in worker mode', async () => {
    expect(DEFAULT_YOUNG_GENERATION_MB).toBe(48);
    expect(await embeddedStatus({})).toEqual({ inWorker: true, youngGenerationLimitMB: 48 });
  });

  it('takes another bound from the options', async () => {
    expect(await embeddedStatus({ youngGenerationMb: 32 })).toEqual({ inWorker: true, youngGenerationLimitMB: 32 });
  });

  it('leaves the caller’s heap alone in-process', async () => {
    expect(await embeddedStatus({ inWorker: false })).toEqual({ inWorker: false, youngGenerationLimitMB: null });
  });

  it('reports the database thread’s own heap, which grows with what it stores', async () => {
    const server = await startEmbeddedMongo({});
    const client = await MongoClient.connect(server.uri, { serverSelectionTimeoutMS: 5000 });
    try {
      const heap = async () => ((await client.db('admin').command({ serverStatus: 1 })).embedded as EmbeddedStatus).heap!;
      const before = await heap();
      // ~24 MB of strings, kept by the database (the caller's heap keeps none of it).
      const filler = 'x'.repeat(2400);
      for (let i = 0; i < 10; i++)
        await client
          .db('t')
          .collection('c')
          .insertMany(Array.from({ length: 1000 }, (_, j) => ({ n: i * 1000 + j, s: filler + (i * 1000 + j) })));
      const after = await heap();
      expect(after.usedMB - before.usedMB).toBeGreaterThan(15);
      expect(after.physicalMB).toBeGreaterThanOrEqual(after.usedMB * 0.9);
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
