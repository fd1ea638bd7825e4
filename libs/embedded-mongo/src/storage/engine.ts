// The storage engine: every collection of every database, the commit clock, the journal and
// snapshots, transaction commit and document locks, and the TTL sweeper. All state changes go
// through here so that the in-memory state and the journal stay in the same order.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UUID } from 'bson';
import { MongoError, writeConflict } from '../errors';
import { Transaction } from '../transactions';
import { normaliseDoc, toWire } from '../bson/codec';
import { Collection } from './collection';
import { IndexSpec, sameIndexOptions } from './index-store';
import { Journal, recoverJournal } from './journal';
import { acquireLock } from './lockfile';
import { collectionDef, readSnapshot, writeSnapshot } from './snapshot';
import { WriteVersions } from './write-versions';
import { Doc, keyString, toNumber } from '../bson/values';

export interface EngineOptions {
  dataDir?: string;
  /** Journal size that triggers compaction into a snapshot. */
  compactBytes?: number;
  ttlIntervalMs?: number;
  log?: (level: 'info' | 'warn' | 'error', msg: string) => void;
  /** Counters bumped after each applied change to a collection (see write-versions.ts). */
  writeVersions?: WriteVersions;
}

/** Thrown by a non-transactional write that hit a document locked by an open transaction. */
export class LockedByTransaction extends Error {
  constructor(readonly txn: Transaction) {
    super('document locked by a transaction');
  }
}

export function splitNs(ns: string): [string, string] {
  const i = ns.indexOf('.');
  return [ns.slice(0, i), ns.slice(i + 1)];
}

export class Engine {
  readonly collections = new Map<string, Collection>();
  /** ns + '\0' + _id key -> transaction holding an uncommitted write to that document. */
  private readonly locks = new Map<string, Transaction>();
  /** Commit clock; also the journal sequence number. */
  seq = 0;
  /** Open transactions: each reads the data as of its start stamp (snapshot isolation). */
  private readonly snapshots = new Set<Transaction>();
  /** Collections holding old versions for those snapshots. */
  private readonly withHistory = new Set<Collection>();
  /** Collections keeping commit stamps for them (Collection.put's `ts`). */
  private readonly stamped = new Set<Collection>();
  private journal?: Journal;
  private releaseLock?: () => void;
  private ttlTimer?: NodeJS.Timeout;
  private compacting = false;
  readonly startedAt = new Date();

  private constructor(private readonly opts: EngineOptions) {}

  static open(opts: EngineOptions): Engine {
    const engine = new Engine(opts);
    if (opts.dataDir) engine.recover(opts.dataDir);
    engine.ttlTimer = setInterval(() => engine.sweepTtl(), opts.ttlIntervalMs ?? 1000);
    engine.ttlTimer.unref();
    return engine;
  }

  private get snapshotPath(): string {
    return path.join(this.opts.dataDir!, 'snapshot.bson');
  }

  private recover(dir: string): void {
    fs.mkdirSync(dir, { recursive: true });
    this.releaseLock = acquireLock(dir);
    const t0 = Date.now();
    const snap = readSnapshot(this.snapshotPath);
    if (snap) {
      this.seq = snap.seq;
      for (const op of snap.ops) this.replay(op);
    }
    const journalPath = path.join(dir, 'journal.bin');
    const records = recoverJournal(journalPath);
    let replayed = 0;
    for (const rec of records) {
      if (rec.seq <= (snap?.seq ?? 0)) continue;
      for (const op of rec.ops) this.replay(op);
      this.seq = Math.max(this.seq, rec.seq);
      replayed++;
    }
    this.journal = new Journal(journalPath, this.opts.compactBytes ?? 64 * 1024 * 1024, this.seq);
    this.journal.onLarge = () => this.compact();
    let docs = 0;
    for (const c of this.collections.values()) docs += c.size;
    this.opts.log?.(
      'info',
      `recovered ${this.collections.size} collections, ${docs} documents (${replayed} journal records) from ${dir} in ${Date.now() - t0} ms`,
    );
  }

  /** Applies one journal/snapshot operation during recovery (idempotent). */
  private replay(op: Doc): void {
    const ns = op.ns as string;
    switch (op.o) {
      case 'c': {
        if (!this.collections.has(ns)) {
          const [db, name] = splitNs(ns);
          this.collections.set(ns, new Collection(db, name, normaliseDoc((op.options as Doc) ?? {}), op.uuid as UUID));
        }
        const coll = this.collections.get(ns)!;
        for (const spec of (op.indexes as IndexSpec[] | undefined) ?? []) {
          if (!coll.indexes.has(spec.name)) coll.addIndex(normaliseDoc(spec) as IndexSpec);
        }
        break;
      }
      case 'x':
        this.collections.delete(ns);
        break;
      case 'i': {
        const coll = this.collections.get(ns);
        const spec = normaliseDoc(op.spec as Doc) as IndexSpec;
        if (coll && !coll.indexes.has(spec.name)) coll.addIndex(spec);
        break;
      }
      case 'di':
        this.collections.get(ns)?.indexes.delete(op.name as string);
        break;
      case 'm': {
        const coll = this.collections.get(ns);
        if (coll) coll.options = normaliseDoc(op.options as Doc);
        break;
      }
      case 'r': {
        const coll = this.collections.get(op.from as string);
        if (!coll) break;
        this.collections.delete(op.from as string);
        [coll.db, coll.name] = splitNs(op.to as string);
        this.collections.set(op.to as string, coll);
        break;
      }
      case 'p': {
        const doc = normaliseDoc(op.d as Doc);
        const coll = this.collections.get(ns);
        coll?.put(Collection.idKey(doc), doc);
        break;
      }
      case 'd':
        this.collections.get(ns)?.delete(keyString(normaliseDoc({ id: op.id }).id));
        break;
    }
  }

  /** Journals operations (one atomic record); returns the sequence to wait on for durability. */
  /** The next sequence number; its record is built only when there is a journal to append it to. */
  log(ops: Doc[] | (() => Doc[])): number {
    const seq = ++this.seq;
    this.journal?.append(seq, typeof ops === 'function' ? ops() : ops);
    return seq;
  }

  /** Resolves once the record with sequence `seq` (and all before it) is fsynced. */
  durable(seq: number): Promise<void> {
    return this.journal ? this.journal.waitFor(seq) : Promise.resolve();
  }

  // ---- metadata -------------------------------------------------------------------------------

  get(ns: string): Collection | undefined {
    return this.collections.get(ns);
  }

  databases(): string[] {
    return [...new Set([...this.collections.values()].map((c) => c.db))];
  }

  collectionsOf(db: string): Collection[] {
    return [...this.collections.values()].filter((c) => c.db === db);
  }

  createCollection(ns: string, options: Doc = {}): Collection {
    if (this.collections.has(ns)) throw new MongoError('NamespaceExists', `Collection ${ns} already exists.`);
    const [db, name] = splitNs(ns);
    validateNames(db, name);
    const coll = new Collection(db, name, options);
    this.collections.set(ns, coll);
    this.log([collectionDef(coll)]);
    return coll;
  }

  /**
   * The collection, created implicitly (as MongoDB does on first write) when absent. Created by a
   * transaction's write, it is the transaction's: an abort removes it again.
   */
  ensure(ns: string, txn?: Transaction): Collection {
    const existing = this.collections.get(ns);
    if (existing) return existing;
    const created = this.createCollection(ns);
    txn?.createdNamespaces.add(ns);
    return created;
  }

  dropCollection(ns: string): boolean {
    const coll = this.collections.get(ns);
    if (!coll) return false;
    this.assertNotLocked(ns);
    this.collections.delete(ns);
    this.log([{ o: 'x', ns }]);
    this.opts.writeVersions?.bump(ns);
    return true;
  }

  dropDatabase(db: string): void {
    for (const coll of this.collectionsOf(db)) this.dropCollection(coll.ns);
  }

  renameCollection(from: string, to: string, dropTarget: boolean): void {
    const coll = this.collections.get(from);
    if (!coll) throw new MongoError('NamespaceNotFound', 'Source collection ' + from + ' does not exist');
    if (this.collections.has(to)) {
      if (!dropTarget) throw new MongoError('NamespaceExists', 'target namespace exists');
      this.dropCollection(to);
    }
    this.assertNotLocked(from);
    this.collections.delete(from);
    [coll.db, coll.name] = splitNs(to);
    validateNames(coll.db, coll.name);
    this.collections.set(to, coll);
    this.log([{ o: 'r', from, to }]);
    this.opts.writeVersions?.bump(from);
    this.opts.writeVersions?.bump(to);
  }

  setOptions(coll: Collection, options: Doc): void {
    coll.options = options;
    this.log([{ o: 'm', ns: coll.ns, options }]);
  }

  /** Creates an index; returns false when an identical index already exists. */
  createIndex(coll: Collection, spec: IndexSpec): boolean {
    const keyStr = keyString(spec.key);
    for (const existing of coll.indexes.values()) {
      const sameKey = keyString(existing.spec.key) === keyStr;
      if (existing.name === spec.name) {
        if (sameKey && sameIndexOptions(existing.spec, spec)) return false;
        if (sameKey)
          throw new MongoError(
            'IndexOptionsConflict',
            `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
          );
        throw new MongoError(
          'IndexKeySpecsConflict',
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
        );
      }
      if (
        sameKey &&
        !spec.partialFilterExpression &&
        !existing.spec.partialFilterExpression &&
        keyString(existing.spec.collation ?? null) === keyString(spec.collation ?? null)
      ) {
        if (sameIndexOptions(existing.spec, spec)) return false;
        throw new MongoError(
          'IndexOptionsConflict',
          `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
        );
      }
    }
    coll.addIndex(spec);
    this.log([{ o: 'i', ns: coll.ns, spec }]);
    return true;
  }

  dropIndex(coll: Collection, name: string): void {
    coll.indexes.delete(name);
    this.log([{ o: 'di', ns: coll.ns, name }]);
  }

  // ---- snapshots (MVCC) ---------------------------------------------------------------------------

  /** Registers a started transaction: from now on, commits keep the versions it may still read. */
  beginSnapshot(txn: Transaction): void {
    this.snapshots.add(txn);
  }

  /** Keeps the current version of `id` before a commit at stamp `seq` replaces or deletes it. */
  private remember(coll: Collection, id: string, seq: number): void {
    if (!this.snapshots.size) return;
    let needed = false;
    for (const t of this.snapshots) if (t.startTs < seq) needed = true;
    if (!needed) return;
    let list = coll.history.get(id);
    if (!list) coll.history.set(id, (list = []));
    list.push({ doc: coll.get(id) ?? null, ts: coll.stampOf(id) ?? 0, until: seq });
    this.withHistory.add(coll);
  }

  /**
   * A write's commit stamp for the collection to keep, while transactions are open (write
   * conflicts are writes after a transaction's start); undefined otherwise.
   */
  private stampFor(coll: Collection, seq: number): number | undefined {
    if (!this.snapshots.size) return undefined;
    this.stamped.add(coll);
    return seq;
  }

  /** Drops the old versions no open transaction can read any more. */
  private pruneHistory(): void {
    if (!this.withHistory.size) return;
    if (!this.snapshots.size) {
      for (const coll of this.withHistory) coll.history.clear();
      this.withHistory.clear();
      return;
    }
    let oldest = Infinity;
    for (const t of this.snapshots) oldest = Math.min(oldest, t.startTs);
    for (const coll of this.withHistory) {
      for (const [id, list] of coll.history) {
        const kept = list.filter((v) => v.until > oldest);
        if (!kept.length) coll.history.delete(id);
        else if (kept.length !== list.length) coll.history.set(id, kept);
      }
      if (!coll.history.size) this.withHistory.delete(coll);
    }
  }

  /**
   * What a transaction reads of a collection beyond the committed current versions: its snapshot
   * (documents changed by others since it started, as they were then) under its own writes.
   */
  txnView(coll: Collection, txn: Transaction): Map<string, Doc | null> | undefined {
    const own = txn.overlay(coll.ns);
    const snap = coll.history.size ? coll.snapshotAt(txn.startTs) : undefined;
    if (!snap) return own;
    if (own) for (const [id, doc] of own) snap.set(id, doc);
    return snap;
  }

  // ---- document writes --------------------------------------------------------------------------

  private lockKey(ns: string, id: string): string {
    return ns + '\0' + id;
  }

  lockedBy(ns: string, id: string): Transaction | undefined {
    return this.locks.get(this.lockKey(ns, id));
  }

  private assertNotLocked(ns: string): void {
    for (const [key, txn] of this.locks) {
      if (key.startsWith(ns + '\0') && txn.state === 'active') throw writeConflict();
    }
  }

  /**
   * Writes `doc` (or deletes, when null) under `id`. Outside a transaction the change is applied
   * and journalled at once (returns the journal sequence); inside one it goes to the write set.
   * `bson`: `doc`'s encoding when the caller already made it (an update's size check).
   */
  write(coll: Collection, id: string, doc: Doc | null, txn?: Transaction, bson?: Buffer): number {
    const key = this.lockKey(coll.ns, id);
    const holder = this.locks.get(key);
    if (!txn) {
      if (holder && holder.state === 'active') throw new LockedByTransaction(holder);
      if (doc) coll.checkUnique(id, doc);
      const seq = this.log(() => [doc ? { o: 'p', ns: coll.ns, d: toWire(doc) } : { o: 'd', ns: coll.ns, id: toWire({ id: coll.get(id)?._id }).id }]);
      this.remember(coll, id, seq);
      if (doc) coll.put(id, doc, this.stampFor(coll, seq), bson);
      else coll.delete(id);
      this.opts.writeVersions?.bump(coll.ns);
      return seq;
    }
    if (holder && holder !== txn && holder.state === 'active') throw writeConflict();
    if (!txn.locks.has(key) && coll.changedAfter(id, txn.startTs)) throw writeConflict();
    let overlay = txn.writes.get(coll.ns);
    if (!overlay) txn.writes.set(coll.ns, (overlay = new Map()));
    if (doc) coll.checkUnique(id, doc, overlay);
    overlay.set(id, doc);
    this.locks.set(key, txn);
    txn.locks.add(key);
    return 0;
  }

  /**
   * Inside a transaction, a statement that matched a document changed (or being changed) by
   * someone else since the transaction started conflicts even if its own update is a no-op:
   * under MongoDB's snapshot isolation it would have seen the older version.
   */
  checkConflict(coll: Collection, id: string, txn: Transaction): void {
    const key = this.lockKey(coll.ns, id);
    const holder = this.locks.get(key);
    if (holder && holder !== txn && holder.state === 'active') throw writeConflict();
    if (!txn.locks.has(key) && coll.changedAfter(id, txn.startTs)) throw writeConflict();
  }

  /** Applies a transaction's write set atomically; returns the journal sequence of its record. */
  commit(txn: Transaction): number {
    try {
      // Validate every unique index first so that a failure leaves nothing applied.
      for (const [ns, overlay] of txn.writes) {
        const coll = this.collections.get(ns);
        if (!coll) continue;
        for (const [id, doc] of overlay) {
          if (doc) {
            try {
              coll.checkUnique(id, doc, overlay);
            } catch (e) {
              // Another writer took the key after our statement ran: retryable like MongoDB's
              // write conflict on the index entry.
              if (e instanceof MongoError && e.code === 11000) throw writeConflict();
              throw e;
            }
          }
        }
      }
      const ops = (): Doc[] => {
        const out: Doc[] = [];
        for (const [ns, overlay] of txn.writes) {
          const coll = this.collections.get(ns);
          if (!coll) continue;
          for (const [id, doc] of overlay) {
            out.push(doc ? { o: 'p', ns, d: toWire(doc) } : { o: 'd', ns, id: toWire({ id: coll.get(id)?._id }).id });
          }
        }
        return out;
      };
      let writes = 0;
      for (const [ns, overlay] of txn.writes) if (this.collections.has(ns)) writes += overlay.size;
      const seq = writes ? this.log(ops) : this.seq;
      for (const [ns, overlay] of txn.writes) {
        const coll = this.collections.get(ns);
        if (!coll) continue;
        for (const [id, doc] of overlay) {
          this.remember(coll, id, seq);
          if (doc) coll.put(id, doc, this.stampFor(coll, seq));
          else coll.delete(id);
        }
        if (overlay.size) this.opts.writeVersions?.bump(ns);
      }
      this.release(txn, 'committed');
      return seq;
    } catch (e) {
      this.release(txn, 'aborted');
      throw e;
    }
  }

  abort(txn: Transaction, reason?: string): void {
    if (txn.state !== 'active') return;
    txn.abortReason = reason;
    this.release(txn, 'aborted');
  }

  private release(txn: Transaction, state: 'committed' | 'aborted'): void {
    for (const key of txn.locks) if (this.locks.get(key) === txn) this.locks.delete(key);
    this.snapshots.delete(txn);
    this.pruneHistory();
    if (!this.snapshots.size) {
      for (const coll of this.stamped) coll.forgetStamps();
      this.stamped.clear();
    }
    if (state === 'aborted') {
      txn.writes.clear();
      // Undo implicit creations, unless someone else has used the collection meanwhile.
      for (const ns of txn.createdNamespaces) {
        const coll = this.collections.get(ns);
        if (coll && coll.size === 0 && !this.hasActiveLocks(ns)) this.dropCollection(ns);
      }
    }
    txn.finish(state);
  }

  private hasActiveLocks(ns: string): boolean {
    for (const [key, holder] of this.locks) if (key.startsWith(ns + '\0') && holder.state === 'active') return true;
    return false;
  }

  // ---- TTL --------------------------------------------------------------------------------------

  sweepTtl(now = Date.now()): void {
    for (const coll of this.collections.values()) {
      for (const index of coll.indexes.values()) {
        const ttl = index.spec.expireAfterSeconds;
        if (ttl === undefined || index.fields.length !== 1) continue;
        for (const id of index.expiredIds(now - toNumber(ttl) * 1000)) {
          if (!this.lockedBy(coll.ns, id)) this.write(coll, id, null);
        }
      }
    }
  }

  // ---- snapshots / shutdown ---------------------------------------------------------------------

  /** Writes a snapshot of the current state and empties the journal. */
  compact(): void {
    if (!this.journal || this.compacting || !this.journal.idle) return;
    this.compacting = true;
    try {
      const t0 = Date.now();
      writeSnapshot(this.snapshotPath, this.seq, this.collections.values());
      this.journal.truncate();
      this.opts.log?.('info', `compacted journal into snapshot at seq ${this.seq} in ${Date.now() - t0} ms`);
    } finally {
      this.compacting = false;
    }
  }

  async close(): Promise<void> {
    if (this.ttlTimer) clearInterval(this.ttlTimer);
    if (this.journal) {
      await this.journal.drain();
      this.compact();
      this.journal.close();
      this.journal = undefined;
    }
    this.releaseLock?.();
    this.releaseLock = undefined;
  }
}

function validateNames(db: string, coll: string): void {
  if (!db || /[/\\. "$\0]/.test(db)) throw new MongoError('InvalidNamespace', `Invalid database name: '${db}'`);
  if (!coll || coll.includes('$') || coll.includes('\0') || coll.startsWith('.')) {
    throw new MongoError('InvalidNamespace', `Invalid collection name: ${coll}`);
  }
}
