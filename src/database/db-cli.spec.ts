// `npm run db` reads DATA_DIR and EMBEDDED_DB_PORT as the app does.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MongoClient } from 'mongodb';
import { databaseDefaults } from './db-cli';

const root = resolve(__dirname, '../..');

describe('databaseDefaults', () => {
  it('puts the files in DATA_DIR/db and listens on EMBEDDED_DB_PORT, like the app', () => {
    expect(databaseDefaults({ DATA_DIR: '/srv/app', EMBEDDED_DB_PORT: '27999' })).toEqual({ dataDir: '/srv/app/db', port: 27999 });
    expect(databaseDefaults({})).toEqual({ dataDir: resolve('./data/db'), port: 27017 });
  });

  it('refuses a bad port naming the variable, ignoring the rest of the configuration', () => {
    expect(() => databaseDefaults({ EMBEDDED_DB_PORT: 'abc', NODE_ENV: 'production' })).toThrow(/EMBEDDED_DB_PORT/);
    expect(() => databaseDefaults({ NODE_ENV: 'production', DATA_DIR: '/x' })).not.toThrow();
  });
});

describe('npm run db', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'db-cli-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is what `npm run db` runs', () => {
    expect((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.db).toContain(
      'src/database/db-cli.ts',
    );
  });

  it('serves from DATA_DIR/db on EMBEDDED_DB_PORT and stops cleanly on SIGTERM', async () => {
    // cwd is the empty temp dir: nothing may be written to the working copy's ./data.
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(root, 'src/database/db-cli.ts')], {
      cwd: dir,
      env: {
        ...process.env,
        DATA_DIR: join(dir, 'data'),
        EMBEDDED_DB_PORT: '0',
        SWC_NODE_PROJECT: join(root, 'tsconfig.json'),
        NODE_PATH: join(root, 'node_modules'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const uri = await new Promise<string>((resolveUri, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        const m = /mongodb:\/\/\S+/.exec(output);
        if (m) resolveUri(m[0]);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(Number(new URL(uri).port)).toBeGreaterThan(0);
    const client = await MongoClient.connect(uri);
    try {
      await client.db('x').collection('c').insertOne({ a: 1 });
    } finally {
      await client.close();
    }
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(readdirSync(join(dir, 'data', 'db')).length).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'data', 'db-cli'))).toBe(false);
    expect(readdirSync(dir)).toEqual(['data']);
  }, 60000);
});
