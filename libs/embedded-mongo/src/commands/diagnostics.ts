// Handshake and server-information commands: hello (one-member replica-set primary),
// buildInfo, ping and the assorted status commands the driver and mongosh send.
import * as os from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, resourceLimits } from 'node:worker_threads';
import { Long, Timestamp } from 'bson';
import { Doc, toNumber } from '../bson/values';
import { CommandContext, Handler } from './context';

/** MongoDB 7.0 speaks wire version 21; the 7.x driver needs >= 8. */
export const MAX_WIRE_VERSION = 21;
export const VERSION = '7.0.0';

export function clusterTime(ctx: CommandContext): Timestamp {
  return new Timestamp({ t: Math.floor(Date.now() / 1000), i: Math.max(1, ctx.engine.seq % 0xffffffff) });
}

function helloReply(ctx: CommandContext, legacyName: boolean): Doc {
  const now = new Date();
  const opTime = { ts: clusterTime(ctx), t: Long.fromNumber(1) };
  return {
    topologyVersion: { processId: ctx.server.topologyProcessId, counter: Long.ZERO },
    hosts: [ctx.server.address],
    setName: ctx.server.replSetName,
    setVersion: 1,
    [legacyName ? 'ismaster' : 'isWritablePrimary']: true,
    secondary: false,
    primary: ctx.server.address,
    me: ctx.server.address,
    electionId: ctx.server.electionId,
    lastWrite: { opTime, lastWriteDate: now, majorityOpTime: opTime, majorityWriteDate: now },
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48000000,
    maxWriteBatchSize: 100000,
    localTime: now,
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
}

async function handshake(cmd: Doc, ctx: CommandContext, legacyName: boolean): Promise<Doc> {
  // Streaming monitor: the driver long-polls with topologyVersion + maxAwaitTimeMS and expects
  // an answer only when the topology changes or the wait elapses (ours never changes).
  if (cmd.topologyVersion && cmd.maxAwaitTimeMS !== undefined) {
    await ctx.server.sleep(Math.max(10, toNumber(cmd.maxAwaitTimeMS)));
  }
  const reply = helloReply(ctx, legacyName);
  // Tells a legacy-handshake client that it may switch to the `hello` command.
  if (cmd.helloOk === true) reply.helloOk = true;
  return reply;
}

const hello: Handler = (cmd, ctx) => handshake(cmd, ctx, false);
const isMaster: Handler = (cmd, ctx) => handshake(cmd, ctx, true);

const buildInfo: Handler = () => ({
  version: VERSION,
  gitVersion: 'embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['embedded'],
  modules: [],
  openssl: { running: 'disabled' },
  javascriptEngine: 'none',
  sysInfo: 'deprecated',
  allocator: 'system',
  buildEnvironment: { target_os: process.platform, target_arch: process.arch },
  ok: 1,
});

const getParameter: Handler = (cmd) => {
  const params: Doc = {
    featureCompatibilityVersion: { version: '7.0' },
    authenticationMechanisms: [],
    transactionLifetimeLimitSeconds: 60,
    maxTransactionLockRequestTimeoutMillis: 5,
    logLevel: 0,
    quiet: false,
  };
  if (cmd.getParameter === '*' || (typeof cmd.getParameter === 'object' && cmd.getParameter && (cmd.getParameter as Doc).allParameters)) {
    return { ...params, ok: 1 };
  }
  const out: Doc = {};
  for (const k of Object.keys(cmd)) if (k !== 'getParameter' && !k.startsWith('$') && k in params) out[k] = params[k];
  return { ...out, ok: 1 };
};

const hostInfo: Handler = () => ({
  system: {
    currentTime: new Date(),
    hostname: os.hostname(),
    cpuAddrSize: 64,
    memSizeMB: Math.round(os.totalmem() / 1048576),
    numCores: os.cpus().length,
    cpuArch: process.arch,
  },
  os: { type: os.type(), name: os.type(), version: os.release() },
  extra: {},
  ok: 1,
});

/**
 * The heap of the thread this server runs on, in MB: in worker mode the database's own (its
 * documents and indexes, and garbage not yet collected); in-process the whole caller's heap.
 */
function heapFigures(): { usedMB: number; physicalMB: number } {
  const h = getHeapStatistics();
  const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
  return { usedMB: mb(h.used_heap_size), physicalMB: mb(h.total_physical_size) };
}

const serverStatus: Handler = (_cmd, ctx) => {
  const uptime = (Date.now() - ctx.server.startedAt.getTime()) / 1000;
  return {
    host: os.hostname(),
    version: VERSION,
    process: 'mongod',
    pid: Long.fromNumber(process.pid),
    uptime: Math.floor(uptime),
    uptimeMillis: Long.fromNumber(Math.floor(uptime * 1000)),
    uptimeEstimate: Long.fromNumber(Math.floor(uptime)),
    localTime: new Date(),
    connections: { current: ctx.server.connectionCount(), available: 1000, totalCreated: ctx.connectionId },
    storageEngine: { name: 'embedded', supportsCommittedReads: true, persistent: true },
    mem: { bits: 64, resident: Math.round(process.memoryUsage().rss / 1048576) },
    // Not MongoDB's: where this server runs, its thread's heap limits (worker mode) and heap.
    embedded: { inWorker: !isMainThread, youngGenerationLimitMB: isMainThread ? null : (resourceLimits.maxYoungGenerationSizeMb ?? null), heap: heapFigures() },
    metrics: { cursor: { open: { total: ctx.cursors.size } } },
    ok: 1,
  };
};

const ok: Handler = () => ({ ok: 1 });

export const diagnosticCommands: Record<string, Handler> = {
  hello,
  isMaster,
  ismaster: isMaster,
  buildInfo,
  buildinfo: buildInfo,
  ping: ok,
  getParameter,
  setParameter: ok,
  getCmdLineOpts: () => ({ argv: ['mongod'], parsed: {}, ok: 1 }),
  hostInfo,
  serverStatus,
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  whatsmyuri: (_c, ctx) => ({ you: ctx.remote, ok: 1 }),
  getLog: (cmd) => (cmd.getLog === '*' ? { names: ['global', 'startupWarnings'], ok: 1 } : { totalLinesWritten: 0, log: [], ok: 1 }),
  getFreeMonitoringStatus: () => ({ state: 'disabled', ok: 1 }),
  logout: ok,
  saslStart: () => ({ ok: 0, errmsg: 'Authentication is not supported by the embedded server', code: 18, codeName: 'AuthenticationFailed' }),
  replSetGetStatus: (_c, ctx) => ({
    set: ctx.server.replSetName,
    date: new Date(),
    myState: 1,
    members: [{ _id: 0, name: ctx.server.address, health: 1, state: 1, stateStr: 'PRIMARY', self: true }],
    ok: 1,
  }),
  listCommands: () => ({ commands: {}, ok: 1 }),
  features: () => ({ ok: 1 }),
};
