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

/**
 * MONGODB_URI set: that database. Unset: the embedded MongoDB-compatible server on a worker
 * thread, its files under DATA_DIR/db. The app talks to both through the same driver.
 */
export async function openDatabase(env: Environment): Promise<DatabaseServer> {
  if (env.MONGODB_URI) {
    return { uri: env.MONGODB_URI, embedded: false, stop: async () => undefined };
  }
  const logger = new Logger('EmbeddedMongo');
  const dataDir = join(resolve(env.DATA_DIR), 'db');
  const handle: EmbeddedMongoHandle = await startEmbeddedMongo({
    dataDir,
    logger: (level, msg) => logger[level === 'info' ? 'log' : level](msg),
  });
  logger.log(`Embedded database at ${handle.uri} (files in ${dataDir})`);
  return { uri: handle.uri, embedded: true, stop: () => handle.stop() };
}
