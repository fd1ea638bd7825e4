// Logical sessions, retryable-write bookkeeping and multi-document transactions.
//
// A transaction keeps its writes in its own write set (per namespace: _id key -> new document or
// null for a delete) and locks each document it writes. Readers outside the transaction never see
// the write set; at commit the engine validates unique indexes and applies the whole set at once
// (and journals it as one record). Conflicts follow MongoDB: a transaction writing a document
// another open transaction has written, or one that changed after this transaction started,
// fails with WriteConflict (TransientTransactionError) so the driver's withTransaction retries.
// A non-transactional write to a locked document waits until the owning transaction ends.
import { Doc } from './bson/values';
import { MongoError, TRANSIENT } from './errors';

export type TxnState = 'active' | 'committed' | 'aborted';

export class Transaction {
  state: TxnState = 'active';
  readonly writes = new Map<string, Map<string, Doc | null>>();
  /** Lock keys (ns + _id key) this transaction holds. */
  readonly locks = new Set<string>();
  /** Collections its writes created implicitly: an abort removes them again (if still empty). */
  readonly createdNamespaces = new Set<string>();
  readonly startedAt = Date.now();
  abortReason?: string;
  private resolveDone!: () => void;
  /** Resolves when the transaction commits or aborts (lock waiters retry then). */
  readonly done = new Promise<void>((r) => (this.resolveDone = r));

  constructor(
    readonly session: Session,
    readonly txnNumber: number,
    /** Engine commit stamp when the transaction started. */
    readonly startTs: number,
  ) {}

  overlay(ns: string): Map<string, Doc | null> | undefined {
    return this.writes.get(ns);
  }

  finish(state: 'committed' | 'aborted'): void {
    this.state = state;
    this.resolveDone();
  }
}

export class Session {
  lastUse = Date.now();
  /** Highest txnNumber seen on this session. */
  txnNumber = -1;
  /** Reply of the last retryable write, returned as-is if the same txnNumber is retried. */
  retryReply?: { txnNumber: number; reply: Doc };
  txn?: Transaction;

  constructor(readonly id: string) {}
}

export function noSuchTransaction(txnNumber: number, session: Session, transient = true): MongoError {
  const err = new MongoError('NoSuchTransaction', `Transaction with { txnNumber: ${txnNumber} } has been aborted.`);
  if (session.txn?.txnNumber !== txnNumber) {
    (err as { message: string }).message =
      `Given transaction number ${txnNumber} does not match any in-progress transactions. The active transaction number is ${session.txnNumber}`;
  }
  return transient ? err.withLabel(TRANSIENT) : err;
}

/** All logical sessions of the server, keyed by the lsid UUID (hex). */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();

  get(id: string): Session {
    let s = this.sessions.get(id);
    if (!s) this.sessions.set(id, (s = new Session(id)));
    s.lastUse = Date.now();
    return s;
  }

  peek(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  end(id: string): Session | undefined {
    const s = this.sessions.get(id);
    this.sessions.delete(id);
    return s;
  }

  all(): Session[] {
    return [...this.sessions.values()];
  }

  /** Sessions idle longer than the logical session timeout are forgotten (MongoDB: 30 min). */
  expire(idleMs: number): Session[] {
    const now = Date.now();
    const gone = this.all().filter((s) => now - s.lastUse > idleMs && s.txn?.state !== 'active');
    gone.forEach((s) => this.sessions.delete(s.id));
    return gone;
  }
}
