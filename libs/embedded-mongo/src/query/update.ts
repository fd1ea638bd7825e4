// Applying an update (operator document, replacement document or aggregation pipeline) to one
// document, plus building the document an upsert inserts. Operator semantics come from mingo's
// updater; this module adds what MongoDB also checks: $setOnInsert, _id immutability, conflicting
// paths, unknown operators, and seeding upserts from the query's equality fields.
import { ObjectId } from 'bson';
import { Aggregator, Context } from 'mingo';
import { messageWithoutStandIns, needsStandIns, pathNeedsStandIns, pathWithStandIns, withoutStandIns, withStandIns } from './mingo-names';
import { MONGO_CONTEXT, mongoQuery } from './operators';
import { MongoError } from '../errors';
import { assertStorableDepth, encodeUpdated } from '../storage/limits';
import { typeNameOf } from '../bson/type-names';
import { cloneDoc, cloneForUpdate, defineField, Doc, isPlainObject, keyString, NUM_TYPES, NumTypeTable, renderValue } from '../bson/values';

// mingo's updater entry point, without the root module's wrapper. The root `update` merges
// mingo's full operator table (hundreds of entries) into a fresh context on every call, and the
// updater compiles the statement's filter as a Query again: together most of the cost of an
// `updateOne({ _id }, { $inc })`. (Required rather than imported: the package's subpath types
// need a newer moduleResolution than this repo uses.)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const updater = require('mingo/updater') as {
  update(
    obj: Doc,
    modifier: Doc,
    arrayFilters: Doc[] | undefined,
    condition: Doc | undefined,
    options: { cloneMode: 'deep'; queryOptions: { context: Context } },
  ): string[];
};
/** Empty operator context: the updater adds the query/comparison operators it needs itself. */
const UPDATER_CONTEXT = Context.init();
/**
 * Operators that never evaluate a query or an expression (unlike $pull's conditions, $push's
 * $sort, arrayFilters or the positional `$`), so they run with the bare context and no filter.
 */
const PLAIN_OPERATORS = new Set(['$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$currentDate', '$bit']);

function isPlainModifier(modifier: Doc, arrayFilters: Doc[] | undefined): boolean {
  if (arrayFilters?.length) return false;
  for (const op of Object.keys(modifier)) {
    if (!PLAIN_OPERATORS.has(op)) return false;
    const fields = modifier[op] as Doc;
    for (const path of Object.keys(fields)) if (path.includes('$')) return false;
    if (op === '$rename') for (const to of Object.values(fields)) if (String(to).includes('$')) return false;
  }
  return true;
}

// mingo's own equality and deep copy, so the fast path below behaves exactly like its $set.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mingoUtil = require('mingo/util') as { isEqual(a: unknown, b: unknown): boolean; cloneDeep<T>(v: T): T };

/**
 * A path the direct operators below may apply: a plain field, or a dotted path through embedded
 * documents (not `_id`, no `$`, no empty segment, no name inherited from Object.prototype).
 */
function directPath(path: string): string[] | undefined {
  const parts = path.split('.');
  if (parts[0] === '_id' || parts.some((p) => !p || p.includes('$') || p in Object.prototype)) return undefined;
  return parts;
}

/**
 * The embedded document holding a path's last field, walking `target` (missing documents on the
 * way are created when `create`, else undefined is returned). null when something other than an
 * embedded document is on the way (an array, a scalar, null): mingo applies or rejects that.
 */
function holderOf(target: Doc, parts: string[], create: boolean): Doc | null | undefined {
  let cur: Doc = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (next === undefined) {
      if (!create) return undefined;
      cur = cur[parts[i]] = {};
    } else if (isPlainObject(next)) cur = next;
    else return null;
  }
  return cur;
}

/**
 * `$set` / `$inc` / `$unset` / `$push` of plain fields and of dotted paths through embedded
 * documents (the bulk of real updates: counters, flags, timestamps, a claim's fields, an attempt
 * appended to a log), applied directly with mingo's semantics for those operators: $set skips an
 * equal value and stores a deep copy, $inc adds to a number or a missing field (other types are
 * left alone, as mingo does), $unset deletes, $push appends a deep copy (creating the array);
 * missing embedded documents on a path are created (not by $unset). Even with the trimmed call
 * below, mingo's updater rebuilds its operator tables per call; this does none of that. Returns whether the document changed (as a comparison of the whole documents'
 * canonical keys would say, field by field), or undefined — having changed nothing — for anything
 * else (an array or a scalar on a path among them), which then goes through mingo.
 */
function applySimpleOperators(target: Doc, modifier: Doc): boolean | undefined {
  const steps: Array<{ op: string; parts: string[]; v: unknown }> = [];
  for (const op of Object.keys(modifier)) {
    if (op !== '$set' && op !== '$inc' && op !== '$unset' && op !== '$push') return undefined;
    const fields = modifier[op] as Doc;
    for (const path of Object.keys(fields)) {
      const parts = directPath(path);
      const holder = parts && holderOf(target, parts, false);
      if (!parts || holder === null) return undefined;
      // (a $push onto something other than an array is an error: mingo's to report)
      if (op === '$push' && holder && holder[parts[parts.length - 1]] !== undefined && !Array.isArray(holder[parts[parts.length - 1]])) return undefined;
      const v = fields[path];
      if (op === '$inc' && (typeof v !== 'number' || Number.isNaN(v))) return undefined;
      // (mingo's deep copy would drop an own `__proto__` key: mingo's path gives it a stand-in)
      if (needsStandIns(v)) return undefined;
      if ((op === '$set' || op === '$push') && v === undefined) return undefined;
      // $push of one value onto an array (or a missing field); $each and friends, and a field
      // that is not an array (an error), are mingo's.
      if (op === '$push' && isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'))) return undefined;
      steps.push({ op, parts, v });
    }
  }
  let changed = false;
  for (const { op, parts, v } of steps) {
    const holder = holderOf(target, parts, op !== '$unset');
    if (!holder) continue; // $unset under a missing document
    const field = parts[parts.length - 1];
    const before = holder[field];
    if (op === '$set') {
      if (mingoUtil.isEqual(before, v)) continue;
      holder[field] = mingoUtil.cloneDeep(v);
    } else if (op === '$push') {
      const copy = mingoUtil.cloneDeep(v);
      if (Array.isArray(before)) (before as unknown[]).push(copy);
      else holder[field] = [copy];
      changed = true;
      continue;
    } else if (op === '$inc') {
      if (!((typeof before === 'number' && !Number.isNaN(before)) || before === undefined)) continue;
      holder[field] = ((before as number) || 0) + (v as number);
    } else {
      if (!Object.prototype.hasOwnProperty.call(holder, field)) continue;
      delete holder[field];
      changed = true;
      continue;
    }
    changed ||= before === undefined || keyString(before) !== keyString(holder[field]);
  }
  return changed;
}

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$setOnInsert',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$currentDate',
  '$bit',
]);
const PIPELINE_STAGES = new Set(['$set', '$addFields', '$unset', '$project', '$replaceRoot', '$replaceWith']);
/** A path part that updates an array's elements: `$[]` (all) or `$[id]` (those its array filter matches). */
const ARRAY_PART = /^\$\[(\w*)\]$/;

export type UpdateSpec = Doc | Doc[];

export function isOperatorUpdate(u: UpdateSpec): boolean {
  if (Array.isArray(u)) return false;
  const keys = Object.keys(u);
  return keys.length > 0 && keys[0].startsWith('$');
}

export function validateUpdate(u: unknown): asserts u is UpdateSpec {
  if (Array.isArray(u)) {
    for (const stage of u) {
      const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
      if (!name || !PIPELINE_STAGES.has(name)) {
        throw new MongoError('InvalidOptions', `${name ?? 'stage'} is not allowed to be used within an update`);
      }
    }
    return;
  }
  if (!isPlainObject(u)) throw new MongoError('FailedToParse', 'Update argument must be either an object or an array');
  const keys = Object.keys(u);
  // (a replacement's `$`-prefixed fields are checked against the document it replaces)
  if (!keys.length || !keys[0].startsWith('$')) return;
  const seen: string[] = [];
  // Per path prefix, whether what follows it is an array part (`$[]`, `$[id]`) or a field.
  const children = new Map<string, boolean>();
  const arrayParts = keys.some((op) => isPlainObject(u[op]) && Object.keys(u[op]).some((p) => p.includes('$[')));
  for (const op of keys) {
    if (!OPERATORS.has(op))
      throw new MongoError('FailedToParse', `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`);
    const fields = u[op];
    if (!isPlainObject(fields))
      throw new MongoError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${Array.isArray(fields) ? 'array' : typeof fields} instead. For example: {$mod: {<field>: ...}} not {${op}: ${String(fields)}}`,
      );
    const paths = Object.keys(fields);
    if (op === '$rename') paths.push(...Object.values(fields).map(String));
    for (const p of paths) {
      const clash = seen.find((s) => s === p || s.startsWith(p + '.') || p.startsWith(s + '.'));
      if (clash !== undefined)
        throw new MongoError('ConflictingUpdateOperators', `Updating the path '${p}' would create a conflict at '${clash.length < p.length ? clash : p}'`);
      seen.push(p);
      if (arrayParts) assertOneKindOfChild(p, children);
    }
  }
}

/**
 * `a.$[e].x` beside `a.0.y`, `a.b` or `a.$`: one parent cannot be both an array updated through
 * its elements and a document of fields (ConflictingUpdateOperators, at the parent).
 */
function assertOneKindOfChild(path: string, children: Map<string, boolean>): void {
  const parts = path.split('.');
  let prefix = parts[0];
  for (let i = 1; i < parts.length; i++) {
    const isArrayPart = ARRAY_PART.test(parts[i]);
    if (children.get(prefix) === !isArrayPart)
      throw new MongoError('ConflictingUpdateOperators', `Updating the path '${path}' would create a conflict at '${prefix}'`);
    children.set(prefix, isArrayPart);
    prefix += '.' + parts[i];
  }
}

export interface ApplyOptions {
  arrayFilters?: Doc[];
  /** The statement's filter (for the positional `$` operator). */
  query?: Doc;
  /** True when building an upserted document ($setOnInsert applies). */
  inserting?: boolean;
}

/** An update's result: the updated copy, whether it differs, and its BSON (for the store). */
export interface UpdatedDoc {
  doc: Doc;
  changed: boolean;
  bson: Buffer;
}

/** Returns the updated copy of `doc` (the original is never mutated) and whether it changed. */
export function applyUpdate(doc: Doc, u: UpdateSpec, opts: ApplyOptions = {}): UpdatedDoc {
  let next: Doc;
  if (Array.isArray(u)) {
    next = runPipeline(doc, u);
  } else if (!isOperatorUpdate(u)) {
    if (u._id !== undefined && doc._id !== undefined && keyString(u._id) !== keyString(doc._id)) throw immutableId(doc);
    next = { _id: doc._id, ...cloneDoc(u) };
    if (next._id === undefined) delete next._id;
    if (!opts.inserting) for (const k of Object.keys(next)) if (k.startsWith('$')) assertStorableDollarField(next, k);
  } else {
    next = cloneForUpdate(doc);
    const modifier: Doc = { ...u };
    if (modifier.$setOnInsert) {
      if (opts.inserting) modifier.$set = { ...((modifier.$set as Doc) ?? {}), ...(modifier.$setOnInsert as Doc) };
      delete modifier.$setOnInsert;
    }
    let directChange: boolean | undefined;
    dropUnchangedId(doc, modifier);
    if (opts.query) resolveSiblingPositionals(doc, modifier, opts.query);
    let arrayFilters = opts.arrayFilters;
    if (arrayFilters?.length && resolveArrayFilterPaths(next, modifier, arrayFilters)) arrayFilters = undefined;
    applyLogicalPulls(next, modifier);
    if (Object.keys(modifier).length) {
      assertPushTargets(next, modifier);
      assertViablePaths(next, modifier);
      try {
        if (!arrayFilters?.length && (directChange = applySimpleOperators(next, modifier)) !== undefined) {
          // done: the common $set/$inc/$unset/$push
        } else {
          next = applyWithMingo(next, modifier, arrayFilters, opts.query);
        }
      } catch (e) {
        throw translateMingoError(e, doc);
      }
      if (!opts.inserting) assertStorableDollarFields(doc, next, modifier);
      // (a Binary value set may differ only in its subtype, and a logical $pull was applied
      // before: the whole documents are compared)
      if (applyBinarySets(next, modifier) || u.$pull !== undefined) directChange = undefined;
    }
    if (directChange !== undefined) return finishUpdate(doc, next, directChange);
  }
  return finishUpdate(doc, next);
}

/**
 * The modifier applied by mingo's updater to `next` (in place, or to a copy with stand-ins for the
 * field names mingo cannot take, query/mingo-names.ts); returns the updated document.
 */
function applyWithMingo(next: Doc, modifier: Doc, arrayFilters: Doc[] | undefined, query: Doc | undefined): Doc {
  const standIns = needStandIns(next, modifier, arrayFilters, query);
  const target = standIns ? withStandIns(next, true) : next;
  const mod = standIns ? modifierWithStandIns(modifier) : modifier;
  const filters = standIns && arrayFilters ? withStandIns(arrayFilters) : arrayFilters;
  const condition = standIns && query ? withStandIns(query) : query;
  const split = !filters?.length && splitAllPositional(mod);
  if (split) {
    // Sibling paths under `$[]` (a.$[].x with a.$[].y): mingo sees a conflict at `a`;
    // applying them one at a time is the same update, since `$[]` matches every element.
    for (const part of split) updater.update(target, part, undefined, condition, { cloneMode: 'deep', queryOptions: { context: MONGO_CONTEXT } });
  } else if (isPlainModifier(mod, filters)) {
    // The filter only matters to mingo for the positional `$` (excluded here): the
    // document already matched it.
    updater.update(target, mod, undefined, undefined, { cloneMode: 'deep', queryOptions: { context: UPDATER_CONTEXT } });
  } else {
    // (mingo's root `update` would merge its default operators over MONGO_CONTEXT's)
    updater.update(target, mod, filters, condition, { cloneMode: 'deep', queryOptions: { context: MONGO_CONTEXT } });
  }
  return standIns ? withoutStandIns(target) : target;
}

/** Whether the document, the modifier's paths or values, the array filters or the query hold a name mingo cannot take. */
function needStandIns(doc: Doc, modifier: Doc, arrayFilters: Doc[] | undefined, query: Doc | undefined): boolean {
  for (const [op, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) continue;
    for (const [path, v] of Object.entries(fields)) {
      if (pathNeedsStandIns(path)) return true;
      if (op === '$rename' ? typeof v === 'string' && pathNeedsStandIns(v) : needsStandIns(v)) return true;
    }
  }
  return needsStandIns(doc, true) || (!!arrayFilters && needsStandIns(arrayFilters)) || (!!query && needsStandIns(query));
}

/** The modifier with stand-ins in its paths ($rename's targets included) and its values' field names. */
function modifierWithStandIns(modifier: Doc): Doc {
  const out: Doc = {};
  for (const [op, fields] of Object.entries(modifier)) {
    if (op === '$rename' && isPlainObject(fields)) {
      const renames: Doc = {};
      for (const [from, to] of Object.entries(fields)) defineField(renames, pathWithStandIns(from), typeof to === 'string' ? pathWithStandIns(to) : to);
      out[op] = renames;
    } else out[op] = isPlainObject(fields) ? withStandIns(fields, true) : fields;
  }
  return out;
}

const REPLACEMENT_DOLLAR_FIELD = (name: string): string =>
  `The dollar ($) prefixed field '${name}' in '${name}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`;

/**
 * A `$`-prefixed top-level field an update of a stored document writes: refused as mongod's
 * storage validation refuses it, with DollarPrefixedFieldName (52), or for DBRef's `$ref` /
 * `$id` / `$db` out of their order (`$ref` a string, then `$id`, then `$db` a string)
 * InvalidDBRef (10). Inserts and upserts store such fields; nested ones are stored everywhere.
 */
function assertStorableDollarField(doc: Doc, name: string): void {
  const keys = Object.keys(doc);
  let at = keys.indexOf(name);
  let current = name;
  if (current === '$db') {
    if (typeof doc.$db !== 'string') throw new MongoError('InvalidDBRef', `The DBRef $db field must be a String, not a ${typeNameOf(doc.$db, doc, '$db')}`);
    if (keys[--at] !== '$id') throw new MongoError('InvalidDBRef', 'Found $db field without a $id before it, which is invalid.');
    current = '$id';
  }
  if (current === '$id') {
    if (keys[--at] !== '$ref') throw new MongoError('InvalidDBRef', 'Found $id field without a $ref before it, which is invalid.');
    current = '$ref';
  }
  if (current !== '$ref') throw new MongoError('DollarPrefixedFieldName', REPLACEMENT_DOLLAR_FIELD(name));
  if (typeof doc.$ref !== 'string') throw new MongoError('InvalidDBRef', `The DBRef $ref field must be a String, not a ${typeNameOf(doc.$ref, doc, '$ref')}`);
  if (keys[at + 1] !== '$id') throw new MongoError('InvalidDBRef', 'The DBRef $ref field must be followed by a $id field');
}

/**
 * The `$`-prefixed top-level fields an operator update created or set as a whole (not the ones
 * it only changed beneath, `'$a.b'` of an existing `$a`, nor one set to its own value) pass
 * assertStorableDollarField.
 */
function assertStorableDollarFields(doc: Doc, next: Doc, modifier: Doc): void {
  for (const [op, fields] of Object.entries(modifier)) {
    if (op === '$unset' || !isPlainObject(fields)) continue;
    const paths = op === '$rename' ? Object.values(fields).filter((to): to is string => typeof to === 'string') : Object.keys(fields);
    for (const path of paths) {
      if (path.charCodeAt(0) !== 0x24) continue;
      const top = path.split('.')[0];
      if (!Object.prototype.hasOwnProperty.call(next, top)) continue;
      if (Object.prototype.hasOwnProperty.call(doc, top) && (top !== path || keyString(doc[top]) === keyString(next[top]))) continue;
      assertStorableDollarField(next, top);
    }
  }
}

/** The checks every updated document passes, then the result (`changed` computed when not known). */
function finishUpdate(doc: Doc, next: Doc, changed?: boolean): UpdatedDoc {
  // A pipeline or replacement that drops _id keeps the original one (as mongod does).
  if (next._id === undefined && doc._id !== undefined) next = { _id: doc._id, ...next };
  assertStorableDepth(next, 'update');
  // _id first (the stored order) before encoding; the move changes no size.
  if (next._id !== undefined && Object.keys(next)[0] !== '_id') next = { _id: next._id, ...next };
  const bson = encodeUpdated(next);
  if (doc._id !== undefined && keyString(next._id) !== keyString(doc._id)) throw immutableId(doc);
  return { doc: next, changed: changed ?? keyString(next) !== keyString(doc), bson };
}

/** MongoDB's name of a value's BSON type, as its error messages print it. */
function bsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (v instanceof Date) return 'date';
  if (Array.isArray(v)) return 'array';
  const t = (v as { _bsontype?: string } | undefined)?._bsontype;
  if (t === 'ObjectId') return 'objectId';
  if (t) return t.toLowerCase();
  return 'object';
}

const LOGICAL_OPS = new Set(['$and', '$or', '$nor']);

/**
 * `$pull: { items: { $or: [{ a: 1 }, { b: 3 }] } }`: a condition with `$and` / `$or` / `$nor` at
 * its top is a query on each element as a document (mingo would read it as a condition on a
 * scalar). Applied here, on plain paths, and removed from the modifier.
 */
function applyLogicalPulls(next: Doc, modifier: Doc): void {
  const pull = modifier.$pull;
  if (!isPlainObject(pull)) return;
  let rest: Doc | undefined;
  for (const [path, cond] of Object.entries(pull)) {
    if (!isPlainObject(cond) || path.includes('$') || !Object.keys(cond).some((k) => LOGICAL_OPS.has(k))) continue;
    rest ??= { ...pull };
    delete rest[path];
    const test = mongoQuery(cond);
    const parts = path.split('.');
    let parent: unknown = next;
    for (const p of parts.slice(0, -1)) parent = isPlainObject(parent) ? ownField(parent, p) : undefined;
    const key = parts[parts.length - 1];
    const arr = ownField(parent, key);
    if (!isPlainObject(parent) || !Array.isArray(arr)) continue;
    const tags = (arr as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
    const kept: unknown[] = [];
    const keptTags: NumTypeTable = {};
    arr.forEach((el, i) => {
      if (isPlainObject(el) && test.test(el)) return;
      if (tags?.[i]) keptTags[kept.length] = tags[i];
      kept.push(el);
    });
    if (kept.length === arr.length) continue;
    if (tags) (kept as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES] = keptTags;
    defineField(parent, key, kept);
  }
  if (!rest) return;
  if (Object.keys(rest).length) modifier.$pull = rest;
  else delete modifier.$pull;
}

/** `$set: {_id: <its current value>}` is a no-op MongoDB allows (a changed _id is ImmutableField). */
function dropUnchangedId(doc: Doc, modifier: Doc): void {
  const set = modifier.$set;
  if (!isPlainObject(set) || !Object.prototype.hasOwnProperty.call(set, '_id')) return;
  if (doc._id === undefined || keyString(set._id) !== keyString(doc._id)) throw immutableId(doc);
  const { _id, ...rest } = set;
  void _id;
  if (Object.keys(rest).length) modifier.$set = rest;
  else delete modifier.$set;
}

/**
 * Sibling paths under one positional parent (`a.$.x` with `a.$.y`) are one update to one element
 * for MongoDB, a conflict at `a` for mingo. When they occur, the `$` is resolved here to the index
 * of the first element the query's conditions on that array match (MongoDB's rule) and the paths
 * rewritten to `a.<index>.x`. Single positional paths keep going through mingo unchanged.
 */
function resolveSiblingPositionals(doc: Doc, modifier: Doc, query: Doc): void {
  const count = new Map<string, number>();
  for (const op of Object.keys(modifier)) {
    if (!isPlainObject(modifier[op])) continue;
    for (const path of Object.keys(modifier[op] as Doc)) {
      const at = path.indexOf('.$.');
      if (at >= 0 && !path.endsWith('.$')) count.set(path.slice(0, at), (count.get(path.slice(0, at)) ?? 0) + 1);
    }
  }
  for (const [parent, n] of count) {
    if (n < 2 || parent.includes('$')) continue;
    const array = getOwnPath(doc, parent);
    if (!Array.isArray(array)) continue;
    const conditions: Doc = {};
    for (const [k, v] of Object.entries(query)) if (k === parent || k.startsWith(parent + '.')) conditions[k] = v;
    if (!Object.keys(conditions).length) continue; // mingo reports the missing positional match
    const test = mongoQuery(conditions);
    const index = array.findIndex((el) => test.test(setOwnPath({}, parent, [el])));
    if (index < 0) continue;
    for (const op of Object.keys(modifier)) {
      const fields = modifier[op];
      if (!isPlainObject(fields)) continue;
      modifier[op] = Object.fromEntries(
        Object.entries(fields).map(([p, v]) => [p.startsWith(parent + '.$.') ? `${parent}.${index}.${p.slice(parent.length + 3)}` : p, v]),
      );
    }
  }
}

function getOwnPath(doc: Doc, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) cur = ownField(cur, part);
  return cur;
}

function setOwnPath(target: Doc, path: string, value: unknown): Doc {
  const parts = path.split('.');
  let cur = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const next: Doc = {};
    defineField(cur, parts[i], next);
    cur = next;
  }
  defineField(cur, parts[parts.length - 1], value);
  return target;
}

/** Operators that create the fields their paths name (so a path through a scalar cannot exist). */
const CREATING_OPERATORS = ['$set', '$inc', '$mul', '$min', '$max', '$push', '$addToSet', '$currentDate', '$bit'];

/**
 * A plain dotted path (no positional parts) that runs into a scalar, or into an array with a
 * non-numeric part, cannot be created: MongoDB answers PathNotViable (28) where mingo would
 * silently do nothing.
 */
function assertViablePaths(doc: Doc, modifier: Doc): void {
  for (const op of CREATING_OPERATORS) {
    const fields = modifier[op];
    if (!isPlainObject(fields)) continue;
    for (const path of Object.keys(fields)) {
      if (!path.includes('.') || path.includes('$')) continue;
      const parts = path.split('.');
      let cur: unknown = doc;
      for (let i = 0; i < parts.length - 1; i++) {
        const value: unknown = Array.isArray(cur) ? (/^\d+$/.test(parts[i]) ? cur[Number(parts[i])] : undefined) : ownField(cur, parts[i]);
        if (value === undefined || value === null) break; // missing: created as objects
        const next = parts[i + 1];
        const viable = Array.isArray(value) ? /^\d+$/.test(next) : isPlainObject(value);
        if (!viable) throw new MongoError('PathNotViable', `Cannot create field '${next}' in element {${parts[i]}: ${renderValue(value)}}`);
        cur = value;
      }
    }
  }
}

/** A field's own value: names like `constructor` must not find Object.prototype's. */
function ownField(container: unknown, name: string): unknown {
  if (container === null || typeof container !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(container, name) ? (container as Doc)[name] : undefined;
}

function isBinary(v: unknown): boolean {
  return (v as { _bsontype?: string } | null)?._bsontype === 'Binary';
}

/**
 * mingo's $set skips a value it considers equal, and it compares Binary values by bytes only:
 * a subtype-only change (generic 0 to UUID 4) would be lost. Binary values are assigned anyway.
 */
function applyBinarySets(doc: Doc, modifier: Doc): boolean {
  const set = modifier.$set;
  if (!isPlainObject(set)) return false;
  let assigned = false;
  for (const path of Object.keys(set)) {
    if (!isBinary(set[path]) || path.includes('$')) continue;
    const parts = path.split('.');
    let cur: unknown = doc;
    for (let i = 0; i < parts.length - 1 && cur !== undefined; i++) cur = ownField(cur, parts[i]);
    if (isPlainObject(cur) || Array.isArray(cur)) {
      defineField(cur, parts[parts.length - 1], set[path]);
      assigned = true;
    }
  }
  return assigned;
}

/**
 * An operator document whose `$[]` paths share an array parent, split into one modifier per such
 * path (the rest in the first), or undefined when there is nothing to split.
 */
function splitAllPositional(modifier: Doc): Doc[] | undefined {
  const parents = new Map<string, number>();
  for (const op of Object.keys(modifier)) {
    for (const path of Object.keys(modifier[op] as Doc)) {
      const at = path.indexOf('.$[].');
      if (at >= 0) parents.set(path.slice(0, at), (parents.get(path.slice(0, at)) ?? 0) + 1);
    }
  }
  if (![...parents.values()].some((n) => n > 1)) return undefined;
  const parts: Doc[] = [{}];
  for (const op of Object.keys(modifier)) {
    for (const [path, value] of Object.entries(modifier[op] as Doc)) {
      const at = path.indexOf('.$[].');
      const target = at >= 0 && parents.get(path.slice(0, at))! > 1 ? (parts.push({}), parts[parts.length - 1]) : parts[0];
      ((target[op] ??= {}) as Doc)[path] = value;
    }
  }
  return parts.filter((p) => Object.keys(p).length);
}

/**
 * Paths that reach one array's elements through `$[…]` beside each other (`a.$[e].x` with
 * `a.$[e].y`, or with `a.$[f].y` or `a.$[].y`) update each element they match for MongoDB, and are
 * a conflict at `a` for mingo. When a modifier has such siblings, each `$[…]` part of its paths is
 * resolved here against the document (an element matches `$[id]` when id's array filter matches
 * it, tested as mingo tests it; `$[]` matches every element), and the paths are rewritten to the
 * indexes they reach. Two resolved paths that meet are MongoDB's ConflictingUpdateOperators
 * `Update created a conflict at 'a.0.x'`. Returns whether the modifier was rewritten (its array
 * filters are then spent); positional `$` paths, `$rename` and identifiers without a filter stay
 * mingo's.
 */
function resolveArrayFilterPaths(doc: Doc, modifier: Doc, arrayFilters: Doc[]): boolean {
  const parents = new Set<string>();
  const ids = new Set<string>();
  let siblings = false;
  for (const [op, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) return false;
    for (const path of Object.keys(fields)) {
      const parts = path.split('.');
      const at = parts.findIndex((p) => ARRAY_PART.test(p));
      if (parts.includes('$')) return false;
      if (at < 0) continue;
      if (op === '$rename') return false;
      const parent = parts.slice(0, at).join('.');
      siblings ||= parents.has(parent);
      parents.add(parent);
      for (const p of parts) {
        const id = ARRAY_PART.exec(p)?.[1];
        if (id) ids.add(id);
      }
    }
  }
  if (!siblings) return false;
  // mingo's grouping: each filter field belongs to the identifier before its first dot.
  const grouped = new Map<string, Doc>();
  for (const filter of arrayFilters) {
    if (!isPlainObject(filter)) return false;
    for (const [k, v] of Object.entries(filter)) {
      const id = k.includes('.') ? k.slice(0, k.indexOf('.')) : k;
      if (!grouped.has(id)) grouped.set(id, {});
      defineField(grouped.get(id)!, k, v);
    }
  }
  const tests = new Map<string, (el: unknown) => boolean>();
  for (const id of ids) {
    const filter = grouped.get(id);
    if (!filter) return false;
    const query = mongoQuery(filter);
    tests.set(id, (el) => query.test({ [id]: [el] }));
  }
  const resolved: Array<{ parts: string[]; at: string[] }> = [];
  const rewritten: Doc = {};
  for (const [op, fields] of Object.entries(modifier)) {
    const out: Doc = {};
    for (const [path, value] of Object.entries(fields as Doc)) {
      const parts = path.split('.');
      const reached: string[][] = [];
      if (parts.some((p) => ARRAY_PART.test(p))) reachElements(doc, parts, 0, [], tests, reached);
      else reached.push(parts);
      for (const at of reached) {
        const other = resolved.find((r) => r.parts !== parts && meets(r.at, at));
        if (other) throw new MongoError('ConflictingUpdateOperators', `Update created a conflict at '${conflictPath(other, { parts, at })}'`);
        resolved.push({ parts, at });
        defineField(out, at.join('.'), value);
      }
    }
    if (Object.keys(out).length) rewritten[op] = out;
  }
  for (const op of Object.keys(modifier)) delete modifier[op];
  Object.assign(modifier, rewritten);
  return true;
}

/**
 * The index paths `parts` reaches from `value` (from part `i`, `prefix` taken so far): each `$[…]`
 * part becomes the index of every element it matches; an array part over something other than
 * an array reaches nothing (mingo leaves it alone).
 */
function reachElements(value: unknown, parts: string[], i: number, prefix: string[], tests: Map<string, (el: unknown) => boolean>, out: string[][]): void {
  let cur = value;
  const taken = [...prefix];
  for (let k = i; k < parts.length; k++) {
    const id = ARRAY_PART.exec(parts[k])?.[1];
    if (id !== undefined) {
      if (!Array.isArray(cur)) return;
      const test = id ? tests.get(id)! : undefined;
      cur.forEach((el, j) => {
        if (!test || test(el)) reachElements(el, parts, k + 1, [...taken, String(j)], tests, out);
      });
      return;
    }
    taken.push(parts[k]);
    cur = Array.isArray(cur) ? (/^\d+$/.test(parts[k]) ? cur[Number(parts[k])] : undefined) : ownField(cur, parts[k]);
  }
  out.push(taken);
}

/** Whether two index paths are one, or one lies under the other. */
function meets(a: string[], b: string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Where MongoDB reports two resolved paths meeting: up to the shorter one, the parts both paths
 * spell alike as written (a shared `$[k]` stays), the others as the indexes they reached.
 */
function conflictPath(a: { parts: string[]; at: string[] }, b: { parts: string[]; at: string[] }): string {
  const n = Math.min(a.at.length, b.at.length);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(a.parts[i] === b.parts[i] ? a.parts[i] : a.at[i]);
  return out.join('.');
}

/**
 * `$push` onto a field (top-level, or through embedded documents) holding something other than
 * an array fails, as in MongoDB, which names the field by its last segment.
 */
function assertPushTargets(doc: Doc, modifier: Doc): void {
  if (!isPlainObject(modifier.$push)) return;
  for (const path of Object.keys(modifier.$push)) {
    const parts = directPath(path);
    if (!parts) continue;
    const holder = holderOf(doc, parts, false);
    const field = parts[parts.length - 1];
    const current = holder && Object.prototype.hasOwnProperty.call(holder, field) ? holder[field] : undefined;
    if (current !== undefined && !Array.isArray(current)) {
      throw new MongoError(
        'BadValue',
        `The field '${field}' must be an array but is of type ${bsonTypeName(current)} in document {_id: ${renderValue(doc._id)}}`,
      );
    }
  }
}

function runPipeline(doc: Doc, stages: Doc[]): Doc {
  try {
    const out = new Aggregator(stages).run([cloneDoc(doc)]);
    return (out[0] as Doc) ?? {};
  } catch (e) {
    throw translateMingoError(e, doc);
  }
}

function immutableId(doc: Doc): MongoError {
  void doc;
  return new MongoError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
}

function translateMingoError(e: unknown, doc: Doc): MongoError {
  if (e instanceof MongoError) return e;
  const msg = messageWithoutStandIns((e as Error).message ?? String(e));
  if (/immutable field/.test(msg)) return immutableId(doc);
  if (/number|numeric/i.test(msg)) return new MongoError('TypeMismatch', `${msg} (document _id: ${String(doc._id)})`);
  return new MongoError('BadValue', msg);
}

/** Sets a dotted path in a plain object, creating intermediate objects. */
function setPath(target: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = target;
  for (let i = 0; i < parts.length - 1; i++) {
    let next = ownField(cur, parts[i]);
    if (!isPlainObject(next)) defineField(cur, parts[i], (next = {}));
    cur = next as Doc;
  }
  defineField(cur, parts[parts.length - 1], cloneDoc(value));
}

/** The equality fields of a filter, as the base document of an upsert (MongoDB semantics). */
export function upsertSeed(filter: Doc, out: Doc = {}): Doc {
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (key === '$and' && Array.isArray(value)) {
      for (const sub of value) if (isPlainObject(sub)) upsertSeed(sub, out);
      continue;
    }
    if (key.startsWith('$')) continue;
    if (isPlainObject(value)) {
      const keys = Object.keys(value);
      if (keys.length && keys.every((k) => k.startsWith('$'))) {
        if ('$eq' in value) setPath(out, key, value.$eq);
        continue;
      }
    }
    setPath(out, key, value);
  }
  return out;
}

/** Builds the document an upsert inserts. */
export function buildUpsert(filter: Doc, u: UpdateSpec, opts: ApplyOptions): Doc {
  const seed = upsertSeed(filter);
  let doc: Doc;
  if (!Array.isArray(u) && !isOperatorUpdate(u)) {
    doc = { ...cloneDoc(u) };
    if (doc._id === undefined && seed._id !== undefined) doc._id = seed._id;
    assertStorableDepth(doc, 'update');
  } else {
    // No `query` here: the seed need not match the filter's operator conditions.
    doc = applyUpdate(seed, u, { arrayFilters: opts.arrayFilters, inserting: true }).doc;
  }
  if (doc._id === undefined) doc._id = new ObjectId();
  if (Object.keys(doc)[0] !== '_id') doc = { _id: doc._id, ...doc };
  return doc;
}
