// `npm run sdk:generate`: writes the OpenAPI document the app serves (built on a throw-away
// in-memory database) to sdk/openapi.json and its types to sdk/src/schema.ts. `-- --check` only
// compares and exits 1 when either is stale; the e2e suite makes the same comparison (test/sdk).
import 'reflect-metadata';
import { startEmbeddedMongo } from '@app/embedded-mongo';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createApp } from '../../src/app.factory';
import { loadEnvironment } from '../../src/config/environment';
import { DOCUMENT_FILE, documentText, renderSchema, SCHEMA_FILE } from './sdk-files';

async function servedDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-sdk-'));
  const db = await startEmbeddedMongo({});
  try {
    const uri = new URL(db.uri);
    uri.pathname = '/sdk';
    // Only what building the app needs: nothing from the caller's environment or .env, so the
    // document is the default deployment's.
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
    try {
      await app.init();
      const fastify = app.getHttpAdapter().getInstance();
      await fastify.ready();
      // What GET /api/v1/openapi.json answers, without listening on a port.
      const res = await fastify.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.statusCode}`);
      return JSON.parse(res.body) as unknown;
    } finally {
      await app.close();
    }
  } finally {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

async function main(check: boolean): Promise<number> {
  const document = await servedDocument();
  const files: Array<[string, string]> = [
    [DOCUMENT_FILE, documentText(document)],
    [SCHEMA_FILE, await renderSchema(document)],
  ];
  const stale = files.filter(([file, text]) => read(file) !== text);
  const name = (file: string) => relative(process.cwd(), file);
  if (check) {
    for (const [file] of stale) console.error(`${name(file)} is out of date: run \`npm run sdk:generate\` and commit it`);
    return stale.length ? 1 : 0;
  }
  for (const [file, text] of stale) writeFileSync(file, text);
  for (const [file] of files) console.log(stale.some(([f]) => f === file) ? `wrote ${name(file)}` : `${name(file)} is up to date`);
  return 0;
}

main(process.argv.includes('--check')).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('SDK generation failed:', err);
    process.exit(1);
  },
);
