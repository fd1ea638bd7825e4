// `npm run db`: runs the embedded MongoDB-compatible server in the foreground.
//   --port <n>      (default 27017)    --dbpath <dir>  (default ./data/db)
//   --host <addr>   (default 127.0.0.1) --replSet <name> (default rs0)
import { startEmbeddedMongo } from './index';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : fallback;
}

async function main(): Promise<void> {
  const handle = await startEmbeddedMongo({
    port: Number(arg('port', '27017')),
    dataDir: arg('dbpath', './data/db'),
    host: arg('host', '127.0.0.1'),
    replSetName: arg('replSet', 'rs0'),
    inWorker: false,
    logger: (level, msg) => (level === 'error' ? console.error : console.log)(`[${level}] ${msg}`),
  });
  console.log(handle.uri);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`received ${signal}, stopping`);
    handle.stop().then(
      () => process.exit(0),
      (e: Error) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: Error) => {
  console.error(`embedded MongoDB failed to start: ${e.message}`);
  process.exit(1);
});
