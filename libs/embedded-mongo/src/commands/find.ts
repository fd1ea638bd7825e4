// Read commands: find (+ getMore / killCursors), count and distinct.
import { Long } from 'bson';
import { MongoError } from '../errors';
import type { EncodedBatch } from '../bson/codec';
import { copyTypes } from '../query/agg-types';
import { needsStandIns, withoutStandIns, withStandIns } from '../query/mingo-names';
import { mongoQuery } from '../query/operators';
import { compileFilter, countFromIndex, distinctFromIndex, resolveHint, scan } from '../query/planner';
import { compareValues, defineField, Doc, getPath, isPlainObject, keyString, NUM_TYPES, NumTypeTable, toNumber } from '../bson/values';
import { effectiveCollation } from './collation';
import { collName, CommandContext, Handler, overlayFor } from './context';

function optNumber(cmd: Doc, field: string): number | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  const n = toNumber(v);
  if (Number.isNaN(n))
    throw new MongoError('TypeMismatch', `BSON field 'find.${field}' is the wrong type '${typeof v}', expected types '[long, int, decimal, double']`);
  return n;
}

function optDoc(cmd: Doc, field: string, command: string): Doc | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v))
    throw new MongoError(
      'TypeMismatch',
      `BSON field '${command}.${field}' is the wrong type '${Array.isArray(v) ? 'array' : typeof v}', expected type 'object'`,
    );
  return v;
}

/**
 * A projection of top-level fields only, all included (`{ a: 1, b: 1 }`, `_id` optionally
 * excluded) or all excluded (`{ a: 0 }`): applied directly, fields kept in document order as
 * MongoDB does. Mongoose's `.select()` sends these on every list query, and handing them to mingo
 * recompiled and re-ran the whole filter over the result. Undefined for anything else.
 */
export function simpleProjection(projection: Doc): ((doc: Doc) => Doc) | undefined {
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
      if (keep) defineField(out, key, doc[key]);
    }
    // The kept numbers' BSON types (an integral Double, an Int64) go with them.
    const tags = (doc as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
    if (tags) {
      let kept: NumTypeTable | undefined;
      for (const key of Object.keys(tags)) if (Object.prototype.hasOwnProperty.call(out, key)) defineField((kept ??= {}), key, tags[key]);
      if (kept) (out as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES] = kept;
    }
    return out;
  };
}

function isSlice(v: unknown): v is { $slice: unknown } {
  return isPlainObject(v) && Object.keys(v).length === 1 && '$slice' in v;
}

/** The part of an array a `$slice` projection keeps (its numeric type tags follow the elements). */
function sliceArray(arr: unknown[], spec: unknown): unknown[] {
  let start: number;
  let end: number;
  if (Array.isArray(spec)) {
    if (spec.length !== 2)
      throw new MongoError('BadValue', 'First argument to $slice must be an array, and second argument must be a number of elements to return');
    const skip = toNumber(spec[0]);
    const n = toNumber(spec[1]);
    if (!Number.isInteger(skip) || !Number.isInteger(n)) throw new MongoError('BadValue', '$slice only supports numbers and [skip, limit] arrays');
    if (n <= 0) throw new MongoError('BadValue', `$slice limit must be positive`);
    start = skip < 0 ? Math.max(0, arr.length + skip) : Math.min(skip, arr.length);
    end = Math.min(arr.length, start + n);
  } else {
    const n = toNumber(spec);
    if (!Number.isInteger(n)) throw new MongoError('BadValue', '$slice only supports numbers and [skip, limit] arrays');
    [start, end] = n >= 0 ? [0, Math.min(n, arr.length)] : [Math.max(0, arr.length + n), arr.length];
  }
  const out = arr.slice(start, end);
  const tags = (arr as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
  if (tags) {
    const moved: NumTypeTable = {};
    for (let i = start; i < end; i++) if (tags[i]) moved[i - start] = tags[i];
    (out as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES] = moved;
  }
  return out;
}

/** `value` with the array at `parts` sliced (copy-on-write; through arrays of subdocuments). */
function sliceAt(value: unknown, parts: string[], i: number, spec: unknown): unknown {
  if (i === parts.length) return Array.isArray(value) ? sliceArray(value, spec) : value;
  if (Array.isArray(value)) return value.map((el) => (isPlainObject(el) ? sliceAt(el, parts, i, spec) : el));
  if (!isPlainObject(value) || !Object.prototype.hasOwnProperty.call(value, parts[i])) return value;
  return { ...value, [parts[i]]: sliceAt(value[parts[i]], parts, i + 1, spec) };
}

/**
 * Projections with `$slice`: alone or beside exclusions every other field is returned (the array
 * sliced); beside inclusions the sliced array is one of the included fields (MongoDB 4.4+).
 */
function projectWithSlices(docs: Doc[], filter: Doc, projection: Doc): Doc[] {
  const rest: Doc = {};
  const slices: Array<[string[], unknown]> = [];
  for (const [k, v] of Object.entries(projection)) {
    if (isSlice(v)) slices.push([k.split('.'), v.$slice]);
    else rest[k] = v;
  }
  const inclusion = Object.entries(rest).some(([k, v]) => k !== '_id' && v !== 0 && v !== false);
  if (inclusion) for (const [parts] of slices) rest[parts.join('.')] = 1;
  const base = Object.keys(rest).length ? project(docs, filter, rest) : docs;
  return base.map((d) => {
    let out: unknown = d;
    for (const [parts, spec] of slices) out = sliceAt(out, parts, 0, spec);
    return out as Doc;
  });
}

export function project(docs: Doc[], filter: Doc, projection: Doc | undefined): Doc[] {
  if (!projection || !Object.keys(projection).length) return docs;
  const simple = simpleProjection(projection);
  if (simple) return docs.map(simple);
  if (Object.values(projection).some(isSlice)) return projectWithSlices(docs, filter, projection);
  try {
    // Field names mingo's projection cannot take (`__proto__`, `constructor` …) get stand-ins
    // (query/mingo-names.ts), in the projection, the filter (for a positional `$`) and the documents.
    const standIns = needsStandIns(projection) || needsStandIns(filter) || docs.some((d) => needsStandIns(d));
    const found = standIns
      ? (mongoQuery(withStandIns(filter))
          .find(
            docs.map((d) => withStandIns(d)),
            withStandIns(projection),
          )
          .all() as Doc[])
      : (mongoQuery(filter).find(docs, projection).all() as Doc[]);
    const out = standIns ? found.map((d) => withoutStandIns(d)) : found;
    if (out.length === docs.length) out.forEach((d, i) => copyTypes(d, docs[i])); // numeric types of kept values
    // An `$elemMatch` projection matching nothing leaves the field out (mingo sets undefined).
    return out.map((d) => {
      if (!Object.values(d).includes(undefined)) return d;
      const copy = { ...d };
      for (const k of Object.keys(copy)) if (copy[k] === undefined) delete copy[k];
      return copy;
    });
  } catch (e) {
    if (e instanceof MongoError) throw e;
    throw new MongoError('BadValue', (e as Error).message);
  }
}

export function cursorReply(ns: string, batch: EncodedBatch, id: Long, first: boolean): Doc {
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
  // The limit caps a given batch size; without one the first batch is MongoDB's default (101),
  // whatever the limit: `limit: 150` answers 101 documents and a cursor for the other 49.
  if (limit && batchSize !== undefined && batchSize > limit) batchSize = limit;
  const coll = ctx.engine.get(ns);
  const hits = scan(coll, overlayFor(ctx, coll), filter, {
    sort,
    skip,
    limit,
    hint: resolveHint(coll, cmd.hint),
    collation: effectiveCollation(cmd.collation, coll),
  });
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
  if (!Object.keys(query).length && !overlay?.size) n = Math.max(0, (coll?.size ?? 0) - skip);
  else {
    const hint = resolveHint(coll, cmd.hint);
    const collation = effectiveCollation(cmd.collation, coll);
    n = Math.max(
      0,
      ((hint ? undefined : countFromIndex(coll, overlay, query, undefined, collation)) ?? scan(coll, overlay, query, { hint, collation }).length) - skip,
    );
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
  const collation = effectiveCollation(cmd.collation, coll);
  const matcher = compileFilter(query, collation); // (also refuses a malformed filter)
  const overlay = overlayFor(ctx, coll);
  const fromIndex = distinctFromIndex(coll, overlay, query, key, collation, matcher);
  if (fromIndex) return { values: fromIndex.sort((a, b) => compareValues(a, b)), ok: 1 };
  const seen = new Map<string, unknown>();
  for (const hit of scan(coll, overlay, query, { collation })) {
    const v = getPath(hit.doc, key);
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) {
      // Under a collation, strings it holds equal are one value (the first seen).
      const k = collation && typeof x === 'string' ? 'c' + collation.key(x) : keyString(x);
      if (!seen.has(k)) seen.set(k, x);
    }
  }
  const values = [...seen.values()].sort((a, b) => compareValues(a, b, collation?.compare));
  return { values, ok: 1 };
};

export const findCommands: Record<string, Handler> = { find, getMore, killCursors, count, distinct };

export type { CommandContext };
