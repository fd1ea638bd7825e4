import { startEmbeddedMongo } from '@app/embedded-mongo';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getConnectionToken } from '@nestjs/mongoose';
import { MongoClient } from 'mongodb';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app.factory';
import type { AppModuleOptions } from '../../src/app.module';
import { loadEnvironment, type Environment } from '../../src/config/environment';
import { withDatabaseName, type DatabaseServer } from '../../src/database/database-server';
import { captureAppLog, type AppLog } from './app-log';
import { servedDocumentValidator, validatingAgent, validatingFetch } from './validating-agent';

const TEST_ENCRYPTION_KEY = randomBytes(32).toString('hex');

export interface TestApp {
  app: NestFastifyApplication;
  /**
   * supertest against the listening app: `t.http.get('/health')`. Every response to a documented
   * operation must match the OpenAPI document the app serves, or the request fails
   * (docs/response-validation.md; `validateResponses: false` turns it off).
   */
  http: TestAgent;
  /** `fetch`, its answers held to the same document as `http`'s (plain fetch with `validateResponses: false`). */
  fetch: typeof fetch;
  baseUrl: string;
  environment: Environment;
  connection: Connection;
  dataDir: string;
  databaseUri: string;
  /** The app's log, with `captureLog` (otherwise null). */
  log: AppLog | null;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables for this app (on top of the test defaults). */
  env?: Record<string, string | undefined>;
  /** Extra Nest modules (test-only controllers, e.g. a probe route behind `@ApiKeyAuth()`). */
  imports?: AppModuleOptions['imports'];
  /** What an embedding application adds (examples/, docs/extending.md). */
  extensions?: AppModuleOptions['extensions'];
  /**
   * Reuse this database (e.g. `databaseUri` of an app closed before, or a server the suite
   * started) instead of a fresh one; it is neither dropped nor stopped on close (restart tests).
   */
  databaseUri?: string;
  /** The built dashboard to serve at `/` (default: dist/dashboard when built; null: none). */
  dashboardDir?: string | null;
  /** Read the app's log into `t.log` from its first line, at info unless `env.LOG_LEVEL` says otherwise, instead of printing it. */
  captureLog?: boolean;
  /**
   * Hold every `t.http` and `t.fetch` response to a documented operation against the served
   * OpenAPI document (default: true). Off only for a suite that talks to the app in ways the document does not cover.
   */
  validateResponses?: boolean;
}

/**
 * A fresh app for one suite: its own database (a new in-memory embedded server, or a uniquely
 * named database on MONGODB_URI when that is set), its own DATA_DIR, listening on a free port.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-test-'));
  const database: DatabaseServer = options.databaseUri
    ? { uri: options.databaseUri, embedded: !process.env.MONGODB_URI, stop: async () => undefined }
    : await openTestDatabase();
  /** The database this call opened (not one the caller passed) stopped, and the data directory gone. */
  const releaseDatabase = async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A start that fails (the tests of a refused configuration) leaves nothing running: its
  // database's thread, the app's connection to the database and their timers would otherwise keep
  // the jest worker from exiting ("A worker process has failed to exit gracefully").
  let built: NestFastifyApplication | undefined;
  try {
    const environment = loadEnvironment(
      process.env,
      {
        NODE_ENV: 'test',
        LOG_LEVEL: options.captureLog ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_ACCOUNT: 'false',
        SCHEDULER_ENABLED: 'false',
        // Metric collection reads the fakes on its own schedule: only the tests of it turn it on.
        ENGAGEMENT_COLLECTION_INTERVAL_MS: '0',
        // Test files run in parallel: a metrics listener takes a free port, never the fixed default.
        METRICS_PORT: '0',
        // The platform fakes listen on 127.0.0.1; the tests of the refusal set it back to false.
        CONNECT_ALLOW_PRIVATE_INSTANCES: 'true',
        MONGODB_URI: database.uri,
        // One key for every app of a test process: apps that share a database must share it
        // (the database remembers its key and refuses another).
        ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        ...options.env,
      },
      '/nonexistent/.env',
    );
    const log = options.captureLog ? captureAppLog({ environment }) : null;
    const app = await createApp(environment, database, { imports: options.imports, extensions: options.extensions, dashboardDir: options.dashboardDir });
    built = app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const connection = app.get<Connection>(getConnectionToken());
    const validator = options.validateResponses === false ? null : await servedDocumentValidator(baseUrl);
    return {
      app,
      http: validator ? await validatingAgent(baseUrl, validator) : request(baseUrl),
      fetch: validator ? validatingFetch(validator) : fetch,
      baseUrl,
      environment,
      connection,
      dataDir,
      databaseUri: database.uri,
      log,
      async close() {
        await app.close();
        await releaseDatabase();
      },
    };
  } catch (err) {
    await built?.close().catch(() => undefined);
    await releaseDatabase();
    throw err;
  }
}

/**
 * A database no other suite sees: a new embedded server, or a uniquely named database on
 * MONGODB_URI, dropped by `stop` (every suite of a run shares that server).
 */
export async function openTestDatabase(): Promise<DatabaseServer> {
  const external = process.env.MONGODB_URI;
  if (external) {
    const url = new URL(external);
    url.pathname = `/test_${randomBytes(6).toString('hex')}`;
    const uri = url.toString();
    return { uri, embedded: false, stop: () => dropDatabase(uri) };
  }
  // On a Unix socket, as the app runs it (`openDatabase`): cheaper per command than loopback TCP.
  const socketDir = mkdtempSync(join(tmpdir(), 'sps-db-'));
  const handle = await startEmbeddedMongo({ socketPath: join(socketDir, 'mongod.sock') });
  return {
    uri: withDatabaseName(handle.uri, 'app'),
    embedded: true,
    writeVersion: (collection) => handle.writeVersionReader(`app.${collection}`),
    stop: async () => {
      await handle.stop();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

async function dropDatabase(uri: string): Promise<void> {
  const client = await MongoClient.connect(uri);
  try {
    await client.db().dropDatabase();
  } finally {
    await client.close();
  }
}
