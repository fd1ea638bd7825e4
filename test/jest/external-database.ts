import type { ChildProcess } from 'node:child_process';

/**
 * The variable through which the e2e-external project's global setup hands the database's URI to
 * its suites: jest runs every project's suites on the same workers, so MONGODB_URI itself would
 * reach the embedded project's suites too. Each suite's own copy of the environment gets it as
 * MONGODB_URI (`use-external-database.ts`).
 */
export const EXTERNAL_DATABASE_URI = 'E2E_EXTERNAL_MONGODB_URI';

/** What the global setup leaves for the global teardown (both run in jest's main process). */
export interface ExternalDatabaseServer {
  child: ChildProcess;
  dataDir: string;
  /** The server's output so far (its last 64 KB), shown when it fails. */
  output(): string;
}

const KEY = Symbol.for('sps.e2e.externalDatabase');
type WithServer = typeof globalThis & { [KEY]?: ExternalDatabaseServer };

export function keepServer(server: ExternalDatabaseServer | undefined): void {
  (globalThis as WithServer)[KEY] = server;
}

export function keptServer(): ExternalDatabaseServer | undefined {
  return (globalThis as WithServer)[KEY];
}
