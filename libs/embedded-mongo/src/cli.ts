// Runs the embedded MongoDB-compatible server in the foreground (the library's own command line;
// the app's `npm run db` wraps it with the app's DATA_DIR / EMBEDDED_DB_PORT defaults).
//   --port <n>      (default 27017)    --dbpath <dir>  (default ./data/db)
//   --host <addr>   (default 127.0.0.1) --replSet <name> (default rs0)
import { startEmbeddedMongo } from './index';

export interface CliOptions {
  port: number;
  dataDir: string;
  host: string;
  replSetName: string;
}

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0 && argv[i + 1]) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : undefined;
}

/** Command-line flags over `defaults`. */
export function parseCliArgs(argv: string[], defaults: CliOptions): CliOptions {
  const port = arg(argv, 'port');
  return {
    port: port === undefined ? defaults.port : Number(port),
    dataDir: arg(argv, 'dbpath') ?? defaults.dataDir,
    host: arg(argv, 'host') ?? defaults.host,
    replSetName: arg(argv, 'replSet') ?? defaults.replSetName,
  };
}

/** Starts the server, prints its URI and stops it cleanly on SIGINT / SIGTERM. */
export async function runInForeground(options: CliOptions): Promise<void> {
  const handle = await startEmbeddedMongo({
    ...options,
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

export function fail(e: Error): never {
  console.error(`embedded MongoDB failed to start: ${e.message}`);
  process.exit(1);
}

if (require.main === module) {
  runInForeground(parseCliArgs(process.argv, { port: 27017, dataDir: './data/db', host: '127.0.0.1', replSetName: 'rs0' })).catch(fail);
}
