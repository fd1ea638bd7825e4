// `npm run db`: the embedded database on its own, where the app would start it: files in
// DATA_DIR/db, port EMBEDDED_DB_PORT (both read from the environment and `.env` as the app reads
// them). Flags still win: --port, --dbpath, --host, --replSet. Unlike the app it does not fall back
// to another port when EMBEDDED_DB_PORT is taken: a standalone server is connected to by its port.
import { fail, parseCliArgs, runInForeground } from '@app/embedded-mongo/cli';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { join, resolve } from 'node:path';
import { ConfigurationError, Environment, rawEnvironment } from '../config/environment';

/** The variables this command reads: the rest of the app's configuration is not its business. */
const READS = ['DATA_DIR', 'EMBEDDED_DB_PORT'] as const;

export function databaseDefaults(raw: Record<string, string | undefined>): { dataDir: string; port: number } {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(env).filter((e) => (READS as readonly string[]).includes(e.property));
  if (errors.length) {
    const lines = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { dataDir: join(resolve(env.DATA_DIR), 'db'), port: env.EMBEDDED_DB_PORT ?? 27017 };
}

if (require.main === module) {
  try {
    const { dataDir, port } = databaseDefaults(rawEnvironment());
    runInForeground(parseCliArgs(process.argv, { port, dataDir, host: '127.0.0.1', replSetName: 'rs0' })).catch(fail);
  } catch (e) {
    fail(e as Error);
  }
}
