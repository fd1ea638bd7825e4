// Command dispatch: finds the handler, attaches the logical session, runs retryable-write and
// transaction bookkeeping, and turns any failure into a MongoDB-shaped error reply.
import { Long } from 'bson';
import { ErrorCodes, MongoError, TRANSIENT } from '../errors';
import { Doc, toNumber } from '../bson/values';
import { noSuchTransaction, Transaction } from '../transactions';
import { aggregateCommands } from './aggregate';
import { validateCollations } from './collation';
import { CommandContext, Handler } from './context';
import { ddlCommands } from './ddl';
import { explainCommands } from './explain';
import { clusterTime, diagnosticCommands } from './diagnostics';
import { findAndModifyCommands } from './find-and-modify';
import { findCommands } from './find';
import { sessionCommands, sessionKey } from './sessions';
import { writeCommands } from './write';

const handlers: Record<string, Handler> = {
  ...diagnosticCommands,
  ...findCommands,
  ...writeCommands,
  ...findAndModifyCommands,
  ...aggregateCommands,
  ...ddlCommands,
  ...sessionCommands,
  ...explainCommands,
};
const byLowerName = new Map(Object.keys(handlers).map((k) => [k.toLowerCase(), k]));

/** Commands whose reply is cached per (session, txnNumber) so a retry does not apply twice. */
const RETRYABLE_WRITES = new Set(['insert', 'update', 'delete', 'findAndModify', 'findandmodify']);
/** Commands that may not start or join a transaction. */
const NOT_IN_TXN = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'buildInfo', 'endSessions', 'killSessions']);

export type CommandBase = Omit<CommandContext, 'db' | 'session' | 'txn'>;

function withClusterTime(reply: Doc, ctx: CommandBase): Doc {
  const ts = clusterTime(ctx as CommandContext);
  reply.$clusterTime = { clusterTime: ts, signature: { hash: Buffer.alloc(20), keyId: Long.ZERO } };
  reply.operationTime = ts;
  return reply;
}

export async function runCommand(cmd: Doc, db: string, base: CommandBase): Promise<Doc> {
  const name = Object.keys(cmd)[0] ?? '';
  const key = name in handlers ? name : byLowerName.get(name.toLowerCase());
  const handler = key ? handlers[key] : undefined;
  const ctx: CommandContext = { ...base, db };
  if (cmd.bypassDocumentValidation === true) ctx.bypassDocumentValidation = true;
  if (process.env.EMBEDDED_MONGO_TRACE) base.server.log('info', 'cmd ' + JSON.stringify(cmd).slice(0, 300));
  if (!handler) {
    base.server.log('warn', `unknown command '${name}'`);
    return withClusterTime(new MongoError('CommandNotFound', `no such command: '${name}'`).toReply(), base);
  }
  let txn: Transaction | undefined;
  try {
    validateCollations(cmd);
    const lsidKey = sessionKey(cmd.lsid);
    if (lsidKey && !NOT_IN_TXN.has(key!)) ctx.session = base.sessions.get(lsidKey);
    const session = ctx.session;
    const txnNumber = cmd.txnNumber !== undefined ? toNumber(cmd.txnNumber) : undefined;

    if (session && txnNumber !== undefined && cmd.autocommit === false) {
      // Multi-document transaction statement.
      if (cmd.startTransaction === true) {
        if (txnNumber < session.txnNumber) {
          throw new MongoError(
            'TransactionTooOld',
            `Cannot start transaction ${txnNumber} on session ${lsidKey} because a newer transaction ${session.txnNumber} has already started`,
          );
        }
        if (txnNumber === session.txnNumber && session.txn) {
          throw new MongoError('ConflictingOperationInProgress', `Transaction ${txnNumber} has already been started on session ${lsidKey}`);
        }
        if (session.txn?.state === 'active') base.engine.abort(session.txn, 'superseded');
        session.txn = new Transaction(session, txnNumber, base.engine.seq);
        base.engine.beginSnapshot(session.txn);
        session.txnNumber = txnNumber;
      } else if (key !== 'commitTransaction' && key !== 'abortTransaction') {
        const cur = session.txn;
        if (!cur || cur.txnNumber !== txnNumber || cur.state === 'aborted') throw noSuchTransaction(txnNumber, session);
        if (cur.state === 'committed') throw new MongoError('TransactionCommitted', `Transaction with { txnNumber: ${txnNumber} } has been committed.`);
      }
      if (key !== 'commitTransaction' && key !== 'abortTransaction') txn = ctx.txn = session.txn;
    } else if (session && txnNumber !== undefined && RETRYABLE_WRITES.has(key!)) {
      // Retryable write: a retry of the last statement returns the recorded reply.
      if (txnNumber < session.txnNumber) {
        throw new MongoError(
          'TransactionTooOld',
          `Retryable write with txnNumber ${txnNumber} is prohibited on session ${lsidKey} because a newer retryable write with txnNumber ${session.txnNumber} has already started on this session.`,
        );
      }
      if (session.retryReply?.txnNumber === txnNumber) return withClusterTime({ ...session.retryReply.reply }, base);
      session.txnNumber = txnNumber;
      const reply = await handler(cmd, ctx);
      session.retryReply = { txnNumber, reply };
      return withClusterTime({ ...reply }, base);
    }

    const reply = await handler(cmd, ctx);
    return withClusterTime(reply, base);
  } catch (e) {
    const err = toMongoError(e, base);
    // MongoDB aborts a transaction when one of its statements fails.
    if (txn?.state === 'active') base.engine.abort(txn, err.message);
    if (txn && err.code === ErrorCodes.WriteConflict) err.withLabel(TRANSIENT);
    return withClusterTime(err.toReply(), base);
  }
}

function toMongoError(e: unknown, base: CommandBase): MongoError {
  if (e instanceof MongoError) return e;
  const msg = (e as Error)?.message ?? String(e);
  base.server.log('error', `internal error: ${(e as Error)?.stack ?? msg}`);
  return new MongoError('InternalError', msg);
}
