// Test harness: one embedded server + one driver client per spec file.
import { Db, MongoClient, MongoServerError } from 'mongodb';
import { EmbeddedMongoHandle, EmbeddedMongoOptions, startEmbeddedMongo } from '../src';

export interface Harness {
  server: EmbeddedMongoHandle;
  client: MongoClient;
  db: Db;
}

/** Starts a server (in-process unless told otherwise) and connects the real driver to it. */
export function useServer(options: EmbeddedMongoOptions = {}, dbName = 'test'): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    h.server = await startEmbeddedMongo({ inWorker: false, ...options });
    h.client = await MongoClient.connect(h.server.uri);
    h.db = h.client.db(dbName);
  });
  afterAll(async () => {
    await h.client?.close();
    await h.server?.stop();
  });
  return h;
}

/** The error a command is expected to fail with (the test fails when it succeeds). */
export async function failure(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    return e as MongoServerError;
  }
  throw new Error('expected the operation to fail');
}
