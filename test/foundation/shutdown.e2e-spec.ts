import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** True while something accepts TCP connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * A port nothing listens on now, for the child to take once its build is done. Below Linux's
 * ephemeral range (32768 up): a port the system handed out could be handed to another socket
 * (the embedded database's, another suite's) during the seconds the build takes.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((done) => {
      const server = createServer();
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
    });
    if (free) return port;
  }
}

/** Every process whose parent is `pid` (Linux /proc), to find the node that npm started. */
async function descendants(pid: number): Promise<number[]> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [...children, ...(await Promise.all(children.map(descendants))).flat()];
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start and a stop signal', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-shutdown-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to npm stops the service: the node process exits and nothing is left listening',
    async (signal) => {
      const port = await freePort();
      const child = spawn(npm, ['start', '--silent'], {
        cwd: ROOT,
        env: {
          ...process.env,
          MONGODB_URI: '',
          PORT: String(port),
          DATA_DIR: dataDir,
          EMBEDDED_DB_PORT: '0',
          LOG_LEVEL: 'info',
          DEMO_ACCOUNT: 'false',
          NODE_ENV: 'development',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      const started = Date.now();
      while (!/Listening on/.test(out)) {
        if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error(`npm start did not come up:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await listening(port)).toBe(true);
      const nodes = await descendants(child.pid!);
      expect(nodes.length).toBeGreaterThan(0);

      child.kill(signal);
      const deadline = Date.now() + 30_000;
      while ((nodes.some(alive) || (await listening(port))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(nodes.filter(alive)).toEqual([]);
      expect(await listening(port)).toBe(false);
      expect(out).toMatch(new RegExp(`${signal} received: shutting down`));
      expect(out).toMatch(/Stopped/);
    },
    180_000,
  );
});
