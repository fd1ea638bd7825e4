// The database thread's young generation is bounded (worker mode): its heap holds long-lived
// documents, and an unbounded nursery stayed resident at 128 MiB after a bulk load (issue 19).
// serverStatus reports where the server runs and the limit its thread was given.
import { MongoClient } from 'mongodb';
import { DEFAULT_YOUNG_GENERATION_MB, startEmbeddedMongo, type EmbeddedMongoOptions } from '../src';

async function embeddedStatus(options: EmbeddedMongoOptions): Promise<{ inWorker: boolean; youngGenerationLimitMB: number | null }> {
  const server = await startEmbeddedMongo(options);
  try {
    const client = await MongoClient.connect(server.uri, { serverSelectionTimeoutMS: 5000 });
    try {
      const status = await client.db('admin').command({ serverStatus: 1 });
      return status.embedded as { inWorker: boolean; youngGenerationLimitMB: number | null };
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
});
