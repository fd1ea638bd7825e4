// Global setup of the e2e-external jest project: the database server `npm run db` starts, as a
// separate process on a free loopback port with a temporary data directory, for the whole run.
// With MONGODB_URI set (a real MongoDB replica set), the suites use that instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EXTERNAL_DATABASE_URI, keepServer } from './external-database';

const ROOT = resolve(__dirname, '../..');
const OUTPUT_KEPT = 64 * 1024;
const START_TIMEOUT_MS = 60_000;

export default async function startExternalDatabase(): Promise<void> {
  if (process.env.MONGODB_URI) {
    process.env[EXTERNAL_DATABASE_URI] = process.env.MONGODB_URI;
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-e2e-db-'));
  // `npm run db`'s command without npm in between, so that the stop signal reaches the server itself.
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/database/db-cli.ts', '--port', '0', '--dbpath', join(dataDir, 'db')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let printedUri: ((uri: string) => void) | null = null;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
    const printed = printedUri && /^mongodb:\/\/\S+$/m.exec(output);
    if (printed) printedUri!(printed[0]);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  // Should jest end without its global teardown (an uncaught error, --forceExit mid-run), the
  // server goes with it; Ctrl-C reaches it directly, as it shares the terminal's process group.
  process.once('exit', () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    const uri = await new Promise<string>((resolveUri, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URI after ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      printedUri = (printed) => {
        printedUri = null;
        clearTimeout(timer);
        resolveUri(printed);
      };
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`it exited (${signal ?? code})`));
      });
    });
    process.env[EXTERNAL_DATABASE_URI] = uri;
    keepServer({ child, dataDir, output: () => output });
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The e2e-external database server did not start: ${(err as Error).message}\n${output}`);
  }
}
