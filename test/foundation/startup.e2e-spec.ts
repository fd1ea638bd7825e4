import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { createServer, type AddressInfo } from 'node:net';
import { startAppProcess } from './app-process';

describe('start-up (the real entry point in its own process)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-start-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops on a bad value with a message naming the variable', async () => {
    const app = startAppProcess({ DATA_DIR: dataDir, PORT: 'not-a-port' });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain('Invalid configuration:');
    expect(app.output()).toMatch(/PORT: .*not-a-port/);
  });

  it('refuses production without secrets', async () => {
    const app = startAppProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: '', ENCRYPTION_KEY: '' });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain('SESSION_SECRET: required in production');
  });

  it('starts on the embedded defaults, serves /health, keeps generated secrets, shuts down cleanly', async () => {
    const started = Date.now();
    const app = startAppProcess({ DATA_DIR: dataDir, PORT: '0', DEMO_ACCOUNT: 'false' });
    const baseUrl = await app.listening;
    const res = await fetch(`${baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'up', embedded: true } });
    expect(Date.now() - started).toBeLessThan(30_000);

    // Development secrets were generated once, with a warning, and kept under DATA_DIR.
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    expect(secrets.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(app.output()).toContain('generated development secrets');

    // The database listens only on a socket this OS user alone can open (no TCP port), in a
    // directory only this user can enter; mongosh connects with the logged URI.
    const socket = join(dataDir, 'db', 'mongod.sock');
    const uri = /Embedded database at (mongodb:\/\/\S+)/.exec(app.output())?.[1];
    expect(uri).toBe(`mongodb://${encodeURIComponent(socket)}/social_post_scheduler?directConnection=true`);
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'db')).mode & 0o777).toBe(0o700);
    expect(app.output()).not.toMatch(/embedded MongoDB listening on 127\.0\.0\.1/);
    const client = await MongoClient.connect(uri!, { serverSelectionTimeoutMS: 5000 });
    try {
      expect((await client.db().listCollections().toArray()).map((c) => c.name)).toEqual(expect.arrayContaining(['users', 'post_groups']));
    } finally {
      await client.close();
    }
    expect(app.output()).not.toContain('NODE_ENV=production without MONGODB_URI');

    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
  }, 60_000);

  it('warns when production runs on the embedded database', async () => {
    const app = startAppProcess({
      DATA_DIR: dataDir,
      PORT: '0',
      DEMO_ACCOUNT: 'false',
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    try {
      await app.listening;
      expect(app.output()).toContain('NODE_ENV=production without MONGODB_URI: running on the embedded database');
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  }, 60_000);

  it('logs one JSON line per record from the first line on (embedded database and Nest included), wiring at debug, then the demo banner as plain lines', async () => {
    const app = startAppProcess({ DATA_DIR: dataDir, PORT: '0', DEMO_ACCOUNT: 'true', EMBEDDED_DB_PORT: '0' });
    const baseUrl = await app.listening;
    await fetch(`${baseUrl}/health`);
    await fetch(`${baseUrl}/api/v1/list-posts?token=secret-in-query`);
    // A request whose handling logs through Nest's logger (a malformed id is a warning).
    const apiKey = /x-api-key: (sk_[\w.]+)/.exec(app.output())?.[1];
    expect(apiKey).toBeDefined();
    expect((await fetch(`${baseUrl}/api/v1/get-post/zzz`, { headers: { 'x-api-key': apiKey! } })).status).toBe(500);
    await new Promise((r) => setTimeout(r, 300));
    const lines = app.output().split('\n');
    const bannerStart = lines.findIndex((l) => l.includes('DEMO ACCOUNT'));
    expect(bannerStart).toBeGreaterThan(0);
    const bannerEnd = lines.findIndex((l, i) => i > bannerStart && /^=+$/.test(l));
    const banner = lines.slice(bannerStart, bannerEnd + 1).join('\n');
    expect(banner).toContain(`curl -H "x-api-key: sk_`);
    expect(banner).toContain(`${baseUrl}/api/v1/platform-connections`);
    expect(banner).not.toContain('\\n');

    const logLines = [...lines.slice(0, bannerStart), ...lines.slice(bannerEnd + 1)].filter((l) => l.trim() !== '');
    const records = logLines.map((l) => JSON.parse(l) as { level: number; context?: string; msg: string });
    const contexts = new Set(records.map((r) => r.context));
    expect(contexts).toContain('EmbeddedMongo');
    expect(contexts).toContain('Bootstrap');
    // Nest's module and route wiring is debug: nothing of it at the default info level.
    for (const wiring of ['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']) expect(contexts).not.toContain(wiring);
    expect(records.length).toBeLessThan(20);
    // One line per request, health probes left out, the query string never logged.
    const requests = records.filter((r) => r.msg === 'request completed') as unknown as Array<{
      level: number;
      reqId: string;
      req: { url: string };
      res: { statusCode: number };
    }>;
    expect(requests.map((r) => [r.req.url, r.res.statusCode, r.level])).toEqual([
      ['/api/v1/list-posts', 401, 40],
      ['/api/v1/get-post/zzz', 500, 50],
    ]);
    expect(app.output()).not.toContain('secret-in-query');
    // A line logged through Nest's logger while a request is handled carries that request's id.
    const warning = records.find((r) => r.msg === 'Failed to fetch post group: Malformed post group id: zzz');
    expect(warning).toMatchObject({ level: 40, context: 'Request', reqId: requests[1].reqId });
    expect(requests[1].reqId).not.toBe(requests[0].reqId);
    // The banner comes after the line saying where the service listens.
    expect(lines.findIndex((l) => l.includes('Listening on'))).toBeLessThan(bannerStart);

    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
  }, 60_000);

  it('puts the embedded database on EMBEDDED_DB_PORT, or on a free port when that one is taken, and logs the URI', async () => {
    // Hold a port so the configured one is taken.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as AddressInfo).port;
    const app = startAppProcess({ DATA_DIR: dataDir, PORT: '0', DEMO_ACCOUNT: 'false', EMBEDDED_DB_PORT: String(taken) });
    try {
      await app.listening;
      expect(app.output()).toContain(`Port ${taken} is taken; the embedded database uses a free port instead`);
      const uri = /Embedded database at (mongodb:\/\/\S+)/.exec(app.output())?.[1];
      expect(uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/social_post_scheduler\?replicaSet=rs0$/);
      expect(uri).not.toContain(`:${taken}/`);
      // What mongosh would see there: the app's collections in its own database.
      const client = await MongoClient.connect(`${uri!}&directConnection=true`);
      try {
        const names = (await client.db().listCollections().toArray()).map((c) => c.name);
        expect(names).toEqual(expect.arrayContaining(['users', 'api_keys', 'post_groups']));
      } finally {
        await client.close();
      }
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
      holder.close();
    }
  }, 60_000);
});
