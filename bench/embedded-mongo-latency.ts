// Per-request latency and small-operation throughput of the embedded MongoDB server, through
// the real `mongodb` driver, next to a raw TCP baseline measured in the same run.
//   node -r @swc-node/register bench/embedded-mongo-latency.ts [--quick] [--mode=worker|worker-tcp|inproc]
//
// For each mode (worker thread on a Unix socket = how the app runs it; on TCP, as with EMBEDDED_DB_PORT;
// and in-process for comparison) it seeds a
// collection of 10,000 documents with a unique index on `key`, then measures:
//   * findOne({ key }) sequentially, five rounds: p50 / p99 latency, and CPU per operation (median round);
//   * the same with 32 concurrent callers: ops/s;
//   * updateOne({ _id }, { $inc }) without a dataDir (memory) and with one (journal + fsync);
//   * insertOne.
// Baselines: a bare `net` ping-pong with a server in a worker thread (a 16-byte header-framed
// message of a findOne's size, echoed back) = the floor any loopback request/reply pays here; and
// the driver's own floor: the same findOne against a server (worker thread) that answers every
// command with a reply encoded in advance, counting the caller's thread only. The embedded
// database's CPU per findOne (both threads) is reported as a multiple of that floor.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { MongoClient, ObjectId } from 'mongodb';
import * as lib from '../libs/embedded-mongo/src';

// EMBEDDED_MONGO_SRC=/path/to/another/checkout/src runs the same bench against another version
// of the library (before/after comparisons; set NODE_PATH to this repo's node_modules).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a path known only at run time
const { startEmbeddedMongo } = (process.env.EMBEDDED_MONGO_SRC ? require(path.resolve(process.env.EMBEDDED_MONGO_SRC)) : lib) as typeof lib;

const QUICK = process.argv.includes('--quick');
const MODE = process.argv.find((a) => a.startsWith('--mode='))?.slice(7);
const DOCS = 10_000;
const SEQ_OPS = QUICK ? 1000 : 4000;
const FIND_ROUNDS = QUICK ? 1 : 5;
const CONC = 32;
const CONC_OPS = QUICK ? 4000 : 16000;
const WRITE_OPS = QUICK ? 500 : 2000;
const WARM_UP_MS = QUICK ? 1000 : 4000;

interface Stats {
  p50: number;
  p99: number;
  mean: number;
  /** CPU of the whole process (client and, in worker mode, the server thread too) per operation. */
  cpuMs?: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

/**
 * Runs `op` back to back for WARM_UP_MS before anything is measured: both threads' code reaches its
 * optimized tiers only after several thousand operations (until then a round can cost twice the
 * steady CPU), and steady state is what is measured.
 */
async function warmUp(op: (i: number) => Promise<unknown>): Promise<void> {
  const until = performance.now() + WARM_UP_MS;
  for (let i = 0; performance.now() < until; i++) await op(i);
}

/**
 * `op` run `n` times after the warm-up, `rounds` times over: latency percentiles over all samples,
 * CPU per operation from the median round. One round of the sequential `findOne` lasts about a
 * second, and on a shared host one round's CPU can double from one run to the next; the median of
 * several rounds is what this process costs, not what its neighbours did meanwhile.
 */
async function timed(n: number, op: (i: number) => Promise<unknown>, rounds = 1): Promise<Stats & { cpuRounds: number[] }> {
  await warmUp(op);
  const samples: number[] = [];
  const cpuRounds: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await op(r * n + i);
      samples.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    cpuRounds.push((cpu.user + cpu.system) / 1000 / n);
  }
  const median = [...cpuRounds].sort((a, b) => a - b)[Math.floor(rounds / 2)];
  return { ...stats(samples), cpuMs: median, cpuRounds };
}

async function throughput(total: number, callers: number, op: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) await op(next++);
  };
  await Promise.all(Array.from({ length: callers }, worker)); // warm-up: opens the pool connections
  next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: callers }, worker));
  return (total / (performance.now() - t0)) * 1000;
}

// ---- baseline: TCP echo server in a worker thread, framed like the wire protocol ----------------

/**
 * The source of a worker-thread server of 16-byte-header-framed messages (the wire protocol's
 * framing): `prelude` runs once, `onMessage` for each whole message `msg` on socket `s`. It
 * listens on workerData.socketPath when given, else on a free loopback port, and posts where.
 */
function framedServer(prelude: string, onMessage: string): string {
  return `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
${prelude}
const srv = net.createServer((s) => {
  s.setNoDelay(true);
  let pending = Buffer.alloc(0);
  s.on('data', (c) => {
    pending = pending.length ? Buffer.concat([pending, c]) : c;
    while (pending.length >= 4) {
      const len = pending.readInt32LE(0);
      if (pending.length < len) break;
      const msg = Buffer.from(pending.subarray(0, len));
      pending = pending.subarray(len);
      ${onMessage}
    }
  });
  s.on('error', () => {});
});
const socketPath = workerData && workerData.socketPath;
if (socketPath) srv.listen(socketPath, () => parentPort.postMessage(socketPath));
else srv.listen(0, '127.0.0.1', () => parentPort.postMessage(srv.address().port));
`;
}

const ECHO_WORKER = framedServer('', 's.write(msg);');

async function echoBaseline(): Promise<{ seq: Stats; conc: number }> {
  const worker = new Worker(ECHO_WORKER, { eval: true });
  const port: number = await new Promise((r) => worker.once('message', r));
  const connect = (): Promise<net.Socket> =>
    new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(s));
      s.setNoDelay(true);
      sockets.push(s);
    });
  const msg = Buffer.alloc(180); // about the size of a driver findOne OP_MSG
  msg.writeInt32LE(msg.length, 0);
  const pinger = (s: net.Socket) => {
    let waiting: (() => void) | undefined;
    let got = 0;
    s.on('data', (c) => {
      got += c.length;
      if (got >= msg.length) {
        got -= msg.length;
        waiting?.();
      }
    });
    return () =>
      new Promise<void>((r) => {
        waiting = r;
        s.write(msg);
      });
  };
  const sockets: net.Socket[] = [];
  const one = pinger(await connect());
  const seq = await timed(SEQ_OPS, one);
  const pings = await Promise.all(Array.from({ length: CONC }, async () => pinger(await connect())));
  let next = 0;
  const run = async (p: () => Promise<void>): Promise<void> => {
    while (next < CONC_OPS) {
      next++;
      await p();
    }
  };
  await Promise.all(pings.map(run));
  next = 0;
  const t0 = performance.now();
  await Promise.all(pings.map(run));
  const conc = (CONC_OPS / (performance.now() - t0)) * 1000;
  sockets.forEach((s) => s.destroy());
  await worker.terminate();
  return { seq, conc };
}

// ---- baseline: the driver against a server that answers at once --------------------------------

const INSTANT_WORKER = framedServer(
  `
const { serialize, deserialize, Long } = require('bson');
const OP_MSG = 2013;
function reply(requestId, body) {
  const doc = serialize(body);
  const out = Buffer.alloc(21 + doc.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(0, 4);
  out.writeInt32LE(requestId, 8);
  out.writeInt32LE(OP_MSG, 12);
  out.writeUInt32LE(0, 16);
  out.writeUInt8(0, 20);
  doc.copy(out, 21);
  return out;
}
const hello = () => ({ helloOk: true, isWritablePrimary: true, ismaster: true, maxBsonObjectSize: 16777216, maxMessageSizeBytes: 48000000,
  maxWriteBatchSize: 100000, localTime: new Date(), logicalSessionTimeoutMinutes: 30, connectionId: 1, minWireVersion: 0, maxWireVersion: 21, readOnly: false, ok: 1 });
const found = serialize({ cursor: { firstBatch: [{ _id: 1, key: 'k1', owner: 'user1', scopes: ['posts:read', 'posts:write'], n: 0 }], id: Long.fromNumber(0), ns: 'bench.keys' }, ok: 1 });
`,
  `
      const requestId = msg.readInt32LE(4);
      // The handshake and anything but find get a real answer; find gets the reply made in advance.
      const name = msg.readInt32LE(12) === OP_MSG ? Object.keys(deserialize(msg.subarray(21, 21 + msg.readInt32LE(21))))[0] : 'hello';
      if (name === 'find') {
        const out = Buffer.alloc(21 + found.length);
        out.writeInt32LE(out.length, 0); out.writeInt32LE(0, 4); out.writeInt32LE(requestId, 8); out.writeInt32LE(OP_MSG, 12);
        found.copy(out, 21);
        s.write(out);
      } else if (msg.readInt32LE(12) !== OP_MSG) {
        // Legacy OP_QUERY handshake (OP_REPLY).
        const doc = serialize(hello());
        const out = Buffer.alloc(36 + doc.length);
        out.writeInt32LE(out.length, 0); out.writeInt32LE(0, 4); out.writeInt32LE(requestId, 8); out.writeInt32LE(1, 12);
        out.writeInt32LE(1, 32); doc.copy(out, 36);
        s.write(out);
      } else {
        s.write(reply(requestId, name === 'hello' || name === 'isMaster' || name === 'ismaster' ? hello() : { ok: 1 }));
      }
`,
);

/** CPU of the calling thread per findOne when the server costs nothing: what the driver itself spends. */
async function driverFloor(socketPath?: string): Promise<Stats> {
  const worker = new Worker(INSTANT_WORKER, { eval: true, workerData: { socketPath } });
  const address: number | string = await new Promise((r) => worker.once('message', r));
  const host = socketPath ? encodeURIComponent(socketPath) : `127.0.0.1:${address}`;
  const client = await MongoClient.connect(`mongodb://${host}/?directConnection=true`);
  try {
    const c = client.db('bench').collection<{ key: string }>('keys');
    // threadCpuUsage: Node 23.9+ (the benchmarks run on the project's Node 24).
    const cpu = (): number => {
      const u = (process as unknown as { threadCpuUsage(): { user: number; system: number } }).threadCpuUsage();
      return u.user + u.system;
    };
    const n = SEQ_OPS;
    await warmUp((i) => c.findOne({ key: `k${i % 10_000}` }));
    const samples: number[] = [];
    const cpu0 = cpu();
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      if (!(await c.findOne({ key: `k${i}` }))) throw new Error('miss');
      samples.push(performance.now() - t0);
    }
    return { ...stats(samples), cpuMs: (cpu() - cpu0) / 1000 / n };
  } finally {
    await client.close();
    await worker.terminate();
  }
}

// ---- the embedded server ----------------------------------------------------------------------

interface Result {
  find: Stats & { cpuRounds: number[] };
  findConc: number;
  updMem: Stats;
  updDisk: Stats;
  insert: Stats;
}

async function seed(client: MongoClient, name: string) {
  const c = client.db('bench').collection<{ _id?: ObjectId; key: string; owner: string; scopes: string[]; n: number }>(name);
  await c.createIndex({ key: 1 }, { unique: true });
  for (let i = 0; i < DOCS; i += 1000) {
    await c.insertMany(
      Array.from({ length: 1000 }, (_, j) => ({ key: `k${i + j}`, owner: `user${(i + j) % 97}`, scopes: ['posts:read', 'posts:write'], n: 0 })),
    );
  }
  return c;
}

async function measureServer(inWorker: boolean, socketDir?: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-latency-'));
  const mem = await startEmbeddedMongo({ inWorker, ...(socketDir ? { socketPath: path.join(socketDir, 'mem.sock') } : {}) });
  const disk = await startEmbeddedMongo({ inWorker, dataDir, ...(socketDir ? { socketPath: path.join(socketDir, 'disk.sock') } : {}) });
  const client = await MongoClient.connect(mem.uri, { maxPoolSize: 64 });
  const diskClient = await MongoClient.connect(disk.uri);
  try {
    const c = await seed(client, 'keys');
    const ids = (await c.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    const key = (i: number): string => `k${(i * 7919) % DOCS}`;
    const find = await timed(
      SEQ_OPS,
      async (i) => {
        const d = await c.findOne({ key: key(i) });
        if (!d) throw new Error('miss');
      },
      FIND_ROUNDS,
    );
    const findConc = await throughput(CONC_OPS, CONC, (i) => c.findOne({ key: key(i) }));
    const updMem = await timed(WRITE_OPS, (i) => c.updateOne({ _id: ids[i % DOCS] }, { $inc: { n: 1 } }));
    const insert = await timed(WRITE_OPS, (i) => c.insertOne({ key: `new${i}-${Math.random()}`, owner: 'x', scopes: [], n: 0 }));
    const dc = await seed(diskClient, 'keys');
    const dids = (await dc.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    const updDisk = await timed(Math.min(WRITE_OPS, 1000), (i) => dc.updateOne({ _id: dids[i % DOCS] }, { $inc: { n: 1 } }));
    return { find, findConc, updMem, updDisk, insert };
  } finally {
    await client.close();
    await diskClient.close();
    await mem.stop();
    await disk.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (x: number): string => `${x.toFixed(3)} ms`;

async function main(): Promise<void> {
  const base = await echoBaseline();
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}  cpus: ${os.cpus().length}`,
  );
  console.log(`baseline  TCP echo via worker thread: p50 ${ms(base.seq.p50)}  p99 ${ms(base.seq.p99)}  32 callers ${base.conc.toFixed(0)} ops/s`);
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eml-'));
  const floors = { socket: await driverFloor(path.join(socketDir, 'instant.sock')), tcp: await driverFloor() };
  for (const [transport, floor] of Object.entries(floors)) {
    console.log(
      `baseline  driver findOne against a server that answers at once (${transport}): p50 ${ms(floor.p50)}  CPU ${ms(floor.cpuMs ?? 0)}/op (caller's thread)`,
    );
  }
  // `worker` is how the app runs it (worker thread, Unix socket: src/database/database-server.ts).
  const modes: Array<[string, boolean, 'socket' | 'tcp']> = [
    ['worker', true, 'socket'],
    ['worker-tcp', true, 'tcp'],
    ['inproc', false, 'tcp'],
  ];
  for (const [label, inWorker, transport] of modes) {
    if (MODE && MODE !== label) continue;
    const r = await measureServer(inWorker, transport === 'socket' ? socketDir : undefined);
    const floorCpu = floors[transport].cpuMs ?? 0;
    const x = (s: Stats): string => `p50 ${ms(s.p50)} (${(s.p50 / base.seq.p50).toFixed(1)}x echo)  p99 ${ms(s.p99)}  CPU ${ms(s.cpuMs ?? 0)}/op`;
    console.log(
      `[${label}] findOne by unique key, sequential:  ${x(r.find)}  = ${((r.find.cpuMs ?? 0) / floorCpu).toFixed(2)}x the driver's floor (${transport})`,
    );
    console.log(`[${label}] findOne, CPU per round of ${SEQ_OPS}: ${r.find.cpuRounds.map((c) => c.toFixed(3)).join(', ')} ms/op (median above)`);
    console.log(`[${label}] findOne, ${CONC} concurrent callers:   ${r.findConc.toFixed(0)} ops/s (${(base.conc / r.findConc).toFixed(1)}x below echo)`);
    console.log(`[${label}] updateOne by _id, in-memory:        ${x(r.updMem)}`);
    console.log(`[${label}] updateOne by _id, dataDir (fsync):  ${x(r.updDisk)}`);
    console.log(`[${label}] insertOne, in-memory:               ${x(r.insert)}`);
  }
  fs.rmSync(socketDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
