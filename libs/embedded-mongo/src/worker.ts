// Worker-thread entry: runs one EmbeddedMongoServer with the options passed as workerData and
// reports readiness, logs and shutdown to the parent (see index.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerEvent } from './index';
import { EmbeddedMongoServer, ServerOptions } from './server';

const port = parentPort!;
const post = (ev: WorkerEvent): void => port.postMessage(ev);
const server = new EmbeddedMongoServer({ ...(workerData as ServerOptions), logger: (level, msg) => post({ type: 'log', level, msg }) });

server.start().then(
  () => post({ type: 'ready', uri: server.uri, port: server.port }),
  (e: Error) => post({ type: 'error', message: e.message }),
);

port.on('message', (msg: { type: string }) => {
  if (msg.type !== 'stop') return;
  server.stop().then(
    () => {
      post({ type: 'stopped' });
      port.close();
      process.exit(0);
    },
    (e: Error) => {
      post({ type: 'log', level: 'error', msg: `stop failed: ${e.message}` });
      process.exit(1);
    },
  );
});
