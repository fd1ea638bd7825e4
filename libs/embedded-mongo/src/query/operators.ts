// Query operators where mingo's semantics differ from MongoDB's, registered over mingo's own in
// one operator context shared by every query, projection and aggregation the server runs:
// - `$type`: every alias and number, numeric types told apart through the hidden type tables
//   (Int32 / Double / Int64 / Decimal128), arrays matched as arrays and by their elements;
// - `$bitsAllSet` / `$bitsAnySet` / `$bitsAllClear` / `$bitsAnyClear` on numbers (64-bit two's
//   complement, sign-extended) and on BinData / UUID (bit p = bit p%8 of byte p/8);
// - `$eq` `$ne` `$in` `$nin` `$gt` `$gte` `$lt` `$lte` against numbers, Decimal128 and BinData:
//   numbers of every type (Decimal128 included) compare numerically, BinData by length, then
//   subtype, then bytes (storage/values.ts compareValues);
// - `$elemMatch` (query and projection): operator-only conditions apply to scalar elements
//   (`{$elemMatch: {$gte: 80}}`), field conditions to subdocuments, DBRef's `$ref` / `$id` /
//   `$db` are fields.
import { Context, Query } from 'mingo';
import { MongoError } from '../errors';
import { Collation, parseCollation } from './collation';
import { parseSchema, schemaFailures } from './json-schema';
import { compareValues, Doc, isPlainObject, keyString, sortComparator, toNumber, typeRank } from '../bson/values';
import { bsontype, bsonTypeCode, TYPE_ALIASES } from '../bson/type-names';

// mingo's subpath modules (their exports map is beyond this project's TypeScript resolution).
/* eslint-disable @typescript-eslint/no-require-imports */
const accumulatorOps = require('mingo/operators/accumulator') as object;
const expressionOps = require('mingo/operators/expression') as object;
const pipelineOps = require('mingo/operators/pipeline') as object;
const projectionOps = require('mingo/operators/projection') as object;
const queryOps = require('mingo/operators/query') as object;
const windowOps = require('mingo/operators/window') as object;
/** mingo's Query without the root module's wrapper (which merges its default context in). */
const QueryBase = (require('mingo/query') as { Query: typeof Query }).Query;
type QueryBase = Query;
const { Lazy } = require('mingo/lazy') as { Lazy(values: unknown[]): unknown };
const { resolve } = require('mingo/util') as { resolve(obj: object, selector: string, options?: { unwrapArray?: boolean }): unknown };
/* eslint-enable @typescript-eslint/no-require-imports */

type Options = unknown;
type Pred = (o: unknown) => boolean;
type QueryOp = (selector: string, value: unknown, options: Options) => Pred;
const mingoQuery = queryOps as unknown as Record<string, QueryOp>;

// ---------------------------------------------------------------------------------- paths

/** Calls `fn(value, parent, key)` for every value a dotted path reaches (arrays fan out). */
function forEachAtPath(doc: unknown, parts: string[], i: number, fn: (v: unknown, parent: object, key: string | number) => void): void {
  if (doc === null || typeof doc !== 'object') return;
  const part = parts[i];
  const last = i === parts.length - 1;
  if (Array.isArray(doc)) {
    if (/^\d+$/.test(part) && Number(part) < doc.length) {
      if (last) fn(doc[Number(part)], doc, Number(part));
      else forEachAtPath(doc[Number(part)], parts, i + 1, fn);
    }
    for (const el of doc) if (el !== null && typeof el === 'object' && !Array.isArray(el)) forEachAtPath(el, parts, i, fn);
    return;
  }
  if (!isPlainObject(doc) || !Object.prototype.hasOwnProperty.call(doc, part)) return;
  if (last) fn(doc[part], doc, part);
  else forEachAtPath(doc[part], parts, i + 1, fn);
}

/** The values a path resolves to, arrays unwrapped one level (as MongoDB's leaf matching). */
function leafValues(o: unknown, selector: string): unknown[] {
  const out: unknown[] = [];
  if (!selector.includes('.')) {
    const v = o !== null && typeof o === 'object' && !Array.isArray(o) && Object.prototype.hasOwnProperty.call(o, selector) ? (o as Doc)[selector] : undefined;
    if (v === undefined) return out;
    out.push(v);
    if (Array.isArray(v)) out.push(...v);
    return out;
  }
  forEachAtPath(o, selector.split('.'), 0, (v) => {
    if (v === undefined) return;
    out.push(v);
    if (Array.isArray(v)) out.push(...v);
  });
  return out;
}

// ---------------------------------------------------------------------------------- $type

const KNOWN_CODES = new Set(Object.values(TYPE_ALIASES));
const NUMBER = 0; // 'number' alias: any numeric type

function typeCodes(spec: unknown): Set<number> {
  const out = new Set<number>();
  for (const t of Array.isArray(spec) ? spec : [spec]) {
    if (typeof t === 'string') {
      if (t === 'number') out.add(NUMBER);
      else if (t in TYPE_ALIASES) out.add(TYPE_ALIASES[t]);
      else throw new MongoError('BadValue', `Unknown type name alias: ${t}`);
    } else if (typeof t === 'number' || bsontype(t)) {
      const n = toNumber(t);
      if (!Number.isInteger(n) || !KNOWN_CODES.has(n)) throw new MongoError('BadValue', `Invalid numerical type code: ${String(t)}`);
      out.add(n);
    } else {
      throw new MongoError('TypeMismatch', 'type must be represented as a number or a string');
    }
  }
  return out;
}

function typeMatches(codes: Set<number>, v: unknown, parent: object, key: string | number): boolean {
  const code = bsonTypeCode(v, parent, key);
  if (codes.has(code)) return true;
  return codes.has(NUMBER) && (code === 1 || code === 16 || code === 18 || code === 19);
}

const $type: QueryOp = (selector, spec) => {
  const codes = typeCodes(spec);
  const parts = selector.split('.');
  return (o) => {
    let found = false;
    forEachAtPath(o, parts, 0, (v, parent, key) => {
      if (found) return;
      if (typeMatches(codes, v, parent, key)) found = true;
      else if (Array.isArray(v)) found = v.some((x, i) => typeMatches(codes, x, v, i));
    });
    return found;
  };
};

const TYPE_NAME_BY_CODE = new Map(Object.entries(TYPE_ALIASES).map(([k, v]) => [v, k]));

/**
 * The `$type` aggregation expression: a field reference answers the stored value's BSON type
 * (Int64 / Double / Int32 told apart through the type tables); anything else is mingo's.
 */
const $typeExpression = (obj: object, expr: unknown, options: Options): unknown => {
  const arg = Array.isArray(expr) && expr.length === 1 ? expr[0] : expr;
  if (typeof arg === 'string' && arg.startsWith('$') && !arg.startsWith('$$')) {
    const parts = arg.slice(1).split('.');
    let found: string | undefined;
    let count = 0;
    forEachAtPath(obj, parts, 0, (v, parent, key) => {
      count++;
      if (count === 1 && v !== undefined) found = TYPE_NAME_BY_CODE.get(bsonTypeCode(v, parent, key)) ?? 'object';
    });
    if (count === 1) return found ?? 'missing';
    if (count === 0) return 'missing';
  }
  return (expressionOps as Record<string, (o: object, e: unknown, opts: Options) => unknown>).$type(obj, expr, options);
};

// ---------------------------------------------------------------------------------- bitwise

function binaryBytes(v: unknown): Uint8Array | undefined {
  if (bsontype(v) === 'Binary') return (v as { buffer: Uint8Array }).buffer.subarray(0, (v as { position: number }).position);
  if (v instanceof Uint8Array) return v;
  return undefined;
}

function maskPositions(op: string, mask: unknown): number[] {
  if (Array.isArray(mask)) {
    return mask.map((p) => {
      const n = toNumber(p);
      if (!Number.isInteger(n) || n < 0) throw new MongoError('BadValue', `bit positions must be >= 0 but got: ${String(p)}`);
      return n;
    });
  }
  const bytes = binaryBytes(mask);
  if (bytes) {
    const out: number[] = [];
    bytes.forEach((b, i) => {
      for (let j = 0; j < 8; j++) if (b & (1 << j)) out.push(i * 8 + j);
    });
    return out;
  }
  const n = toNumber(mask);
  if (!Number.isInteger(n)) throw new MongoError('BadValue', `${op} takes an Array, a number, or a BinData but received: ${String(mask)}`);
  if (n < 0) throw new MongoError('BadValue', `${op} cannot take a negative number: ${n}`);
  const out: number[] = [];
  let big = BigInt(n);
  for (let p = 0; big > 0n; p++, big >>= 1n) if (big & 1n) out.push(p);
  return out;
}

/** The bit reader of a value (undefined when bitwise operators do not apply to it). */
function bitReader(v: unknown): ((p: number) => boolean) | undefined {
  const bytes = binaryBytes(v);
  if (bytes) return (p) => (p >> 3 < bytes.length ? ((bytes[p >> 3] >> (p & 7)) & 1) === 1 : false);
  let big: bigint | undefined;
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return undefined;
    big = BigInt(v);
  } else if (bsontype(v) === 'Long') big = BigInt(String(v));
  else if (bsontype(v) === 'Decimal128') {
    const n = toNumber(v);
    if (!Number.isInteger(n)) return undefined;
    big = BigInt(n);
  } else return undefined;
  const b = big;
  return (p) => ((b >> BigInt(Math.min(p, 64))) & 1n) === 1n;
}

function bitwise(name: string, all: boolean, set: boolean): QueryOp {
  return (selector, mask) => {
    const positions = maskPositions(name, mask);
    const one = (v: unknown): boolean => {
      const read = bitReader(v);
      if (!read) return false;
      return all ? positions.every((p) => read(p) === set) : positions.some((p) => read(p) === set);
    };
    return (o) => leafValues(o, selector).some(one);
  };
}

// ---------------------------------------------------------------------------------- comparisons

/** Values whose comparison mingo gets wrong: numbers (against Decimal128), Decimal128, BinData. */
function isSpecialOperand(v: unknown): boolean {
  if (typeof v === 'number') return true;
  const t = bsontype(v);
  return t === 'Decimal128' || t === 'Binary' || t === 'Long' || t === 'Int32' || t === 'Double';
}

function sameValue(x: unknown, b: unknown, rank: number, key: string): boolean {
  return typeRank(x) === rank && (x === b || keyString(x) === key);
}

/** The collation a query was compiled with (mingo keeps the `collation` option). */
function collationOf(options: Options): Collation | undefined {
  const spec = (options as { collation?: unknown } | undefined)?.collation;
  return spec ? parseCollation(spec) : undefined;
}

const $eq: QueryOp = (selector, b, options) => {
  const coll = typeof b === 'string' ? collationOf(options) : undefined;
  if (coll) {
    const k = coll.key(b as string);
    return (o) => leafValues(o, selector).some((x) => typeof x === 'string' && coll.key(x) === k);
  }
  if (!isSpecialOperand(b)) return mingoQuery.$eq(selector, b, options);
  const rank = typeRank(b);
  const key = keyString(b);
  return (o) => leafValues(o, selector).some((x) => sameValue(x, b, rank, key));
};

const $ne: QueryOp = (selector, b, options) => {
  const eq = $eq(selector, b, options);
  return (o) => !eq(o);
};

const $in: QueryOp = (selector, list, options) => {
  const coll = Array.isArray(list) && list.some((x) => typeof x === 'string') ? collationOf(options) : undefined;
  if (coll) {
    const keys = new Set((list as unknown[]).filter((x): x is string => typeof x === 'string').map(coll.key));
    const rest = (list as unknown[]).filter((x) => typeof x !== 'string');
    const others = rest.length ? $inPlain(selector, rest, options) : undefined;
    return (o) => leafValues(o, selector).some((x) => typeof x === 'string' && keys.has(coll.key(x))) || (others ? others(o) : false);
  }
  return $inPlain(selector, list, options);
};

const $inPlain: QueryOp = (selector, list, options) => {
  if (!Array.isArray(list)) return mingoQuery.$in(selector, list, options);
  const special = list.filter(isSpecialOperand);
  if (!special.length) return mingoQuery.$in(selector, list, options);
  const rest = list.filter((x) => !isSpecialOperand(x));
  const keys = new Set(special.map((x) => `${typeRank(x)}|${keyString(x)}`));
  const others = rest.length ? mingoQuery.$in(selector, rest, options) : undefined;
  return (o) => leafValues(o, selector).some((x) => keys.has(`${typeRank(x)}|${keyString(x)}`)) || (others ? others(o) : false);
};

const $nin: QueryOp = (selector, list, options) => {
  const inn = $in(selector, list, options);
  return (o) => !inn(o);
};

function range(op: string, holds: (c: number) => boolean): QueryOp {
  return (selector, b, options) => {
    const coll = typeof b === 'string' ? collationOf(options) : undefined;
    if (coll) return (o) => leafValues(o, selector).some((x) => typeof x === 'string' && holds(coll.compare(x, b as string)));
    if (!isSpecialOperand(b)) return mingoQuery[op](selector, b, options);
    const rank = typeRank(b);
    return (o) =>
      leafValues(o, selector).some((x) => {
        if (typeRank(x) !== rank) return false;
        if (rank === 3 && (Number.isNaN(toNumber(x)) || Number.isNaN(toNumber(b)))) return Number.isNaN(toNumber(x)) && Number.isNaN(toNumber(b)) && holds(0);
        return holds(compareValues(x, b));
      });
  };
}

// ---------------------------------------------------------------------------------- $elemMatch

const DBREF_KEYS = new Set(['$ref', '$id', '$db']);
const LOGICAL = new Set(['$and', '$or', '$nor']);

/** `{ $id: x }` style criteria (DBRef fields) rewritten under a wrapper field mingo accepts. */
function underWrapper(criteria: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(criteria)) {
    if (LOGICAL.has(k) && Array.isArray(v)) out[k] = v.map((c) => (isPlainObject(c) ? underWrapper(c) : c));
    else if (k.startsWith('$') && !DBREF_KEYS.has(k)) out[k] = v;
    else out['w.' + k] = v;
  }
  return out;
}

/** Predicate on one array element for `$elemMatch` criteria. */
export function elemPredicate(criteria: unknown, options: Options): (el: unknown) => boolean {
  if (!isPlainObject(criteria)) throw new MongoError('BadValue', '$elemMatch needs an Object');
  const keys = Object.keys(criteria);
  if (!keys.length) return (el) => isPlainObject(el);
  const operatorOnly = keys.every((k) => k.startsWith('$') && !LOGICAL.has(k) && !DBREF_KEYS.has(k) && k !== '$expr' && k !== '$where');
  if (operatorOnly) {
    const q = new QueryBase({ v: criteria }, options as never);
    return (el) => q.test({ v: el });
  }
  if (keys.some((k) => DBREF_KEYS.has(k))) {
    const q = new QueryBase(underWrapper(criteria), options as never);
    return (el) => isPlainObject(el) && q.test({ w: el });
  }
  const q = new QueryBase(criteria, options as never);
  return (el) => el !== null && typeof el === 'object' && !Array.isArray(el) && q.test(el as never);
}

const $elemMatch: QueryOp = (selector, criteria, options) => {
  const pred = elemPredicate(criteria, options);
  const parts = selector.split('.');
  return (o) => {
    let found = false;
    forEachAtPath(o, parts, 0, (v) => {
      if (!found && Array.isArray(v)) found = v.some(pred);
    });
    return found;
  };
};

const $elemMatchProjection = (obj: object, expr: unknown, field: string, options: Options): unknown => {
  const arr = resolve(obj, field);
  if (!Array.isArray(arr)) return undefined;
  const pred = elemPredicate(expr, options);
  const hit = arr.find(pred);
  return hit === undefined ? undefined : [hit];
};

// ---------------------------------------------------------------------------------- $jsonSchema

const $jsonSchema: QueryOp = (_selector, schema) => {
  parseSchema(schema);
  return (o) => schemaFailures(schema as Doc, o).length === 0;
};

// ---------------------------------------------------------------------------------- $sort stage

/**
 * Aggregation `$sort` with MongoDB's order (storage/values.ts sortComparator: cross-type order,
 * Decimal128 numerically, BinData by length / subtype / bytes, an array by its smallest or
 * largest element) and the pipeline's collation; mingo's compares those differently.
 */
const $sortStage = (coll: { transform(fn: (values: unknown[]) => unknown): unknown }, spec: unknown, options: Options): unknown => {
  if (!isPlainObject(spec) || !Object.keys(spec).length) throw new MongoError('Location15976', '$sort stage must have at least one sort key');
  for (const v of Object.values(spec)) {
    const n = toNumber(v);
    if (n !== 1 && n !== -1) throw new MongoError('Location15975', '$sort key ordering must be 1 (for ascending) or -1 (for descending)');
  }
  const collation = collationOf(options);
  const cmp = sortComparator(spec, collation?.compare);
  return coll.transform((values) => Lazy((values as Doc[]).sort(cmp)));
};

// ---------------------------------------------------------------------------------- context

const QUERY_OVERRIDES: Record<string, QueryOp> = {
  $type,
  $bitsAllSet: bitwise('$bitsAllSet', true, true),
  $bitsAnySet: bitwise('$bitsAnySet', false, true),
  $bitsAllClear: bitwise('$bitsAllClear', true, false),
  $bitsAnyClear: bitwise('$bitsAnyClear', false, false),
  $eq,
  $ne,
  $in,
  $nin,
  $gt: range('$gt', (c) => c > 0),
  $gte: range('$gte', (c) => c >= 0),
  $lt: range('$lt', (c) => c < 0),
  $lte: range('$lte', (c) => c <= 0),
  $elemMatch,
  $jsonSchema,
};

/** mingo's operators with the overrides above: pass as `context` to Query / Aggregator. */
export const MONGO_CONTEXT = Context.init({
  accumulator: accumulatorOps as never,
  expression: { ...expressionOps, $type: $typeExpression } as never,
  pipeline: { ...pipelineOps, $sort: $sortStage } as never,
  projection: { ...projectionOps, $elemMatch: $elemMatchProjection } as never,
  query: { ...queryOps, ...QUERY_OVERRIDES } as never,
  window: windowOps as never,
});

// mingo copies the whole operator context (hundreds of entries) whenever a Query or Aggregator
// is built from plain options, but reuses it when handed its own options object. That class is
// not exported: a probe operator reads it from the options mingo passes to operators.
type ComputeOptionsClass = { init(options: object): object };
let computeOptionsClass: ComputeOptionsClass | undefined;

function optionsClass(): ComputeOptionsClass {
  if (!computeOptionsClass) {
    const probe = Context.init({
      query: {
        $probe: ((_s: string, _v: unknown, o: { constructor: ComputeOptionsClass }) => {
          computeOptionsClass = o.constructor;
          return () => true;
        }) as never,
      },
    });
    new QueryBase({ a: { $probe: 1 } }, { context: probe } as never);
  }
  return computeOptionsClass!;
}

/**
 * mingo options over MONGO_CONTEXT, built (and the context copied) once: pass the result to
 * every Query / Aggregator of one operation.
 */
export function computeOptions(options: Doc): object {
  return optionsClass().init({ ...options, context: MONGO_CONTEXT });
}

const sharedQueryOptions = new Map<string, object>();

/** A mingo Query with MongoDB's operator semantics. */
export function mongoQuery(filter: Doc, options: Doc = {}): QueryBase {
  const key = JSON.stringify(options);
  let shared = sharedQueryOptions.get(key);
  if (!shared) sharedQueryOptions.set(key, (shared = computeOptions(options)));
  return new QueryBase(filter, shared as never);
}
