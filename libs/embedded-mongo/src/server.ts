// The TCP server: accepts connections, frames incoming messages, runs each command through the
// dispatcher and writes the reply. Commands of one connection run in order (drivers never
// pipeline on a connection); different connections run concurrently.
import * as fs from 'node:fs';
import * as net from 'node:net';
import { ObjectId } from 'bson';
import { runCommand, CommandBase } from './commands';
import { ServerInfo } from './commands/context';
import { CursorManager } from './cursors';
import { Engine } from './storage/engine';
import { WriteVersions } from './storage/write-versions';
import { SessionRegistry } from './transactions';
import { decodeMessage, encodeMsgReply, encodeOpReply, MessageFramer, MSG_EXHAUST_ALLOWED, MSG_MORE_TO_COME, OP_COMPRESSED, readHeader } from './wire/protocol';
import { Doc } from './bson/values';

export interface ServerOptions {
  dataDir?: string;
  port?: number;
  host?: string;
  /**
   * Listen on this Unix socket instead of TCP (mode 0600: only the owning OS user can connect).
   * A stale socket file left by a crash is replaced; one that still answers is refused as in use.
   */
  socketPath?: string;
  replSetName?: string;
  logger?: (level: 'info' | 'warn' | 'error', msg: string) => void;
  /** TTL sweep interval (default 1000 ms). */
  ttlIntervalMs?: number;
  /** Transactions older than this are aborted (default 60 s, MongoDB's transactionLifetimeLimitSeconds). */
  transactionLifetimeMs?: number;
  /** Idle cursors are closed after this long (default 10 min). */
  cursorTimeoutMs?: number;
  /** Journal size that triggers compaction (default 64 MiB). */
  compactBytes?: number;
  /** Shared memory for the per-collection write counters (WriteVersions), so the embedding process can read them. */
  writeVersions?: SharedArrayBuffer;
}

const MAX_MESSAGE = 48_000_000;

export class EmbeddedMongoServer {
  private readonly tcp = net.createServer((s) => this.accept(s));
  private readonly sockets = new Set<net.Socket>();
  private readonly sleepers = new Set<() => void>();
  private engine!: Engine;
  private readonly cursors = new CursorManager();
  private readonly sessions = new SessionRegistry();
  private nextConnectionId = 1;
  private housekeeping?: NodeJS.Timeout;
  private stopping = false;
  private info!: ServerInfo;
  port = 0;

  constructor(private readonly opts: ServerOptions = {}) {}

  get uri(): string {
    // A socket path is connected to directly: drivers lower-case the replica set's host names
    // (hello's me/hosts), which would lose a socket whose path has capitals.
    if (this.opts.socketPath) return `mongodb://${encodeURIComponent(this.info.address)}/?directConnection=true`;
    return `mongodb://${this.info.address}/?replicaSet=${encodeURIComponent(this.info.replSetName)}`;
  }

  private log(level: 'info' | 'warn' | 'error', msg: string): void {
    this.opts.logger?.(level, msg);
  }

  async start(): Promise<void> {
    this.engine = Engine.open({
      dataDir: this.opts.dataDir,
      ttlIntervalMs: this.opts.ttlIntervalMs,
      compactBytes: this.opts.compactBytes,
      log: (l, m) => this.log(l, m),
      writeVersions: this.opts.writeVersions ? new WriteVersions(this.opts.writeVersions) : undefined,
    });
    const host = this.opts.host ?? '127.0.0.1';
    const socketPath = this.opts.socketPath;
    try {
      if (socketPath) await removeStaleSocket(socketPath);
      await new Promise<void>((resolve, reject) => {
        this.tcp.once('error', reject);
        const listening = (): void => {
          this.tcp.off('error', reject);
          resolve();
        };
        if (socketPath) this.tcp.listen(socketPath, listening);
        else this.tcp.listen(this.opts.port ?? 0, host, listening);
      });
      if (socketPath) fs.chmodSync(socketPath, 0o600);
    } catch (e) {
      this.tcp.close();
      await this.engine.close();
      throw e;
    }
    const advertised = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    this.port = socketPath ? 0 : (this.tcp.address() as net.AddressInfo).port;
    this.info = {
      // A socket's path is its address in hello's hosts/me, as mongod reports a socket-only member.
      address: socketPath ?? `${advertised}:${this.port}`,
      replSetName: this.opts.replSetName ?? 'rs0',
      startedAt: new Date(),
      electionId: new ObjectId('7fffffff0000000000000001'),
      topologyProcessId: new ObjectId(),
      sleep: (ms) => this.sleep(ms),
      connectionCount: () => this.sockets.size,
      log: (l, m) => this.log(l, m),
    };
    const lifetime = this.opts.transactionLifetimeMs ?? 60_000;
    this.housekeeping = setInterval(
      () => {
        const now = Date.now();
        for (const s of this.sessions.all()) {
          if (s.txn?.state === 'active' && now - s.txn.startedAt > lifetime) {
            this.engine.abort(s.txn, 'transaction lifetime limit exceeded');
            this.log('warn', `aborted transaction ${s.txn.txnNumber} of session ${s.id}: lifetime limit exceeded`);
          }
        }
        this.sessions.expire(30 * 60_000);
        this.cursors.reap(this.opts.cursorTimeoutMs ?? 10 * 60_000);
      },
      Math.min(1000, lifetime),
    );
    this.housekeeping.unref();
    this.log('info', `embedded MongoDB listening on ${this.info.address}${this.opts.dataDir ? ` (data: ${this.opts.dataDir})` : ' (in-memory)'}`);
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private accept(socket: net.Socket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    this.sockets.add(socket);
    const connectionId = this.nextConnectionId++;
    const remote = `${socket.remoteAddress}:${socket.remotePort}`;
    const base: CommandBase = { engine: this.engine, cursors: this.cursors, sessions: this.sessions, server: this.info, connectionId, remote };
    const framer = new MessageFramer(MAX_MESSAGE);
    let chain = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      const { messages, invalidLength } = framer.push(chunk);
      for (const msg of messages) {
        chain = chain
          .then(() => this.handle(socket, msg, base))
          .catch((e) => {
            this.log('error', `connection ${connectionId}: ${(e as Error).stack ?? e}`);
            socket.destroy();
          });
      }
      if (invalidLength !== undefined) {
        this.log('warn', `connection ${connectionId}: invalid message length ${invalidLength}; closing`);
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private async handle(socket: net.Socket, msg: Buffer, base: CommandBase): Promise<void> {
    const header = readHeader(msg);
    if (header.opCode === OP_COMPRESSED) throw new Error('OP_COMPRESSED is not supported (compression is not advertised)');
    const incoming = decodeMessage(msg);
    let db: string;
    if (incoming.legacy) db = (incoming.fullCollectionName ?? 'admin.$cmd').split('.')[0];
    else db = typeof incoming.command.$db === 'string' ? incoming.command.$db : 'admin';
    const cmd = incoming.command;
    if (incoming.flags & MSG_EXHAUST_ALLOWED && cmd.topologyVersion && cmd.maxAwaitTimeMS !== undefined) {
      return this.streamHello(socket, header.requestId, cmd, db, base);
    }
    const reply: Doc = await runCommand(cmd, db, base);
    if (incoming.flags & MSG_MORE_TO_COME) return; // unacknowledged write: applied, no reply
    if (socket.destroyed) return;
    socket.write(incoming.legacy ? encodeOpReply(header.requestId, reply) : encodeMsgReply(header.requestId, reply));
  }

  /**
   * Streaming (exhaust) hello used by the driver's server monitor: one request, then a reply
   * every maxAwaitTimeMS flagged moreToCome, each answering the previous reply, until the
   * connection closes.
   */
  private async streamHello(socket: net.Socket, requestId: number, cmd: Doc, db: string, base: CommandBase): Promise<void> {
    let responseTo = requestId;
    while (!socket.destroyed && !this.stopping) {
      const reply = await runCommand(cmd, db, base);
      if (socket.destroyed || this.stopping) return;
      const buf = encodeMsgReply(responseTo, reply, MSG_MORE_TO_COME);
      socket.write(buf);
      responseTo = buf.readInt32LE(4);
    }
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.housekeeping) clearInterval(this.housekeeping);
    [...this.sleepers].forEach((wake) => wake());
    const closed = new Promise<void>((resolve) => this.tcp.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
    await this.engine.close();
    this.log('info', 'embedded MongoDB stopped');
  }
}

/** Unlinks a socket file no server answers on (left by a crash); refuses one still in use. */
async function removeStaleSocket(path: string): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(path);
  } catch {
    return;
  }
  if (!stat.isSocket()) throw new Error(`${path} exists and is not a socket; refusing to replace it`);
  const answers = await new Promise<boolean>((resolve) => {
    const probe = net.connect(path, () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (answers) throw Object.assign(new Error(`listen EADDRINUSE: another server answers on ${path}`), { code: 'EADDRINUSE' });
  fs.unlinkSync(path);
}
