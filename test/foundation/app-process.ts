import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

export interface AppProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the base URL once the app logs that it listens. */
  listening: Promise<string>;
  exited: Promise<number | null>;
}

/** Runs the real entry point (`src/main.ts`) as its own process, as `npm start` does. */
export function startAppProcess(env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listening = new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on (http:\/\/[^\s)"]+)/.exec(out);
      if (m) resolveUrl(m[1].replace('[::1]', '127.0.0.1'));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`app exited (${code}) before listening:\n${out}`)));
  });
  listening.catch(() => undefined);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, listening, exited };
}
