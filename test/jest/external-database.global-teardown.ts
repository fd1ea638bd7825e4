import { rmSync } from 'node:fs';
import { keepServer, keptServer } from './external-database';

const STOP_TIMEOUT_MS = 10_000;

/** Global teardown of the e2e-external project: stops the server its setup started, removes its data. */
export default async function stopExternalDatabase(): Promise<void> {
  const server = keptServer();
  if (!server) return;
  keepServer(undefined);
  const { child, dataDir } = server;
  // A server that went away during the run failed the suites that used it after that; say why once.
  const exitedEarly = child.exitCode !== null || child.signalCode !== null;
  if (!exitedEarly) {
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (exitedEarly) {
    throw new Error(`The e2e-external database server exited during the run (${child.signalCode ?? child.exitCode}):\n${server.output()}`);
  }
}
