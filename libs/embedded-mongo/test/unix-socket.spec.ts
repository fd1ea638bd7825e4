// Listening on a Unix socket (mode 0600) instead of TCP: the app's default, so that only its own
// OS user reaches the embedded database. Drivers and mongosh connect with the socket's URI.
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongoHandle } from '../src';

const root = path.resolve(__dirname, '../../..');
let dir: string;
beforeEach(() => {
  // Capitals on purpose: drivers lower-case replica set host names, which must not lose the socket.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'EmbeddedSock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function withServer<T>(socketPath: string, fn: (server: EmbeddedMongoHandle) => Promise<T>): Promise<T> {
  const server = await startEmbeddedMongo({ socketPath, inWorker: false });
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

describe('Unix socket listener', () => {
  it('listens on the socket only, mode 0600, and serves transactions through the driver', async () => {
    const socketPath = path.join(dir, 'mongod.sock');
    await withServer(socketPath, async (server) => {
      expect(server.port).toBe(0);
      expect(server.uri).toBe(`mongodb://${encodeURIComponent(socketPath)}/?directConnection=true`);
      expect(fs.statSync(socketPath).isSocket()).toBe(true);
      expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
      const client = await MongoClient.connect(server.uri.replace('/?', '/app?'), { serverSelectionTimeoutMS: 5000 });
      try {
        await client.withSession((s) => s.withTransaction(() => client.db().collection('items').insertOne({ n: 1 }, { session: s })));
        expect(await client.db().collection('items').countDocuments()).toBe(1);
      } finally {
        await client.close();
      }
    });
  });

  it('replaces a stale socket file left by a crash, refuses one a live server answers on, and never replaces another file', async () => {
    const socketPath = path.join(dir, 'mongod.sock');
    // What kill -9 leaves behind: a socket file nobody listens on any more.
    const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('up'))`]);
    await new Promise((r) => child.stdout.once('data', r));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    await withServer(socketPath, async () => {
      // A second server on the same socket while the first answers: refused, the first unharmed.
      await expect(startEmbeddedMongo({ socketPath, inWorker: false })).rejects.toThrow(/EADDRINUSE/);
      const client = await MongoClient.connect(`mongodb://${encodeURIComponent(socketPath)}/?directConnection=true`, { serverSelectionTimeoutMS: 5000 });
      await client.db('t').command({ ping: 1 });
      await client.close();
    });
    const regular = path.join(dir, 'notes.txt');
    fs.writeFileSync(regular, 'keep me');
    await expect(startEmbeddedMongo({ socketPath: regular, inWorker: false })).rejects.toThrow(/is not a socket/);
    expect(fs.readFileSync(regular, 'utf8')).toBe('keep me');
  });

  it('mongosh connects through the socket', async () => {
    const socketPath = path.join(dir, 'mongod.sock');
    await withServer(socketPath, async (server) => {
      const script = `db.items.insertOne({ name: 'pen' }); print('COUNT ' + db.items.countDocuments());`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [path.join(root, 'node_modules/mongosh/bin/mongosh.js'), server.uri.replace('/?', '/test?'), '--quiet', '--norc', '--eval', script],
        {
          cwd: root,
          timeout: 110_000,
          env: { ...process.env, MONGOSH_NO_UPDATE_CHECK: '1' },
        },
      );
      expect(stdout).toContain('COUNT 1');
    });
  }, 120_000);
});
