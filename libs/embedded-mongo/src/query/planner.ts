// Query execution over one collection (optionally seen through a transaction's write set).
//
// The planner narrows candidates through indexes before mingo filters them:
//  * sorted walk: an index whose leading fields are fixed by equalities and whose next fields
//    match the requested sort is walked in order (forwards or backwards) and stops as soon as
//    skip + limit matches are found — find(filter).sort(indexed).limit(n) never sorts the table;
//  * equality / $in on an index prefix: direct hash lookups (all fields) or prefix range seeks;
//  * a range ($gt/$gte/$lt/$lte) on the field after the equality prefix: a bounded index scan;
//  * otherwise a full scan.
// Every candidate is re-checked with the full filter, so the index only ever has to produce a
// superset of the matches.
import { MongoError } from '../errors';
import { Collection } from '../storage/collection';
import { entryId, IndexEntry, IndexStore } from '../storage/index-store';
import { Collation, sameCollation } from './collation';
import { queryNeedsStandIns, withStandIns } from './mingo-names';
import { mongoQuery } from './operators';
import { Position } from '../storage/sorted-list';
import { compareObjectIds, compareValues, Doc, isPlainObject, objectIdKey, renderValue, sortComparator, toNumber, typeRank } from '../bson/values';

export interface Hit {
  id: string;
  doc: Doc;
}

export interface ScanOptions {
  sort?: Doc;
  skip?: number;
  /** 0 or undefined = no limit. */
  limit?: number;
  /** An index the caller hinted (see resolveHint): the scan reads its entries only. */
  hint?: IndexStore;
  /** Filled with what the scan did, for `explain` (only then: the common path pays nothing). */
  explain?: ScanExplain;
  /** A non-simple collation for string comparisons, sort and index choice. */
  collation?: Collation;
}

/** What a scan chose and read (commands/explain.ts turns it into MongoDB's explain output). */
export interface ScanExplain {
  access?: 'COLLSCAN' | 'IXSCAN' | 'IDHACK' | 'COUNT_SCAN';
  index?: IndexStore;
  /** Per index field, MongoDB-style interval strings. */
  bounds?: Record<string, string[]>;
  reverse?: boolean;
  /** The order came from the index walk (no SORT stage). */
  sortedByIndex?: boolean;
  keysExamined: number;
  docsExamined: number;
  /** Documents that passed the filter, before skip / limit. */
  matched: number;
}

/** MongoDB's rendering of an index bound value. */
function boundValue(v: unknown): string {
  if (typeof v === 'number') return Number.isNaN(v) ? 'nan.0' : Number.isInteger(v) ? String(v) : String(v);
  return renderValue(v);
}

/** Index bounds of `index` for a fixed prefix (each field: its equality values) and a range. */
function indexBounds(index: IndexStore, prefix: unknown[][], range: FieldCond | undefined, reverse: boolean): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  index.fields.forEach(([field, dir], i) => {
    const back = dir < 0 !== reverse;
    let list: string[];
    if (i < prefix.length) {
      const vals = [...prefix[i]].sort(compareValues);
      list = vals.map((v) => `[${boundValue(v)}, ${boundValue(v)}]`);
      if (back) list.reverse();
    } else if (i === prefix.length && range && (range.lo || range.hi)) {
      const like = (range.lo ?? range.hi)!.v;
      const numeric = typeRank(like) === 3;
      const isString = typeof like === 'string';
      const low = range.lo ? boundValue(range.lo.v) : numeric ? '-inf.0' : isString ? '""' : 'MinKey';
      const high = range.hi ? boundValue(range.hi.v) : numeric ? 'inf.0' : isString ? '{}' : 'MaxKey';
      const open = range.lo ? (range.lo.incl ? '[' : '(') : '[';
      const close = range.hi ? (range.hi.incl ? ']' : ')') : range.lo && !isString && !numeric ? ']' : isString ? ')' : ']';
      list = back ? [`${close === ']' ? '[' : '('}${high}, ${low}${open === '[' ? ']' : ')'}`] : [`${open}${low}, ${high}${close}`];
    } else {
      list = [back ? '[MaxKey, MinKey]' : '[MinKey, MaxKey]'];
    }
    out[field] = list;
  });
  return out;
}

function countingMatcher(inner: Matcher, ex: ScanExplain): Matcher {
  return {
    test(doc: Doc): boolean {
      ex.docsExamined++;
      return inner.test(doc);
    },
  };
}

/**
 * The index a `hint` names (its name, or its key pattern), undefined for `{ $natural: … }` or no
 * hint. Like mongod, a hint that names no index, or a hidden one, is an error (BadValue).
 */
export function resolveHint(coll: Collection | undefined, hint: unknown): IndexStore | undefined {
  if (hint === undefined || hint === null || (isPlainObject(hint) && '$natural' in hint)) return undefined;
  if (isPlainObject(hint) && !Object.keys(hint).length) return undefined;
  const indexes = coll ? [...coll.indexes.values()] : [];
  const wanted = typeof hint === 'string' ? (i: IndexStore) => i.name === hint : (i: IndexStore) => isPlainObject(hint) && sameKey(i.spec.key as Doc, hint);
  const found = indexes.find((i) => wanted(i) && !i.spec.hidden);
  if (!found && coll)
    throw new MongoError('BadValue', 'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index');
  return found;
}

function sameKey(a: Doc, b: Doc): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && (typeof a[k] === 'string' ? a[k] === b[k] : toNumber(a[k]) === toNumber(b[k])));
}

interface FieldCond {
  eq?: unknown[];
  lo?: { v: unknown; incl: boolean };
  hi?: { v: unknown; incl: boolean };
}

/** What scan needs from a compiled filter. */
export interface Matcher {
  test(doc: Doc): boolean;
}

/**
 * A value a simple-equality filter may hold: a scalar whose equality mingo decides by `===`
 * (string, boolean, number), by time (Date) or by hex string (ObjectId). null/undefined
 * (which also match missing fields), arrays, objects, regexes and other BSON types go through
 * mingo.
 */
export function isSimpleEqValue(v: unknown): boolean {
  const t = typeof v;
  if (t === 'string' || t === 'boolean' || t === 'number') return true;
  return v instanceof Date || (v as { _bsontype?: string } | null)?._bsontype === 'ObjectId';
}

function simpleEq(a: unknown, b: unknown): boolean {
  if (a === b || (typeof b === 'number' && Object.is(a, b))) return true;
  if (typeof b === 'number') return (a as { _bsontype?: string } | null)?._bsontype === 'Decimal128' && toNumber(a) === b;
  if (b instanceof Date) return a instanceof Date && a.getTime() === b.getTime();
  if (typeof b === 'object' && b !== null) {
    // ObjectId: mingo's isEqual compares same-class objects through their toString (the hex),
    // which for two ObjectIds is their bytes, compared without building the hex strings.
    if (typeof a !== 'object' || a === null || a.constructor !== b.constructor) return false;
    return (b as { _bsontype?: string })._bsontype === 'ObjectId' ? compareObjectIds(a, b) === 0 : String(a) === String(b);
  }
  return false;
}

/** A key under which simpleEq-equal values coincide (numbers by value, ObjectIds by their bytes). */
export function eqKey(v: unknown): string | undefined {
  switch (typeof v) {
    case 'string':
      return `s${v}`;
    case 'number':
      return `n${v === 0 ? 0 : v}`;
    case 'boolean':
      return v ? 'T' : 'F';
  }
  if (v instanceof Date) return `d${v.getTime()}`;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  if (t === 'ObjectId') return objectIdKey(v);
  if (t === 'Decimal128') return `n${toNumber(v) || 0}`;
  return undefined;
}

/** A condition on one field's value. */
type FieldTest = (a: unknown) => boolean;

/** True when a field's value equals one of the values, or is an array holding one. */
function equalsAny(values: unknown[]): FieldTest {
  if (values.length <= 4) {
    const one = (x: unknown): boolean => values.some((v) => simpleEq(x, v));
    return (a) => one(a) || (Array.isArray(a) && a.some(one));
  }
  // A long $in list (a page's ids): one key per value instead of a comparison with each.
  const keys = new Set(values.map(eqKey));
  const one = (x: unknown): boolean => {
    const k = eqKey(x);
    return k !== undefined && keys.has(k);
  };
  return (a) => one(a) || (Array.isArray(a) && a.some(one));
}

const RANGE_OPS: Record<string, (c: number) => boolean> = {
  $gt: (c) => c > 0,
  $gte: (c) => c >= 0,
  $lt: (c) => c < 0,
  $lte: (c) => c <= 0,
};

/**
 * `$gt`/`$gte`/`$lt`/`$lte` against a scalar, as MongoDB compares: only values of the bound's
 * type bracket (a date bound never matches a string or a missing field), an array when one of
 * its elements does; a NaN value matches no numeric range.
 */
function rangeTest(op: string, bound: unknown): FieldTest {
  const holds = RANGE_OPS[op];
  const rank = typeRank(bound);
  const one = (x: unknown): boolean => {
    if (typeRank(x) !== rank) return false;
    if (typeof x === 'number' && Number.isNaN(x)) return false; // the bound is never NaN here
    return holds(compareValues(x, bound));
  };
  return (a) => one(a) || (Array.isArray(a) && a.some(one));
}

/**
 * The test for one field's condition when it is made only of scalars (no null, regex, object,
 * array or exotic BSON value) and of `$eq $ne $in $nin $gt $gte $lt $lte`; undefined otherwise.
 * Each operator is applied on its own (for an array, each may hold through a different
 * element), as in MongoDB.
 */
function simpleFieldTest(value: unknown): FieldTest | undefined {
  if (isSimpleEqValue(value)) return equalsAny([value]);
  if (!isPlainObject(value)) return undefined;
  const ops = Object.keys(value);
  if (!ops.length) return undefined;
  const tests: FieldTest[] = [];
  for (const op of ops) {
    const v = value[op];
    if (op === '$in' || op === '$nin') {
      if (!Array.isArray(v) || !v.every(isSimpleEqValue)) return undefined;
      const any = equalsAny(v);
      tests.push(op === '$in' ? any : (a) => !any(a));
    } else if (op === '$eq' || op === '$ne') {
      if (!isSimpleEqValue(v)) return undefined;
      const any = equalsAny([v]);
      tests.push(op === '$eq' ? any : (a) => !any(a));
    } else if (op in RANGE_OPS) {
      if (!isSimpleEqValue(v) || Number.isNaN(v)) return undefined;
      tests.push(rangeTest(op, v));
    } else {
      return undefined;
    }
  }
  return tests.length === 1 ? tests[0] : (a) => tests.every((t) => t(a));
}

/** A path's value could not be read without walking an array: mingo decides for this document. */
const UNDECIDED = Symbol('undecided');
type FastTest = (doc: Doc) => boolean | typeof UNDECIDED;

/**
 * A path's value in a document: a plain field, or a dotted path through embedded documents (a
 * scalar on the way means the path is missing, as in MongoDB). An array on the way spreads the
 * path over its elements, which is mingo's to decide.
 */
function pathReader(path: string): ((doc: Doc) => unknown) | undefined {
  const parts = path.split('.');
  // (names inherited from Object.prototype, e.g. 'constructor', and empty segments are left to mingo)
  if (parts.some((p) => !p || p.startsWith('$') || p in Object.prototype)) return undefined;
  if (parts.length === 1) return (doc) => doc[path];
  return (doc) => {
    let cur: unknown = doc;
    for (const part of parts) {
      if (Array.isArray(cur)) return UNDECIDED;
      if (!isPlainObject(cur)) return undefined;
      cur = cur[part];
    }
    return cur;
  };
}

/** `{ f: null }`: the field is null or missing, or an array holding null. */
function isNullish(a: unknown): boolean {
  return a === null || a === undefined || (Array.isArray(a) && a.some((x) => x === null));
}

/** `null`, `{ $eq: null }` and `{ $ne: null }`; undefined for anything else. */
function nullFieldTest(value: unknown): FieldTest | undefined {
  if (value === null) return isNullish;
  if (!isPlainObject(value)) return undefined;
  const ops = Object.keys(value);
  if (ops.length !== 1 || value[ops[0]] !== null) return undefined;
  if (ops[0] === '$eq') return isNullish;
  if (ops[0] === '$ne') return (a) => !isNullish(a);
  return undefined;
}

/**
 * The fast test of a filter made of fields (plain or dotted) compared with scalars or null, and
 * of `$and` / `$or` / `$nor` over such filters; undefined when any part is beyond it.
 */
function fastFilterTest(filter: Doc): FastTest | undefined {
  const keys = Object.keys(filter);
  if (keys.length > 8) return undefined;
  const tests: FastTest[] = [];
  for (const k of keys) {
    const value = filter[k];
    if (k === '$and' || k === '$or' || k === '$nor') {
      // (an empty or malformed list is an error mingo reports)
      if (!Array.isArray(value) || !value.length || value.length > 8 || !value.every(isPlainObject)) return undefined;
      const subs = value.map((sub) => fastFilterTest(sub as Doc));
      if (subs.some((t) => !t)) return undefined;
      tests.push(logicalTest(k, subs as FastTest[]));
      continue;
    }
    if (k.startsWith('$')) return undefined;
    const read = pathReader(k);
    const test = simpleFieldTest(value) ?? nullFieldTest(value);
    if (!read || !test) return undefined;
    tests.push((doc) => {
      const v = read(doc);
      return v === UNDECIDED ? UNDECIDED : test(v);
    });
  }
  return tests.length === 1 ? tests[0] : logicalTest('$and', tests);
}

/**
 * `$and`: a false part decides (false); `$or`: a true part decides (true); `$nor`: a true part
 * decides (false). Undecided when no part decided and one could not answer.
 */
function logicalTest(op: string, tests: FastTest[]): FastTest {
  const stopOn = op !== '$and';
  const answer = op === '$or';
  return (doc) => {
    let undecided = false;
    for (const t of tests) {
      const r = t(doc);
      if (r === UNDECIDED) undecided = true;
      else if (r === stopOn) return answer;
    }
    return undecided ? UNDECIDED : !answer;
  };
}

/**
 * Matcher for filters made of fields (plain or dotted through embedded documents) compared with
 * scalars or null, under `$and` / `$or` / `$nor` (`findOne({ key })`, `updateOne({ _id })`, a
 * page's `{ postGroupId: { $in: ids } }`, the outbox's `{ status, availableAt: { $lte: now },
 * webhookId: { $nin: busy } }`, the publisher's `{ status, scheduledTime: { $lte: now }, $or:
 * [{ nextAttemptAt: null }, …] }` and `{ 'claim.token': t }` — most of an app's traffic).
 * Building a mingo Query is costly (it copies mingo's whole operator table on every
 * construction), and so is testing through it; this gives MongoDB's
 * answers directly (equality: the field's value equals, or the field is an array with an element
 * that equals). A document whose dotted path crosses an array goes to mingo, built on first need.
 */
function fastConditionMatcher(filter: Doc, slow: () => Matcher): Matcher | undefined {
  const fast = fastFilterTest(filter);
  if (!fast) return undefined;
  let fallback: Matcher | undefined;
  return {
    test(doc: Doc): boolean {
      const r = fast(doc);
      return r === UNDECIDED ? (fallback ??= slow()).test(doc) : r;
    },
  };
}

/**
 * `{ f: { $all: [a, b] } }` is `{ $and: [{ f: a }, { f: b }] }` for MongoDB, so it also matches a
 * scalar field equal to its one value; mingo only matches arrays. Rewritten here (a copy, only
 * when a `$all` of plain values is present; `$all` of `$elemMatch` conditions stays mingo's).
 */
function rewriteAll(filter: Doc): Doc {
  let out: Doc | undefined;
  const extra: Doc[] = [];
  for (const [key, value] of Object.entries(filter)) {
    let next: unknown = value;
    if ((key === '$and' || key === '$or' || key === '$nor') && Array.isArray(value)) {
      const items = value.map((sub) => (isPlainObject(sub) ? rewriteAll(sub) : sub));
      if (items.some((x, i) => x !== value[i])) next = items;
    } else if (!key.startsWith('$') && isPlainObject(value) && Array.isArray(value.$all) && value.$all.length) {
      const all = value.$all as unknown[];
      if (all.every((x) => !(isPlainObject(x) && '$elemMatch' in x))) {
        const { $all, ...others } = value;
        void $all;
        const conds: Doc[] = all.map((x) => ({ [key]: x instanceof RegExp ? x : { $eq: x } }));
        if (Object.keys(others).length) conds.push({ [key]: others });
        out ??= { ...filter };
        delete out[key];
        extra.push(...conds);
        continue;
      }
    }
    if (next !== value) {
      out ??= { ...filter };
      out[key] = next;
    }
  }
  if (out && extra.length) out.$and = [...((out.$and as Doc[] | undefined) ?? []), ...extra];
  return out ?? filter;
}

export function compileFilter(filter: Doc, collation?: Collation): Matcher {
  if (filter && '$where' in filter) throw new MongoError('BadValue', '$where is not supported by the embedded MongoDB server');
  const slow = (): Matcher => {
    try {
      const spec = rewriteAll(filter ?? {});
      const options = collation ? { scriptEnabled: false, collation: collation.spec } : { scriptEnabled: false };
      if (!queryNeedsStandIns(spec)) return mongoQuery(spec, options);
      // A field named `__proto__`: the filter and each document meet in mingo with stand-ins
      // for such names (query/mingo-names.ts).
      const query = mongoQuery(withStandIns(spec), options);
      return { test: (doc) => query.test(withStandIns(doc)) };
    } catch (e) {
      throw new MongoError('BadValue', (e as Error).message);
    }
  };
  return (isPlainObject(filter) && !collation && fastConditionMatcher(filter, slow)) || slow();
}

function isScalarForIndex(v: unknown): boolean {
  return !Array.isArray(v) && !(v instanceof RegExp) && (v as { _bsontype?: string } | null)?._bsontype !== 'BSONRegExp';
}

/** Extracts index-usable conditions from the top level of a filter (and nested $and). */
function analyse(filter: Doc, out = new Map<string, FieldCond>()): Map<string, FieldCond> {
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (key === '$and' && Array.isArray(value)) {
      for (const sub of value) if (isPlainObject(sub)) analyse(sub, out);
      continue;
    }
    if (key.startsWith('$')) continue;
    const cond = out.get(key) ?? {};
    const ops = isPlainObject(value) ? Object.keys(value) : [];
    if (ops.length && ops.every((o) => o.startsWith('$'))) {
      const v = value as Doc;
      if ('$eq' in v && isScalarForIndex(v.$eq) && !isPlainObject(v.$eq)) cond.eq = [v.$eq];
      if (Array.isArray(v.$in) && v.$in.every((x) => isScalarForIndex(x))) cond.eq = v.$in;
      if ('$gt' in v) cond.lo = { v: v.$gt, incl: false };
      if ('$gte' in v) cond.lo = { v: v.$gte, incl: true };
      if ('$lt' in v) cond.hi = { v: v.$lt, incl: false };
      if ('$lte' in v) cond.hi = { v: v.$lte, incl: true };
    } else if (isScalarForIndex(value)) {
      cond.eq = [value];
    }
    out.set(key, cond);
  }
  return out;
}

/** -1 / 0 / 1: where a value lies relative to a (type-bracketed) range, in value order. */
function rangePos(x: unknown, c: FieldCond): number {
  const bound = c.lo ?? c.hi!;
  const rank = typeRank(bound.v);
  const rx = typeRank(x);
  if (rx !== rank) return rx < rank ? -1 : 1;
  if (c.lo) {
    const d = compareValues(x, c.lo.v);
    if (d < 0 || (d === 0 && !c.lo.incl)) return -1;
  }
  if (c.hi) {
    const d = compareValues(x, c.hi.v);
    if (d > 0 || (d === 0 && !c.hi.incl)) return 1;
  }
  return 0;
}

function usable(index: IndexStore): boolean {
  // Hidden indexes are maintained (and still enforce unique) but the planner does not see them.
  return !index.sparse && !index.spec.partialFilterExpression && !index.spec.hidden;
}

/**
 * Where an index entry lies relative to the stretch whose first prefix.length fields equal
 * `prefix` (and whose next field is in `range`): < 0 before it, 0 inside, > 0 after.
 */
function stretchPosition(index: IndexStore, prefix: unknown[], range: FieldCond | undefined): (e: IndexEntry) => number {
  const dirs = index.fields.map((f) => f[1]);
  const k = prefix.length;
  return (e) => {
    for (let i = 0; i < k; i++) {
      const c = compareValues(index.keyAt(e, i), prefix[i]);
      if (c) return c * dirs[i];
    }
    return range ? rangePos(index.keyAt(e, k), range) * dirs[k] : 0;
  };
}

/** Walks the part of `index` whose first prefix.length fields equal `prefix` (+ optional range). */
function* walk(index: IndexStore, prefix: unknown[], range: FieldCond | undefined, reverse: boolean): Generator<IndexEntry> {
  const pos = stretchPosition(index, prefix, range);
  if (!reverse) {
    for (const e of index.sorted.forward(index.sorted.seek((e) => pos(e) < 0))) {
      if (pos(e) !== 0) return;
      yield e;
    }
  } else {
    const end: Position = index.sorted.seek((e) => pos(e) <= 0);
    for (const e of index.sorted.backward(end)) {
      if (pos(e) !== 0) return;
      yield e;
    }
  }
}

/** Combinations of fixed values an index prefix is walked for; past it the field is not fixed. */
export const MAX_COMBOS = 256;

/** The best index for narrowing candidates: k leading fields fixed by equalities (+ a range). */
interface CandidatePlan {
  index: IndexStore;
  k: number;
  range: boolean;
  /** A unique index with every field fixed: at most one document per listed value. */
  point?: boolean;
}

/** True when no string occurs in the values (so binary and collated comparisons agree). */
function stringFree(values: unknown[]): boolean {
  return values.every((v) => (typeof v === 'string' ? false : Array.isArray(v) ? stringFree(v) : isPlainObject(v) ? stringFree(Object.values(v)) : true));
}

function condStringFree(c: FieldCond | undefined): boolean {
  return !c || stringFree([...(c.eq ?? []), ...(c.lo ? [c.lo.v] : []), ...(c.hi ? [c.hi.v] : [])]);
}

function candidatePlan(coll: Collection, conds: Map<string, FieldCond>, collation?: Collation): CandidatePlan | undefined {
  let best: CandidatePlan | undefined;
  /** A unique index fixed by more than a few values: it wins unless another holds fewer entries. */
  let points: { plan: CandidatePlan; combos: number } | undefined;
  for (const index of coll.indexes.values()) {
    if (!usable(index)) continue;
    // Under a collation, an index answers string conditions only if it has that collation (and
    // then only through its hash of collation keys: its sorted list is in binary order).
    const collated = !!collation && !!index.collation && sameCollation(index.collation, collation);
    let k = 0;
    let combos = 1;
    while (k < index.fields.length) {
      const c = conds.get(index.fields[k][0]);
      if (!c?.eq || combos * c.eq.length > MAX_COMBOS) break;
      if (collation && !collated && !condStringFree(c)) break;
      combos *= c.eq.length;
      k++;
    }
    if (collated && k < index.fields.length) continue;
    // A unique index with every field fixed holds at most one document per value: nothing beats it
    // (claim({ _id, status, availableAt: { $lte } }) must not walk the status index).
    if (index.unique && k === index.fields.length) {
      if (combos <= 16) return { index, k, range: false, point: true };
      if (!points || combos < points.combos) points = { plan: { index, k, range: false, point: true }, combos };
      continue;
    }
    const next = k < index.fields.length ? conds.get(index.fields[k][0]) : undefined;
    const range = !index.isMultikeyAt(k) && !!(next?.lo || next?.hi) && (!collation || condStringFree(next));
    const score = k * 2 + (range ? 1 : 0);
    if (score > 0 && (!best || score > best.k * 2 + (best.range ? 1 : 0))) best = { index, k, range };
  }
  // updateMany({ webhookId, status, availableAt: { $lte }, _id: { $in: 25 ids } }) must not walk
  // every due entry of the webhook: the index stretch is counted (a pair of seeks per prefix).
  if (points && (!best || stretchSize(best, conds, points.combos) >= points.combos)) return points.plan;
  return best;
}

/** Entries a candidate plan would read, counted up to `cap`. */
function stretchSize(plan: CandidatePlan, conds: Map<string, FieldCond>, cap: number): number {
  const rangeCond = plan.range ? conds.get(plan.index.fields[plan.k][0]) : undefined;
  let total = 0;
  for (const prefix of prefixCombos(plan, conds)) {
    total += countStretch(plan.index, prefix, rangeCond);
    if (total >= cap) break;
  }
  return total;
}

/** Every combination of the plan's fixed values, in index field order. */
function prefixCombos(plan: CandidatePlan, conds: Map<string, FieldCond>): unknown[][] {
  let prefixes: unknown[][] = [[]];
  for (let i = 0; i < plan.k; i++) {
    const values = conds.get(plan.index.fields[i][0])!.eq!;
    prefixes = prefixes.flatMap((p) => values.map((v) => [...p, v]));
  }
  return prefixes;
}

/** Candidate ids through a candidate plan (a superset of the matches). */
function candidateIds(plan: CandidatePlan, conds: Map<string, FieldCond>): Set<string> {
  const { index, k, range } = plan;
  const prefixes = prefixCombos(plan, conds);
  const ids = new Set<string>();
  if (k === index.fields.length) {
    for (const p of prefixes) for (const id of index.idsForParts(p)) ids.add(id);
    return ids;
  }
  const rangeCond = range ? conds.get(index.fields[k][0]) : undefined;
  for (const p of prefixes) for (const e of walk(index, p, rangeCond, false)) ids.add(entryId(e));
  return ids;
}

/** A sorted walk plan: index + fixed prefix + direction, when the sort can come from an index. */
interface SortedPlan {
  index: IndexStore;
  prefix: unknown[];
  reverse: boolean;
  /** A $gt/$lt bound on the first sort field narrows the walk to that stretch of the index. */
  range?: FieldCond;
}

function sortedPlan(coll: Collection, conds: Map<string, FieldCond>, sort: Doc): SortedPlan | undefined {
  const sortFields = Object.entries(sort).map(([p, d]) => [p, toNumber(d) < 0 ? -1 : 1] as const);
  if (!sortFields.length) return undefined;
  let best: SortedPlan | undefined;
  for (const index of coll.indexes.values()) {
    if (!usable(index)) continue;
    const prefix: unknown[] = [];
    let k = 0;
    while (k < index.fields.length) {
      const c = conds.get(index.fields[k][0]);
      if (c?.eq?.length !== 1 || sortFields.some(([p]) => p === index.fields[k][0])) break;
      prefix.push(c.eq[0]);
      k++;
    }
    if (k + sortFields.length > index.fields.length) continue;
    // An array anywhere past the fixed prefix would list a document under several sort keys.
    if (index.hasMultikeyFrom(k)) continue;
    let sign = 0;
    let ok = true;
    sortFields.forEach(([p, d], j) => {
      const [ip, idir] = index.fields[k + j];
      const s = d * idir;
      if (ip !== p || (sign && s !== sign)) ok = false;
      sign = s;
    });
    // The longest fixed prefix walks the fewest entries.
    if (!ok || (best && prefix.length <= best.prefix.length)) continue;
    const next = conds.get(index.fields[k][0]);
    best = { index, prefix, reverse: sign < 0, range: next?.lo || next?.hi ? next : undefined };
  }
  return best;
}

/**
 * The filter's fields when each is one an index stretch answers exactly: a plain top-level field
 * with a scalar equality, or with one lower and/or one upper bound of one type (bounds are
 * type-bracketed, as the matcher's comparisons are). Undefined otherwise.
 */
function exactFields(filter: Doc): string[] | undefined {
  if (!isPlainObject(filter)) return undefined;
  const keys = Object.keys(filter);
  for (const key of keys) {
    if (key.startsWith('$') || key.includes('.') || key in Object.prototype) return undefined;
    const v = filter[key];
    if (isSimpleEqValue(v) && !Number.isNaN(v)) continue;
    if (!isPlainObject(v)) return undefined;
    const ops = Object.keys(v);
    const lower = ops.filter((op) => op === '$gt' || op === '$gte');
    const upper = ops.filter((op) => op === '$lt' || op === '$lte');
    if (!ops.length || lower.length > 1 || upper.length > 1 || lower.length + upper.length !== ops.length) return undefined;
    if (!ops.every((op) => isSimpleEqValue(v[op]) && !Number.isNaN(v[op])) || new Set(ops.map((op) => typeRank(v[op]))).size > 1) return undefined;
  }
  return keys;
}

/**
 * Counts the matches of `filter` from an index alone, or returns undefined when no index
 * answers it exactly. Exact means: every field of the filter is a plain scalar equality (or,
 * for the field right after them, a range) on the index's leading fields, with no field left
 * over. Each document then has exactly one entry in that stretch of the index (an array field
 * lists each distinct element once, and only the fixed value's entry falls in the stretch), so
 * countDocuments({ userId, platforms: 'x' }) costs two seeks instead of reading every match.
 */
export function countFromIndex(
  coll: Collection | undefined,
  overlay: Map<string, Doc | null> | undefined,
  filter: Doc,
  ex?: ScanExplain,
  collation?: Collation,
): number | undefined {
  if (!coll) return 0;
  if (collation) return undefined;
  if (overlay?.size) return undefined;
  const keys = exactFields(filter);
  if (!keys) return undefined;
  const conds = analyse(filter);
  for (const index of coll.indexes.values()) {
    if (!usable(index)) continue;
    const prefix: unknown[] = [];
    let k = 0;
    while (k < index.fields.length && k < keys.length) {
      const c = conds.get(index.fields[k][0]);
      if (!c?.eq || c.eq.length !== 1 || c.lo || c.hi) break;
      prefix.push(c.eq[0]);
      k++;
    }
    let range: FieldCond | undefined;
    if (k < keys.length && k < index.fields.length && !index.isMultikeyAt(k)) {
      const c = conds.get(index.fields[k][0]);
      if (c && !c.eq && (c.lo || c.hi)) range = c;
    }
    if (k + (range ? 1 : 0) !== keys.length) continue;
    // An array past the fixed prefix gives a document one entry per element there.
    if (index.hasMultikeyFrom(k)) continue;
    const n = countStretch(index, prefix, range);
    if (ex) {
      Object.assign(ex, { access: 'COUNT_SCAN', index, reverse: false, matched: n, keysExamined: n + 1 });
      ex.bounds = indexBounds(
        index,
        prefix.map((v) => [v]),
        range,
        false,
      );
    }
    return n;
  }
  return undefined;
}

/**
 * distinct's values of a plain `field`, read from an index whose leading fields the filter fixes
 * with single equalities and whose next field is `field`: for each value there (the index jumps
 * from one to the next), the documents under it are tested until one matches the filter (a range
 * of the filter on the index's following field bounds that walk). The publisher's "platforms with
 * due posts" reads one entry per platform instead of every due post. Undefined when no index
 * serves (or a transaction's writes, or a collation, are in play): the caller scans.
 */
export function distinctFromIndex(
  coll: Collection | undefined,
  overlay: Map<string, Doc | null> | undefined,
  filter: Doc,
  field: string,
  collation?: Collation,
  /** The filter's matcher when the caller has compiled it already. */
  query?: Matcher,
): unknown[] | undefined {
  if (!coll || overlay?.size || collation || !isPlainObject(filter) || field.includes('.') || field.startsWith('$')) return undefined;
  const conds = analyse(filter);
  let best: { index: IndexStore; prefix: unknown[]; range?: FieldCond } | undefined;
  for (const index of coll.indexes.values()) {
    if (!usable(index)) continue;
    const k = index.fields.findIndex(([f]) => f === field);
    if (k < 0) continue;
    const prefix: unknown[] = [];
    for (let i = 0; i < k; i++) {
      const c = conds.get(index.fields[i][0]);
      if (!c?.eq || c.eq.length !== 1 || c.lo || c.hi || !isSimpleEqValue(c.eq[0])) break;
      prefix.push(c.eq[0]);
    }
    if (prefix.length !== k) continue;
    const next = index.fields[k + 1] && !index.isMultikeyAt(k + 1) ? conds.get(index.fields[k + 1][0]) : undefined;
    const range = next && !next.eq && (next.lo || next.hi) ? next : undefined;
    // Every indexable condition of the filter must narrow the walk (another equality left to the
    // per-document test could make each value's walk read all its documents: a scan does better).
    const narrowed = new Set(index.fields.slice(0, k + (range ? 2 : 0)).map(([f]) => f));
    if ([...conds.keys()].some((f) => f !== field && !narrowed.has(f))) continue;
    // An index whose next field bounds each value's walk by the filter's range beats one that does not.
    if (!best || (range && !best.range)) best = { index, prefix, range };
  }
  return best && distinctWalk(coll, best.index, best.prefix, best.range, field, query ?? compileFilter(filter));
}

function distinctWalk(coll: Collection, index: IndexStore, prefix: unknown[], range: FieldCond | undefined, field: string, query: Matcher): unknown[] {
  const k = prefix.length;
  const dir = index.fields[k][1];
  const inPrefix = stretchPosition(index, prefix, undefined);
  const values: unknown[] = [];
  let at = index.sorted.seek((e) => inPrefix(e) < 0);
  for (;;) {
    const first = index.sorted.forward(at).next();
    if (first.done || inPrefix(first.value) !== 0) return values;
    const v = index.keyAt(first.value, k);
    for (const e of walk(index, [...prefix, v], range, false)) {
      const doc = coll.get(entryId(e));
      if (!doc || !query.test(doc)) continue;
      // A null key also stands for a missing field or an empty array, which distinct skips.
      const own = doc[field];
      if (v === null && !(own === null || (Array.isArray(own) && own.includes(null)))) continue;
      values.push(v);
      break;
    }
    at = index.sorted.seek((e) => {
      const p = inPrefix(e);
      return p < 0 || (p === 0 && compareValues(index.keyAt(e, k), v) * dir <= 0);
    });
  }
}

/** Entries of `index` whose leading fields equal `prefix` (and whose next field is in `range`). */
function countStretch(index: IndexStore, prefix: unknown[], range: FieldCond | undefined): number {
  const pos = stretchPosition(index, prefix, range);
  return index.sorted.countBetween(
    index.sorted.seek((e) => pos(e) < 0),
    index.sorted.seek((e) => pos(e) <= 0),
  );
}

/**
 * How many index entries a sorted walk may read, when a more selective index exists, before
 * the planner gives up on it and sorts that index's candidates instead (MongoDB settles the
 * same choice with a trial run of both plans).
 */
function trialBudget(want: number): number {
  return Math.max(2000, want * 20);
}

/** Stands in for a match a sorted walk skips without reading its document. */
const SKIPPED: Hit = { id: '', doc: {} };

/**
 * Returns matching documents in result order. `overlay` is the transaction's write set for this
 * collection (id -> new doc or null = deleted), layered over the committed documents.
 */
export function scan(coll: Collection | undefined, overlay: Map<string, Doc | null> | undefined, filter: Doc, opts: ScanOptions = {}): Hit[] {
  const ex = opts.explain;
  const query = ex ? countingMatcher(compileFilter(filter, opts.collation), ex) : compileFilter(filter, opts.collation);
  if (ex) ex.access = 'COLLSCAN';
  if (!coll) return [];
  const skip = opts.skip ?? 0;
  const want = opts.limit ? skip + opts.limit : Infinity;
  const conds = analyse(filter);
  const resolve = (id: string): Doc | undefined => (overlay?.has(id) ? (overlay.get(id) ?? undefined) : coll.get(id));
  const hits: Hit[] = [];
  if (opts.hint) {
    if (ex) Object.assign(ex, { access: 'IXSCAN', index: opts.hint, reverse: false, bounds: indexBounds(opts.hint, [], undefined, false) });
    return hintedScan(coll, opts.hint, overlay, query, opts);
  }
  const narrow = candidatePlan(coll, conds, opts.collation);

  const hasSort = opts.sort && Object.keys(opts.sort).length > 0;
  // (index order is binary: under a collation the sort is done on the matches)
  if (hasSort && !overlay?.size && !opts.collation) {
    const plan = sortedPlan(coll, conds, opts.sort!);
    // A walk narrower than (or as narrow as) the best index walks unbounded. A wider one is only
    // worth a bounded trial, and only when a limit lets it stop early:
    // find({ _id: { $in: ids } }).sort({ _id: 1 }) must not walk the whole _id index.
    const wider = !!plan && !!narrow && (narrow.point || plan.prefix.length * 2 + (plan.range ? 1 : 0) < narrow.k * 2 + (narrow.range ? 1 : 0));
    const budget = !wider ? Infinity : want === Infinity || narrow?.point ? 0 : trialBudget(want);
    if (plan && budget > 0) {
      let read = 0;
      let complete = true;
      const docsBefore = ex?.docsExamined ?? 0;
      // When the walked stretch holds exactly the matches, skipped entries need no document.
      let unread = exactFields(filter)?.length === plan.prefix.length + (plan.range ? 1 : 0) ? skip : 0;
      for (const e of walk(plan.index, plan.prefix, plan.range, plan.reverse)) {
        if (++read > budget) {
          complete = false;
          break;
        }
        if (unread > 0) {
          unread--;
          hits.push(SKIPPED);
        } else {
          const id = entryId(e);
          const doc = coll.get(id);
          if (doc && query.test(doc)) hits.push({ id, doc });
        }
        if (hits.length >= want) break;
      }
      if (ex) {
        if (complete) {
          Object.assign(ex, { access: 'IXSCAN', index: plan.index, reverse: plan.reverse, sortedByIndex: true, matched: hits.length });
          ex.bounds = indexBounds(
            plan.index,
            plan.prefix.map((v) => [v]),
            plan.range,
            plan.reverse,
          );
          ex.keysExamined += read;
        } else ex.docsExamined = docsBefore;
      }
      if (complete) return hits.slice(skip);
      hits.length = 0;
    }
  }

  const ids = narrow ? candidateIds(narrow, conds) : undefined;
  if (ex && narrow && ids) {
    const fixed = narrow.index.fields.slice(0, narrow.k).map(([f]) => conds.get(f)!.eq!);
    const idOnly = narrow.index.name === '_id_' && Object.keys(filter).length === 1 && fixed[0]?.length === 1 && isSimpleEqValue(fixed[0][0]);
    Object.assign(ex, { access: idOnly ? 'IDHACK' : 'IXSCAN', index: narrow.index, reverse: false });
    ex.bounds = indexBounds(narrow.index, fixed, narrow.range ? conds.get(narrow.index.fields[narrow.k][0]) : undefined, false);
    ex.keysExamined += ids.size;
  }
  const limitEarly = !hasSort && want !== Infinity;
  const consider = (id: string, doc: Doc | undefined): boolean => {
    if (doc && query.test(doc)) hits.push({ id, doc });
    return limitEarly && hits.length >= want;
  };
  if (ids) {
    let all = ids;
    if (overlay?.size) {
      const withOverlay = new Set(ids);
      for (const id of overlay.keys()) withOverlay.add(id);
      all = withOverlay;
    }
    for (const id of all) if (consider(id, resolve(id))) break;
  } else {
    let done = false;
    // (entries() decodes without filling the cache: a full scan would only evict hot documents)
    for (const [id, doc] of coll.entries()) {
      if (overlay?.has(id)) continue;
      if ((done = consider(id, doc))) break;
    }
    if (overlay && !done) for (const [id, doc] of overlay) if (doc && consider(id, doc)) break;
  }
  if (hasSort) {
    const cmp = sortComparator(opts.sort!, opts.collation?.compare);
    hits.sort((a, b) => cmp(a.doc, b.doc));
  }
  if (ex) ex.matched = hits.length;
  return hits.slice(skip, want === Infinity ? undefined : want);
}

/**
 * A hinted scan reads the hinted index's entries, whatever the filter: as in MongoDB, hinting a
 * sparse or partial index returns only the documents that index holds.
 */
function hintedScan(coll: Collection, index: IndexStore, overlay: Map<string, Doc | null> | undefined, query: Matcher, opts: ScanOptions): Hit[] {
  const hits: Hit[] = [];
  const seen = new Set<string>();
  for (const e of walk(index, [], undefined, false)) {
    if (opts.explain) opts.explain.keysExamined++;
    const id = entryId(e);
    if (seen.has(id)) continue; // multikey: one entry per array element
    seen.add(id);
    const doc = overlay?.has(id) ? (overlay.get(id) ?? undefined) : coll.get(id);
    if (doc && query.test(doc)) hits.push({ id, doc });
  }
  if (opts.sort && Object.keys(opts.sort).length) {
    const cmp = sortComparator(opts.sort, opts.collation?.compare);
    hits.sort((a, b) => cmp(a.doc, b.doc));
  }
  const skip = opts.skip ?? 0;
  if (opts.explain) opts.explain.matched = hits.length;
  return hits.slice(skip, opts.limit ? skip + opts.limit : undefined);
}

/** All documents of a collection as seen by a transaction (for aggregation and $lookup). */
export function allDocs(coll: Collection | undefined, overlay: Map<string, Doc | null> | undefined): Doc[] {
  // (no filter, no order: collation plays no part)
  if (!coll) return [];
  if (!overlay?.size) return Array.from(coll.entries(), ([, doc]) => doc);
  return scan(coll, overlay, {}).map((h) => h.doc);
}
