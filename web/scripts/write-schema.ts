// Writes the dashboard GraphQL schema (the app's code-first schema, sorted) to schema.gql at the
// repository root, for `npm run codegen:web`. Stopgap until the server's own `npm run schema`
// lands (dashboard-API issue); the header and format match it, so either may write the file.
import 'reflect-metadata';
import { startEmbeddedMongo } from '@app/embedded-mongo';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../../src/app.factory';
import { loadEnvironment } from '../../src/config/environment';

const SCHEMA_FILE = resolve(__dirname, '../../schema.gql');
const HEADER = '# The dashboard GraphQL schema, generated from the code by `npm run schema` (do not edit by hand).\n\n';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-web-schema-'));
  const db = await startEmbeddedMongo({});
  try {
    const uri = new URL(db.uri);
    uri.pathname = '/schema';
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
    writeFileSync(SCHEMA_FILE, `${HEADER}${printSchema(lexicographicSortSchema(app.get(GraphQLSchemaHost).schema))}\n`);
    await app.close();
    console.log(`wrote ${SCHEMA_FILE}`);
  } finally {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
