// Read commands: find (+ getMore / killCursors), count and distinct.
import { Long } from 'bson';
import { find as mingoFind } from 'mingo';
import { MongoError } from '../errors';
import { compileFilter, countFromIndex, resolveHint, scan } from '../query/planner';
import { compareValues, Doc, getPath, isPlainObject, keyString, toNumber } from '../storage/values';
import { collName, CommandContext, Handler, overlayFor } from './context';

function optNumber(cmd: Doc, field: string): number | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  const n = toNumber(v);
  if (Number.isNaN(n)) throw new MongoError('TypeMismatch', `BSON field 'find.${field}' is the wrong type '${typeof v}', expected types '[long, int, decimal, double']`);
  return n;
}

function optDoc(cmd: Doc, field: string, command: string): Doc | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) throw new MongoError('TypeMismatch', `BSON field '${command}.${field}' is the wrong type '${Array.isArray(v) ? 'array' : typeof v}', expected type 'object'`);
  return v;
}

/**
 * A projection of top-level fields only, all included (`{ a: 1, b: 1 }`, `_id` optionally
 * excluded) or all excluded (`{ a: 0 }`): applied directly, fields kept in document order as
 * MongoDB does. Mongoose's `.select()` sends these on every list query, and handing them to mingo
 * recompiled and re-ran the whole filter over the result. Undefined for anything else.
 */
function simpleProjection(projection: Doc): ((doc: Doc) => Doc) | undefined {
  let include: boolean | undefined;
  let keepId = true;
  const fields = new Set<string>();
  for (const [field, v] of Object.entries(projection)) {
    if (field.includes('.') || field.startsWith('$') || (typeof v !== 'number' && typeof v !== 'boolean')) return undefined;
    const on = v === true || v === 1;
    if (!on && v !== false && v !== 0) return undefined;
    if (field === '_id') {
      keepId = on;
      continue;
    }
    if (include !== undefined && include !== on) return undefined; // mixed: mingo reports the error
    include = on;
    fields.add(field);
  }
  if (include === undefined) include = keepId; // only _id: { _id: 1 } keeps _id alone, { _id: 0 } drops just it
  return (doc) => {
    const out: Doc = {};
    for (const key of Object.keys(doc)) {
      const keep = key === '_id' ? keepId : include ? fields.has(key) : !fields.has(key);
      if (keep) out[key] = doc[key];
    }
    return out;
  };
}

export function project(docs: Doc[], filter: Doc, projection: Doc | undefined): Doc[] {
  if (!projection || !Object.keys(projection).length) return docs;
  const simple = simpleProjection(projection);
  if (simple) return docs.map(simple);
  try {
    return mingoFind(docs, filter, projection).all() as Doc[];
  } catch (e) {
    throw new MongoError('BadValue', (e as Error).message);
  }
}

export function cursorReply(ns: string, batch: Doc[], id: Long, first: boolean): Doc {
  return { cursor: { [first ? 'firstBatch' : 'nextBatch']: batch, id, ns }, ok: 1 };
}

const find: Handler = (cmd, ctx) => {
  const name = collName(cmd);
  const ns = `${ctx.db}.${name}`;
  const filter = optDoc(cmd, 'filter', 'find') ?? {};
  const sort = optDoc(cmd, 'sort', 'find');
  const projection = optDoc(cmd, 'projection', 'find');
  const skip = optNumber(cmd, 'skip') ?? 0;
  let limit = optNumber(cmd, 'limit') ?? 0;
  let batchSize = optNumber(cmd, 'batchSize');
  let singleBatch = cmd.singleBatch === true;
  if (skip < 0) throw new MongoError('BadValue', `Skip value must be non-negative, but received: ${skip}`);
  if (limit < 0) {
    // Legacy negative limit: return up to |limit| documents in a single batch.
    limit = -limit;
    singleBatch = true;
  }
  if (batchSize !== undefined && batchSize < 0) throw new MongoError('BadValue', `BatchSize value must be non-negative, but received: ${batchSize}`);
  if (limit && (batchSize === undefined || batchSize > limit)) batchSize = limit;
  const coll = ctx.engine.get(ns);
  const hits = scan(coll, overlayFor(ctx, coll), filter, { sort, skip, limit, hint: resolveHint(coll, cmd.hint) });
  const docs = project(
    hits.map((h) => h.doc),
    filter,
    projection,
  );
  const { batch, id } = ctx.cursors.open(ns, docs, batchSize, singleBatch, ctx.session?.id);
  return cursorReply(ns, batch, id, true);
};

const getMore: Handler = (cmd, ctx) => {
  const id = cmd.getMore;
  const cursorId = Long.isLong(id) ? id : typeof id === 'number' ? Long.fromNumber(id) : undefined;
  if (!cursorId) throw new MongoError('TypeMismatch', "BSON field 'getMore.getMore' is the wrong type, expected type 'long'");
  const ns = `${ctx.db}.${collName(cmd, 'collection')}`;
  const batchSize = cmd.batchSize === undefined ? undefined : toNumber(cmd.batchSize);
  const { batch, id: next } = ctx.cursors.getMore(cursorId, ns, batchSize);
  return cursorReply(ns, batch, next, false);
};

const killCursors: Handler = (cmd, ctx) => {
  const ids = (Array.isArray(cmd.cursors) ? cmd.cursors : []) as Long[];
  const { killed, notFound } = ctx.cursors.kill(ids.map((i) => (typeof i === 'number' ? Long.fromNumber(i) : i)));
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

const count: Handler = (cmd, ctx) => {
  const ns = `${ctx.db}.${collName(cmd)}`;
  const coll = ctx.engine.get(ns);
  const query = optDoc(cmd, 'query', 'count') ?? {};
  const skip = optNumber(cmd, 'skip') ?? 0;
  const limit = Math.abs(optNumber(cmd, 'limit') ?? 0);
  let n: number;
  const overlay = overlayFor(ctx, coll);
  if (!Object.keys(query).length && !overlay?.size) n = Math.max(0, (coll?.docs.size ?? 0) - skip);
  else {
    const hint = resolveHint(coll, cmd.hint);
    n = Math.max(0, ((hint ? undefined : countFromIndex(coll, overlay, query)) ?? scan(coll, overlay, query, { hint }).length) - skip);
  }
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
};

const distinct: Handler = (cmd, ctx) => {
  const ns = `${ctx.db}.${collName(cmd)}`;
  const key = cmd.key;
  if (typeof key !== 'string') throw new MongoError('TypeMismatch', "BSON field 'distinct.key' is missing or has the wrong type, expected type 'string'");
  const coll = ctx.engine.get(ns);
  const query = optDoc(cmd, 'query', 'distinct') ?? {};
  compileFilter(query);
  const seen = new Map<string, unknown>();
  for (const hit of scan(coll, overlayFor(ctx, coll), query)) {
    const v = getPath(hit.doc, key);
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) {
      const k = keyString(x);
      if (!seen.has(k)) seen.set(k, x);
    }
  }
  const values = [...seen.values()].sort(compareValues);
  return { values, ok: 1 };
};

export const findCommands: Record<string, Handler> = { find, getMore, killCursors, count, distinct };

export type { CommandContext };
