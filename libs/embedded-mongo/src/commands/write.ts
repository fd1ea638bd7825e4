// Write commands: insert, update, delete. Statements run one by one (ordered stops at the first
// error, unordered carries on) and failures are reported per statement in writeErrors. A write
// outside a transaction that hits a document locked by an open transaction waits for it to end.
// The reply is sent only once the statements' journal records are fsynced (when on disk).
import { ObjectId } from 'bson';
import { ErrorCodes, MongoError } from '../errors';
import { scan } from '../query/planner';
import { applyUpdate, buildUpsert, UpdateSpec, validateUpdate } from '../query/update';
import { Collection } from '../storage/collection';
import { LockedByTransaction } from '../storage/engine';
import { assertInsertableSize, assertStorableDepth, assertStorableId } from '../storage/limits';
import { Doc, isPlainObject, keyString, toNumber } from '../bson/values';
import { effectiveCollation } from './collation';
import { collName, CommandContext, Handler, overlayFor, validateFor } from './context';

/** Runs `fn`, waiting for and retrying past transaction locks when outside a transaction. */
export function retryOnLock<T>(ctx: CommandContext, fn: () => T): T | Promise<T> {
  try {
    return fn(); // the common case stays synchronous
  } catch (e) {
    if (!(e instanceof LockedByTransaction) || ctx.txn) throw e;
    return e.txn.done.then(() => retryOnLock(ctx, fn));
  }
}

export function writeErrorOf(e: unknown, index: number): Doc {
  if (!(e instanceof MongoError)) throw e;
  return { index, code: e.code, errmsg: e.message, ...e.extra };
}

/** Errors that must abort the whole command (and carry labels) rather than become writeErrors. */
function isFatal(e: unknown): boolean {
  return !(e instanceof MongoError) || e.code === ErrorCodes.WriteConflict || e.code === ErrorCodes.NoSuchTransaction;
}

function statementArray(cmd: Doc, field: string, command: string): Doc[] {
  const v = cmd[field];
  if (!Array.isArray(v)) throw new MongoError('FailedToParse', `BSON field '${command}.${field}' is missing but a required field`);
  if (v.length > 100000) throw new MongoError('InvalidLength', `Write batch sizes must be between 1 and 100000. Got ${v.length} operations.`);
  return v as Doc[];
}

/** The current version of a document as the operation sees it (through the transaction). */
function visible(ctx: CommandContext, coll: Collection, id: string): Doc | undefined {
  const overlay = overlayFor(ctx, coll);
  if (overlay?.has(id)) return overlay.get(id) ?? undefined;
  return coll.get(id);
}

function insertOne(ctx: CommandContext, coll: Collection, doc: Doc): void {
  const idv = doc._id;
  if (Array.isArray(idv)) throw new MongoError('InvalidIdField', `The '_id' value cannot be of type array`);
  if (idv instanceof RegExp) throw new MongoError('InvalidIdField', `The '_id' value cannot be of type regex`);
  assertStorableDepth(doc, 'insert');
  assertStorableId(idv);
  const id = keyString(idv);
  // In a transaction, an _id someone else inserted or deleted since the snapshot conflicts.
  if (ctx.txn) ctx.engine.checkConflict(coll, id, ctx.txn);
  if (visible(ctx, coll, id)) throw coll.indexes.get('_id_')!.duplicateKeyError(coll.ns, { parts: [idv], str: id });
  validateFor(ctx, coll, doc);
  ctx.engine.write(coll, id, doc, ctx.txn);
}

async function finish(ctx: CommandContext, reply: Doc, wrote: boolean, writeErrors: Doc[]): Promise<Doc> {
  if (writeErrors.length) {
    reply.writeErrors = writeErrors;
    if (ctx.txn) ctx.engine.abort(ctx.txn, 'write error');
  }
  if (wrote && !ctx.txn) await ctx.engine.durable(ctx.engine.seq);
  return reply;
}

const insert: Handler = async (cmd, ctx) => {
  const ns = `${ctx.db}.${collName(cmd)}`;
  const docs = statementArray(cmd, 'documents', 'insert');
  const ordered = cmd.ordered !== false;
  const coll = ctx.engine.ensure(ns, ctx.txn);
  const writeErrors: Doc[] = [];
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    let doc = docs[i];
    if (!isPlainObject(doc)) {
      writeErrors.push({ index: i, code: ErrorCodes.BadValue, errmsg: 'document must be an object' });
      if (ordered) break;
      continue;
    }
    // Like mongod: generate a missing _id and store _id as the first field.
    try {
      assertInsertableSize(doc);
    } catch (e) {
      writeErrors.push(writeErrorOf(e, i));
      if (ordered) break;
      continue;
    }
    if (doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
    else if (Object.keys(doc)[0] !== '_id') doc = { _id: doc._id, ...doc };
    try {
      const d = doc;
      const pending = retryOnLock(ctx, () => insertOne(ctx, coll, d));
      if (pending instanceof Promise) await pending;
      n++;
    } catch (e) {
      if (isFatal(e)) throw e;
      writeErrors.push(writeErrorOf(e, i));
      if (ordered) break;
    }
  }
  return finish(ctx, { n, ok: 1 }, n > 0, writeErrors);
};

interface UpdateOutcome {
  matched: number;
  modified: number;
  upsertedId?: unknown;
}

/** One update statement (also used by findAndModify-like callers through its parts). */
function updateStatement(ctx: CommandContext, ns: string, stmt: Doc): UpdateOutcome {
  const q = (stmt.q ?? {}) as Doc;
  const u = stmt.u;
  validateUpdate(u);
  const multi = stmt.multi === true;
  const upsert = stmt.upsert === true;
  if (multi && !Array.isArray(u) && !Object.keys(u)[0]?.startsWith('$') && Object.keys(u).length) {
    throw new MongoError('FailedToParse', 'multi update is not supported for replacement-style update');
  }
  const arrayFilters = stmt.arrayFilters as Doc[] | undefined;
  let coll = ctx.engine.get(ns);
  const collation = effectiveCollation(stmt.collation, coll);
  const hits = scan(coll, overlayFor(ctx, coll), q, multi ? { collation } : { limit: 1, sort: stmt.sort as Doc | undefined, collation });
  if (coll && !ctx.txn) {
    for (const hit of hits) {
      const holder = ctx.engine.lockedBy(ns, hit.id);
      if (holder?.state === 'active') throw new LockedByTransaction(holder);
    }
  }
  let modified = 0;
  for (const hit of hits) {
    if (ctx.txn) ctx.engine.checkConflict(coll!, hit.id, ctx.txn);
    const { doc, changed, bson } = applyUpdate(hit.doc, u as UpdateSpec, { arrayFilters, query: q });
    if (!changed) continue;
    validateFor(ctx, coll!, doc, hit.doc);
    ctx.engine.write(coll!, hit.id, doc, ctx.txn, bson);
    modified++;
  }
  if (hits.length || !upsert) return { matched: hits.length, modified };
  coll ??= ctx.engine.ensure(ns, ctx.txn);
  const doc = buildUpsert(q, u as UpdateSpec, { arrayFilters, query: q });
  insertOne(ctx, coll, doc);
  return { matched: 0, modified: 0, upsertedId: doc._id };
}

const update: Handler = async (cmd, ctx) => {
  const ns = `${ctx.db}.${collName(cmd)}`;
  const statements = statementArray(cmd, 'updates', 'update');
  const ordered = cmd.ordered !== false;
  const writeErrors: Doc[] = [];
  const upserted: Doc[] = [];
  let n = 0;
  let nModified = 0;
  let wrote = false;
  for (let i = 0; i < statements.length; i++) {
    try {
      const r = await retryOnLock(ctx, () => updateStatement(ctx, ns, statements[i]));
      n += r.matched;
      nModified += r.modified;
      if (r.upsertedId !== undefined) {
        n++;
        upserted.push({ index: i, _id: r.upsertedId });
      }
      wrote ||= r.modified > 0 || r.upsertedId !== undefined;
    } catch (e) {
      if (isFatal(e)) throw e;
      writeErrors.push(writeErrorOf(e, i));
      if (ordered) break;
    }
  }
  const reply: Doc = { n, nModified, ok: 1 };
  if (upserted.length) reply.upserted = upserted;
  return finish(ctx, reply, wrote, writeErrors);
};

function deleteStatement(ctx: CommandContext, ns: string, stmt: Doc): number {
  const coll = ctx.engine.get(ns);
  if (!coll) return 0;
  const limit = toNumber(stmt.limit ?? 0);
  if (limit !== 0 && limit !== 1) throw new MongoError('FailedToParse', 'The limit field in delete objects must be 0 or 1. Got ' + limit);
  const collation = effectiveCollation(stmt.collation, coll);
  const hits = scan(coll, overlayFor(ctx, coll), (stmt.q ?? {}) as Doc, limit ? { limit: 1, sort: stmt.sort as Doc | undefined, collation } : { collation });
  if (!ctx.txn) {
    for (const hit of hits) {
      const holder = ctx.engine.lockedBy(ns, hit.id);
      if (holder?.state === 'active') throw new LockedByTransaction(holder);
    }
  }
  for (const hit of hits) ctx.engine.write(coll, hit.id, null, ctx.txn);
  return hits.length;
}

const del: Handler = async (cmd, ctx) => {
  const ns = `${ctx.db}.${collName(cmd)}`;
  const statements = statementArray(cmd, 'deletes', 'delete');
  const ordered = cmd.ordered !== false;
  const writeErrors: Doc[] = [];
  let n = 0;
  for (let i = 0; i < statements.length; i++) {
    try {
      n += await retryOnLock(ctx, () => deleteStatement(ctx, ns, statements[i]));
    } catch (e) {
      if (isFatal(e)) throw e;
      writeErrors.push(writeErrorOf(e, i));
      if (ordered) break;
    }
  }
  return finish(ctx, { n, ok: 1 }, n > 0, writeErrors);
};

export const writeCommands: Record<string, Handler> = { insert, update, delete: del };
export { insertOne, visible };
