// Test harness: one embedded server + one driver client per spec file.
import { Db, MongoClient } from 'mongodb';
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
