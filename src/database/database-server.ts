import { startEmbeddedMongo, type EmbeddedMongoHandle } from '@app/embedded-mongo';
import { Logger } from '@nestjs/common';
import { join, resolve } from 'node:path';
import type { Environment } from '../config/environment';

export interface DatabaseServer {
  uri: string;
  embedded: boolean;
  /** Stops the embedded server (a no-op for an external MongoDB). Call after the app closed. */
  stop(): Promise<void>;
}

/** The database the app uses on the embedded server (a MONGODB_URI names its own). */
export const EMBEDDED_DB_NAME = 'social_post_scheduler';

/** `mongodb://host:port/?replicaSet=rs0` → the same with the app's database in the path. */
export function withDatabaseName(uri: string, name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * MONGODB_URI set: that database. Unset: the embedded MongoDB-compatible server on a worker
 * thread, its files under DATA_DIR/db, on EMBEDDED_DB_PORT (or any free port when that one is
 * taken). The app talks to both through the same driver.
 */
export async function openDatabase(env: Environment): Promise<DatabaseServer> {
  if (env.MONGODB_URI) {
    return { uri: env.MONGODB_URI, embedded: false, stop: async () => undefined };
  }
  const logger = new Logger('EmbeddedMongo');
  const dataDir = join(resolve(env.DATA_DIR), 'db');
  const start = (port: number): Promise<EmbeddedMongoHandle> =>
    startEmbeddedMongo({ dataDir, port, logger: (level, msg) => logger[level === 'info' ? 'log' : level](msg) });
  let handle: EmbeddedMongoHandle;
  try {
    handle = await start(env.EMBEDDED_DB_PORT);
  } catch (err) {
    if (env.EMBEDDED_DB_PORT === 0 || !/EADDRINUSE/.test(String((err as Error).message ?? err))) throw err;
    logger.warn(`Port ${env.EMBEDDED_DB_PORT} is taken; the embedded database uses a free port instead`);
    handle = await start(0);
  }
  const uri = withDatabaseName(handle.uri, EMBEDDED_DB_NAME);
  logger.log(`Embedded database at ${uri} (files in ${dataDir}; mongosh "${uri}")`);
  return { uri, embedded: true, stop: () => handle.stop() };
}
