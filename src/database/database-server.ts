import { startEmbeddedMongo, type EmbeddedMongoHandle } from '@app/embedded-mongo';
import { Logger } from '@nestjs/common';
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Environment } from '../config/environment';

export interface DatabaseServer {
  uri: string;
  embedded: boolean;
  /** The embedded database: a reader of a collection's write counter (DatabaseInfo.writeVersion). */
  writeVersion?: (collection: string) => () => number;
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

/** Longest socket path that fits every platform's `sun_path` (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

/**
 * Where the embedded database listens when EMBEDDED_DB_PORT is unset: `mongod.sock` in its data
 * directory, or, when that path is too long for a socket, in a fresh private temporary directory.
 */
export function embeddedSocketPath(dataDir: string): string {
  const inDataDir = join(dataDir, 'mongod.sock');
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) return inDataDir;
  return join(mkdtempSync(join(tmpdir(), 'sps-db-')), 'mongod.sock');
}

/**
 * MONGODB_URI set: that database. Unset: the embedded MongoDB-compatible server on a worker
 * thread, its files under DATA_DIR/db (mode 0700). It listens on a Unix socket of mode 0600, so
 * only this OS user reaches it, unless EMBEDDED_DB_PORT is set: then on that loopback port (or any
 * free port when that one is taken), for mongosh. The app talks to both through the same driver.
 */
export async function openDatabase(env: Environment): Promise<DatabaseServer> {
  if (env.MONGODB_URI) {
    return { uri: env.MONGODB_URI, embedded: false, stop: async () => undefined };
  }
  const logger = new Logger('EmbeddedMongo');
  if (env.NODE_ENV === 'production') {
    logger.warn(
      'NODE_ENV=production without MONGODB_URI: running on the embedded database, a development and test default (one process, no replication, no backups). Set MONGODB_URI to a MongoDB replica set for production.',
    );
  }
  const dataDir = join(resolve(env.DATA_DIR), 'db');
  // The data files hold password hashes and encrypted platform tokens: this user's only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const log = (level: 'info' | 'warn' | 'error', msg: string): void => logger[level === 'info' ? 'log' : level](msg);
  const start = (listen: { port: number } | { socketPath: string }): Promise<EmbeddedMongoHandle> => startEmbeddedMongo({ dataDir, ...listen, logger: log });
  let handle: EmbeddedMongoHandle;
  const port = env.EMBEDDED_DB_PORT;
  if (port === undefined) {
    handle = await start({ socketPath: embeddedSocketPath(dataDir) });
  } else {
    try {
      handle = await start({ port });
    } catch (err) {
      if (port === 0 || !/EADDRINUSE/.test(String((err as Error).message ?? err))) throw err;
      logger.warn(`Port ${port} is taken; the embedded database uses a free port instead`);
      handle = await start({ port: 0 });
    }
  }
  const uri = withDatabaseName(handle.uri, EMBEDDED_DB_NAME);
  logger.log(`Embedded database at ${uri} (files in ${dataDir}; mongosh "${uri}")`);
  return {
    uri,
    embedded: true,
    writeVersion: (collection) => handle.writeVersionReader(`${EMBEDDED_DB_NAME}.${collection}`),
    stop: () => handle.stop(),
  };
}
