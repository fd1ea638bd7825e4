// findAndModify: atomically find one document (by query + sort) and update, replace or remove it,
// returning the document before or (new: true) after the change.
import { MongoError } from '../errors';
import { scan } from '../query/planner';
import { applyUpdate, buildUpsert, UpdateSpec, validateUpdate } from '../query/update';
import { LockedByTransaction } from '../storage/engine';
import { Doc, isPlainObject } from '../bson/values';
import { effectiveCollation } from './collation';
import { collName, CommandContext, Handler, overlayFor, validateFor } from './context';
import { project } from './find';
import { insertOne, retryOnLock } from './write';

function run(ctx: CommandContext, ns: string, cmd: Doc): Doc {
  const query = (cmd.query ?? {}) as Doc;
  const sort = cmd.sort as Doc | undefined;
  const remove = cmd.remove === true;
  const u = cmd.update;
  const returnNew = cmd.new === true;
  const upsert = cmd.upsert === true;
  const fields = (cmd.fields ?? cmd.projection) as Doc | undefined;
  const arrayFilters = cmd.arrayFilters as Doc[] | undefined;
  if (remove && u !== undefined) throw new MongoError('FailedToParse', 'Cannot specify both an update and remove=true');
  if (!remove && u === undefined) throw new MongoError('FailedToParse', 'Either an update or remove=true must be specified');
  if (remove && upsert) throw new MongoError('FailedToParse', 'Cannot specify both upsert=true and remove=true');
  if (remove && returnNew) throw new MongoError('FailedToParse', "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document");
  if (!remove) validateUpdate(u);

  let coll = ctx.engine.get(ns);
  const [hit] = scan(coll, overlayFor(ctx, coll), query, { limit: 1, sort, collation: effectiveCollation(cmd.collation, coll) });
  if (hit && !ctx.txn) {
    const holder = ctx.engine.lockedBy(ns, hit.id);
    if (holder?.state === 'active') throw new LockedByTransaction(holder);
  }
  if (hit && ctx.txn) ctx.engine.checkConflict(coll!, hit.id, ctx.txn);
  const shape = (doc: Doc | undefined): Doc | null => (doc ? (project([doc], query, fields)[0] ?? null) : null);

  if (remove) {
    if (!hit) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    ctx.engine.write(coll!, hit.id, null, ctx.txn);
    return { lastErrorObject: { n: 1 }, value: shape(hit.doc), ok: 1 };
  }
  if (hit) {
    const { doc, changed, bson } = applyUpdate(hit.doc, u as UpdateSpec, { arrayFilters, query });
    if (changed) {
      validateFor(ctx, coll!, doc, hit.doc);
      ctx.engine.write(coll!, hit.id, doc, ctx.txn, bson);
    }
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: shape(returnNew ? doc : hit.doc), ok: 1 };
  }
  if (!upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  coll ??= ctx.engine.ensure(ns, ctx.txn);
  const doc = buildUpsert(query, u as UpdateSpec, { arrayFilters, query });
  insertOne(ctx, coll, doc);
  return { lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id }, value: returnNew ? shape(doc) : null, ok: 1 };
}

const findAndModify: Handler = async (cmd, ctx) => {
  const ns = `${ctx.db}.${collName(cmd)}`;
  if (cmd.query !== undefined && !isPlainObject(cmd.query))
    throw new MongoError('TypeMismatch', "BSON field 'findAndModify.query' is the wrong type, expected type 'object'");
  const reply = await retryOnLock(ctx, () => run(ctx, ns, cmd));
  if (!ctx.txn) await ctx.engine.durable(ctx.engine.seq);
  return reply;
};

export const findAndModifyCommands: Record<string, Handler> = { findAndModify, findandmodify: findAndModify };
