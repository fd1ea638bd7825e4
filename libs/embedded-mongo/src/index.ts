// Public API of the embedded MongoDB-compatible server.
//
//   const db = await startEmbeddedMongo({ dataDir: './data/db' });
//   await mongoose.connect(db.uri);   // mongodb://127.0.0.1:<port>/?replicaSet=rs0
//   ...
//   await db.stop();
//
// By default the server runs in a worker thread so that its CPU work (BSON, queries, index
// maintenance) never blocks the caller's event loop. `inWorker: false` runs it in-process.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ServerOptions } from './server';
import { WriteVersions } from './storage/write-versions';

export interface EmbeddedMongoOptions {
  /** Directory for journal/snapshots; undefined = in-memory only (tests). */
  dataDir?: string;
  /** Default 0 = pick a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Listen on this Unix socket (mode 0600) instead of TCP; `port` and `host` are then unused. */
  socketPath?: string;
  /** Default 'rs0'. */
  replSetName?: string;
  /** Default true: run the server in a worker_thread, off the caller's event loop. */
  inWorker?: boolean;
  logger?: (level: 'info' | 'warn' | 'error', msg: string) => void;
  /** TTL index sweep interval in ms (default 1000). */
  ttlIntervalMs?: number;
  /** Transaction lifetime limit in ms (default 60000). */
  transactionLifetimeMs?: number;
  /** Idle cursor timeout in ms (default 600000). */
  cursorTimeoutMs?: number;
  /** Journal size in bytes that triggers compaction into a snapshot (default 64 MiB). */
  compactBytes?: number;
  /**
   * Worker mode: the database thread's young generation in MiB (default 48, Node 20's own
   * default). Its heap holds long-lived documents; left to V8, the nursery grows during a bulk
   * load and stays resident for the process's life, for no speed.
   */
  youngGenerationMb?: number;
}

export const DEFAULT_YOUNG_GENERATION_MB = 48;

export interface EmbeddedMongoHandle {
  uri: string;
  port: number;
  dataDir?: string;
  /**
   * A reader of the write counter of one namespace (`db.collection`): its readings differ once
   * any change to that collection has been applied, by any client. For caches that must see
   * every write (ProcessReadCache in the app).
   */
  writeVersionReader(ns: string): () => number;
  stop(): Promise<void>;
}

const defaultLogger = (level: 'info' | 'warn' | 'error', msg: string): void => {
  if (level === 'error') console.error(`[embedded-mongo] ${msg}`);
};

export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongoHandle> {
  const { inWorker = true, logger = defaultLogger, youngGenerationMb = DEFAULT_YOUNG_GENERATION_MB, ...rest } = options;
  const dataDir = rest.dataDir ? path.resolve(rest.dataDir) : undefined;
  const versions = new WriteVersions();
  const serverOptions: ServerOptions = { ...rest, dataDir, writeVersions: versions.buffer };
  const writeVersionReader = (ns: string): (() => number) => versions.reader(ns);
  if (!inWorker) {
    // Loaded only here: in worker mode the engine (and mingo) live on the database thread alone.
    const { EmbeddedMongoServer } = await import('./server');
    const server = new EmbeddedMongoServer({ ...serverOptions, logger });
    await server.start();
    return { uri: server.uri, port: server.port, dataDir, writeVersionReader, stop: () => server.stop() };
  }
  return { ...(await startInWorker(serverOptions, logger, youngGenerationMb)), writeVersionReader };
}

/** Messages the worker posts to its parent. */
export type WorkerEvent =
  | { type: 'ready'; uri: string; port: number }
  | { type: 'error'; message: string }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; msg: string }
  | { type: 'stopped' };

function workerSource(): string {
  // Under jest / @swc-node/register this file is TypeScript: the worker (a fresh module
  // system) must register the TypeScript loader before requiring worker.ts.
  const isTs = __filename.endsWith('.ts');
  const workerFile = path.join(__dirname, isTs ? 'worker.ts' : 'worker.js');
  const lines = [];
  if (isTs) lines.push(`require(${JSON.stringify(require.resolve('@swc-node/register'))});`);
  lines.push(`require(${JSON.stringify(workerFile)});`);
  return lines.join('\n');
}

function startInWorker(
  options: ServerOptions,
  logger: NonNullable<EmbeddedMongoOptions['logger']>,
  youngGenerationMb: number,
): Promise<Omit<EmbeddedMongoHandle, 'writeVersionReader'>> {
  const worker = new Worker(workerSource(), { eval: true, workerData: options, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
  let stopped: Promise<void> | undefined;
  return new Promise((resolve, reject) => {
    let ready = false;
    worker.on('message', (ev: WorkerEvent) => {
      if (ev.type === 'log') logger(ev.level, ev.msg);
      else if (ev.type === 'error' && !ready) {
        reject(new Error(ev.message));
        void worker.terminate();
      } else if (ev.type === 'ready') {
        ready = true;
        resolve({
          uri: ev.uri,
          port: ev.port,
          dataDir: options.dataDir,
          stop: () =>
            (stopped ??= new Promise<void>((done, fail) => {
              worker.once('exit', () => done());
              worker.once('error', fail);
              worker.postMessage({ type: 'stop' });
            })),
        });
      }
    });
    worker.once('error', (e) => {
      if (!ready) reject(e);
      else logger('error', `worker crashed: ${e.stack ?? e.message}`);
    });
    worker.once('exit', (code) => {
      if (!ready) reject(new Error(`embedded MongoDB worker exited with code ${code} before it was ready`));
    });
  });
}
