// Session and transaction commands: endSessions, killSessions, refreshSessions, startSession,
// commitTransaction, abortTransaction. (Starting a transaction and attaching it to a command
// happens in the dispatcher, because every command can carry startTransaction/autocommit.)
import { UUID } from 'bson';
import { MongoError, TRANSIENT } from '../errors';
import { Doc } from '../bson/values';
import { noSuchTransaction } from '../transactions';
import { Handler } from './context';

export function sessionKey(lsid: unknown): string | undefined {
  const id = (lsid as Doc | undefined)?.id as { buffer?: Uint8Array; toString(enc?: string): string } | undefined;
  if (!id) return undefined;
  if (id.buffer instanceof Uint8Array) return Buffer.from(id.buffer).toString('hex');
  return String(id);
}

const endSessions: Handler = (cmd, ctx) => {
  for (const lsid of (Array.isArray(cmd.endSessions) ? cmd.endSessions : []) as Doc[]) {
    const key = sessionKey(lsid);
    if (!key) continue;
    const s = ctx.sessions.end(key);
    if (s?.txn?.state === 'active') ctx.engine.abort(s.txn, 'session ended');
    ctx.cursors.killForSession(key);
  }
  return { ok: 1 };
};

const killSessions: Handler = (cmd, ctx) => {
  const list = (Array.isArray(cmd.killSessions) ? cmd.killSessions : []) as Doc[];
  const targets = list.length ? list.map((l) => ctx.sessions.peek(sessionKey(l) ?? '')).filter((s) => s) : ctx.sessions.all();
  for (const s of targets) {
    if (s?.txn?.state === 'active') ctx.engine.abort(s.txn, 'session killed');
    if (s) ctx.cursors.killForSession(s.id);
  }
  return { ok: 1 };
};

const commitTransaction: Handler = async (cmd, ctx) => {
  const session = ctx.session;
  if (!session) throw new MongoError('InvalidOptions', 'commitTransaction must be run within a session');
  const txnNumber = Number(cmd.txnNumber ?? -1);
  const txn = session.txn;
  if (!txn || txn.txnNumber !== txnNumber) throw noSuchTransaction(txnNumber, session);
  if (txn.state === 'committed') return { ok: 1 }; // a retried commit
  if (txn.state === 'aborted') throw noSuchTransaction(txnNumber, session);
  try {
    const seq = ctx.engine.commit(txn);
    await ctx.engine.durable(seq);
  } catch (e) {
    if (e instanceof MongoError && e.code === 112) e.withLabel(TRANSIENT);
    throw e;
  }
  return { ok: 1 };
};

const abortTransaction: Handler = (cmd, ctx) => {
  const session = ctx.session;
  if (!session) throw new MongoError('InvalidOptions', 'abortTransaction must be run within a session');
  const txnNumber = Number(cmd.txnNumber ?? -1);
  const txn = session.txn;
  if (!txn || txn.txnNumber !== txnNumber) throw noSuchTransaction(txnNumber, session, false);
  if (txn.state === 'committed') throw new MongoError('TransactionCommitted', `Transaction with { txnNumber: ${txnNumber} } has been committed.`);
  if (txn.state === 'aborted') throw noSuchTransaction(txnNumber, session, false);
  ctx.engine.abort(txn, 'aborted by client');
  return { ok: 1 };
};

export const sessionCommands: Record<string, Handler> = {
  endSessions,
  killSessions,
  killAllSessions: killSessions,
  refreshSessions: () => ({ ok: 1 }),
  startSession: () => ({ id: { id: new UUID() }, timeoutMinutes: 30, ok: 1 }),
  commitTransaction,
  abortTransaction,
};
