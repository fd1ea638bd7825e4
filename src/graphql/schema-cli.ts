// `npm run schema`: writes the dashboard GraphQL schema to schema.gql (the code-first schema the
// app builds, on a throw-away in-memory database). `npm run schema -- --check` only compares and
// exits 1 when the file is stale; the e2e suite makes the same comparison (schema-file test).
import 'reflect-metadata';
import { startEmbeddedMongo } from '@app/embedded-mongo';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.factory';
import { loadEnvironment } from '../config/environment';
import { appSchemaText, SCHEMA_FILE } from './schema-file';

async function main(check: boolean): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-schema-'));
  const db = await startEmbeddedMongo({});
  try {
    const uri = new URL(db.uri);
    uri.pathname = '/schema';
    // Only what building the app needs: nothing from the caller's environment or .env.
    const environment = loadEnvironment(
      {},
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DEMO_ACCOUNT: 'false',
        SCHEDULER_ENABLED: 'false',
        WEBHOOKS_WORKER_ENABLED: 'false',
        MONGODB_URI: uri.toString(),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      },
      '/nonexistent/.env',
    );
    const app = await createApp(environment, { uri: uri.toString(), embedded: true, stop: async () => undefined });
    await app.init();
    const text = appSchemaText(app);
    await app.close();
    let current = '';
    try {
      current = readFileSync(SCHEMA_FILE, 'utf8');
    } catch {
      // No file yet.
    }
    if (check) {
      if (current === text) return 0;
      console.error(`${SCHEMA_FILE} is out of date: run \`npm run schema\` and commit it`);
      return 1;
    }
    if (current !== text) writeFileSync(SCHEMA_FILE, text);
    console.log(current === text ? `${SCHEMA_FILE} is up to date` : `wrote ${SCHEMA_FILE}`);
    return 0;
  } finally {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main(process.argv.includes('--check')).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('Schema generation failed:', err);
    process.exit(1);
  },
);
