// One secondary (or _id) index: a sorted list of (key tuple, id) entries (for equality lookups,
// range scans and sorted walks with early stop) plus, for unique and collated indexes only, a
// hash map from the canonical key string to document ids (unique checks; collation-equal
// strings, which the binary-ordered list cannot find). Keys follow MongoDB: a missing field indexes as null,
// an array field indexes each element ("multikey"), sparse indexes skip documents without any of
// the fields, partial indexes skip documents not matching partialFilterExpression.
import { Collation, parseCollation } from '../query/collation';
import { mongoQuery } from '../query/operators';
import { MongoError } from '../errors';
import { compareObjectIds, compareValues, Doc, getPath, keyString, renderValue, toNumber, typeRank } from '../bson/values';
import { EntryRef, SortedEntries } from './sorted-list';
import { ObjectId } from 'bson';

export interface IndexSpec extends Doc {
  v: number;
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
}

/**
 * One entry of the sorted list, where it is stored: the document's id, then its key's values in
 * the index's field order (the list keeps them by column, see sorted-list.ts). An `_id`
 * field has no slot of its own while every id in the index is an ObjectId's: the id stands for
 * it (see IndexStore.keyAt).
 */
export type IndexEntry = EntryRef;

/** The id of the document an entry stands for. */
export function entryId(e: IndexEntry): string {
  return e.block.at(e.row, 0) as string;
}

/**
 * Entries hold a date as a BigInt of its milliseconds: 24 bytes of heap against a Date's 96, and
 * nothing else an index holds is a bigint (the codec decodes Int64 to numbers or Longs), so the
 * type says what it was. A block's column of dates keeps their milliseconds unboxed
 * (sorted-list.ts), so a BigInt is kept only where a column holds one value or mixed types, and
 * sharing one BigInt per Date object would save nothing more.
 */
function packKey(v: unknown): unknown {
  if (!(v instanceof Date)) return v;
  const ms = v.getTime();
  // (a BSON date outside JavaScript's range decodes as an invalid Date: kept as it is)
  return Number.isFinite(ms) ? BigInt(ms) : v;
}

function unpackKey(v: unknown): unknown {
  return typeof v === 'bigint' ? new Date(Number(v)) : v;
}

/** True for the id of a document whose `_id` is an ObjectId ('o' and its 12 bytes: objectIdKey). */
function isObjectIdKey(id: string): boolean {
  return id.length === 13 && id.charCodeAt(0) === 111;
}

/** The ObjectId an ObjectId's id stands for. */
function objectIdOfKey(id: string): ObjectId {
  const bytes = new Uint8Array(12);
  for (let i = 0; i < 12; i++) bytes[i] = id.charCodeAt(i + 1);
  return new ObjectId(bytes);
}

export interface IndexKey {
  parts: unknown[];
  /**
   * The canonical key string, built only by indexes that keep a key hash (unique, collated):
   * the others never need it, and building it would cost every update.
   */
  str?: string;
}

/** Options that, when different, make two index specs "conflict" (MongoDB IndexOptionsConflict). */
const SIGNIFICANT_OPTIONS = ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'collation'] as const;

export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  return SIGNIFICANT_OPTIONS.every((o) => keyString(a[o] ?? null) === keyString(b[o] ?? null) || (o === 'unique' && !a[o] === !b[o]));
}

export class IndexStore {
  readonly fields: Array<[string, number]>;
  private readonly paths: string[][];
  readonly unique: boolean;
  readonly sparse: boolean;
  private readonly partial?: ReturnType<typeof mongoQuery>;
  /**
   * Unique and collated indexes only: a hash entry per key costs about as much memory as the
   * sorted entry, and the other indexes answer equality from the sorted list.
   */
  private readonly byKey?: KeyIds;
  sorted: SortedEntries;
  /**
   * Where each key field's value sits in an entry (after the id in slot 0); 0 for an `_id` field
   * while every id in the index is an ObjectId's. Such an id ('o' and the 12 bytes) orders as
   * the ObjectId does, so the id stands for the value: one slot and one kept ObjectId (56 bytes)
   * fewer per entry. The first other id gives the field a slot of its own (materializeIdField).
   */
  private slotOf: number[];
  /**
   * Which key positions ever held an array ("multikey"). A range scan on such a position, or a
   * sorted walk or index-only count with one past the equality prefix, would see a document
   * under several keys; fixed by an equality, each document appears once, in order.
   */
  private readonly multikeyFields = new Set<number>();
  /** The index's collation: its hash keys hold strings as collation keys (equal under it). */
  readonly collation?: Collation;

  /**
   * `storedIds`: the collection's documents by id. The `_id` index (without a collation) answers
   * its unique checks from it: its key string is the id, so a hash of its own would repeat it.
   */
  constructor(
    readonly spec: IndexSpec,
    storedIds?: ReadonlyMap<string, unknown>,
  ) {
    this.collation = parseCollation(spec.collation);
    this.fields = Object.entries(spec.key).map(([path, dir]) => [path, typeof dir === 'string' ? 1 : toNumber(dir) < 0 ? -1 : 1]);
    this.paths = this.fields.map(([p]) => p.split('.'));
    this.unique = !!spec.unique || spec.name === '_id_';
    this.sparse = !!spec.sparse;
    if (spec.partialFilterExpression) this.partial = mongoQuery(spec.partialFilterExpression);
    if (this.unique || this.collation) this.byKey = spec.name === '_id_' && !this.collation && storedIds ? new StoredIds(storedIds) : new Map();
    const idField = this.fields.findIndex(([path]) => path === '_id');
    this.slotOf = this.fields.map((_, i) => (i === idField ? 0 : idField >= 0 && i > idField ? i : i + 1));
    this.sorted = this.newEntries();
  }

  private newEntries(): SortedEntries {
    const dirs = this.fields.map((f) => f[1]);
    const slotOf = this.slotOf;
    const width = 1 + slotOf.filter((s) => s > 0).length;
    return new SortedEntries(width, (a, ar, b, br) => {
      for (let i = 0; i < dirs.length; i++) {
        const x = a.at(ar, slotOf[i]);
        const y = b.at(br, slotOf[i]);
        // Fast paths for the common same-typed keys (strings, numbers, dates as BigInts,
        // ObjectIds); compareValues handles the rest.
        const t = typeof x;
        const c =
          t === typeof y && (t === 'string' || t === 'number' || t === 'bigint')
            ? x! < y!
              ? -1
              : x! > y!
                ? 1
                : 0
            : isObjectId(x) && isObjectId(y)
              ? compareObjectIds(x, y)
              : compareValues(unpackKey(x), unpackKey(y));
        if (c) return c * dirs[i];
      }
      const ia = a.at(ar, 0) as string;
      const ib = b.at(br, 0) as string;
      return ia < ib ? -1 : ia > ib ? 1 : 0;
    });
  }

  /** The entry's value for the index's field `i`. */
  keyAt(e: IndexEntry, i: number): unknown {
    const slot = this.slotOf[i];
    return slot ? unpackKey(e.block.at(e.row, slot)) : objectIdOfKey(entryId(e));
  }

  /** The slots of the entry for key `parts` of the document under `id` (to insert or remove). */
  private entryOf(id: string, parts: unknown[]): unknown[] {
    const slotOf = this.slotOf;
    const e = new Array<unknown>(this.sorted.width);
    e[0] = id;
    for (let i = 0; i < parts.length; i++) if (slotOf[i]) e[slotOf[i]] = packKey(parts[i]);
    return e;
  }

  /**
   * Gives the `_id` field a slot of its own, for a document whose `_id` is not an ObjectId: the
   * entries are rebuilt once (in order: the ObjectIds they read back keep it), and later ones
   * store the value as any other field.
   */
  private materializeIdField(): void {
    const old = this.sorted;
    const oldSlots = this.slotOf;
    this.slotOf = this.fields.map((_, i) => i + 1);
    this.sorted = this.newEntries();
    for (const e of old.forward()) {
      const id = entryId(e);
      const full = [id, ...oldSlots.map((slot) => (slot ? e.block.at(e.row, slot) : objectIdOfKey(id)))];
      this.sorted.insert(full);
    }
  }

  get name(): string {
    return this.spec.name;
  }

  /** The keys a document contributes, or null when the index does not cover it. */
  keysFor(doc: Doc): IndexKey[] | null {
    if (this.partial && !this.partial.test(doc)) return null;
    if (this.paths.length === 1) {
      // Single-field fast path.
      const v = getPath(doc, this.paths[0]);
      if (this.sparse && v === undefined) return null;
      if (!Array.isArray(v)) return [this.keyFor([v ?? null])];
      this.multikeyFields.add(0);
      return (v.length ? dedupe(v) : [null]).map((x) => this.keyFor([x]));
    }
    const perField: unknown[][] = [];
    let anyPresent = false;
    for (const [i, path] of this.paths.entries()) {
      const v = getPath(doc, path);
      if (v !== undefined) anyPresent = true;
      if (Array.isArray(v)) {
        this.multikeyFields.add(i);
        perField.push(v.length ? dedupe(v) : [null]);
      } else perField.push([v ?? null]);
    }
    if (this.sparse && !anyPresent) return null;
    let combos: unknown[][] = [[]];
    for (const values of perField) {
      if (values.length === 1) combos.forEach((c) => c.push(values[0]));
      else combos = combos.flatMap((c) => values.map((v) => [...c, v]));
    }
    // The sorted list copies each key's values into its blocks: these arrays, grown by push, are
    // not kept.
    return combos.map((parts) => this.keyFor(parts));
  }

  private keyFor(parts: unknown[]): IndexKey {
    return this.byKey ? { parts, str: this.keyOf(parts) } : { parts };
  }

  /** A key's canonical string (the hash key of unique and collated indexes). */
  hashOf(key: IndexKey): string {
    return key.str ?? this.keyOf(key.parts);
  }

  /** A value as the hash holds it: strings replaced by their collation keys. */
  private collate(v: unknown): unknown {
    const c = this.collation!;
    if (typeof v === 'string') return c.key(v);
    if (Array.isArray(v)) return v.map((x) => this.collate(x));
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const out: Doc = {};
      for (const [k, x] of Object.entries(v)) out[k] = this.collate(x);
      return out;
    }
    return v;
  }

  /** The hash key of a tuple of field values (collated for a collation index). */
  keyOf(parts: unknown[]): string {
    return partsKey(this.collation ? parts.map((p) => this.collate(p)) : parts);
  }

  /** True when key position `k` has held an array. */
  isMultikeyAt(k: number): boolean {
    return this.multikeyFields.has(k);
  }

  /** True when any key position from `k` on has held an array. */
  hasMultikeyFrom(k: number): boolean {
    for (const i of this.multikeyFields) if (i >= k) return true;
    return false;
  }

  add(id: string, doc: Doc): void {
    const keys = this.keysFor(doc);
    if (keys) this.addKeys(id, keys);
  }

  /**
   * Moves a document's entries from its previous version's keys to its new ones. An update that
   * changes no field of this index (the _id index on every update, most indexes on most updates)
   * touches nothing: the keys are computed once each and compared.
   */
  replace(id: string, prev: Doc, doc: Doc): void {
    // Indexed values left as they were (the same value, or an equal date): no keys to build.
    if (!this.partial && this.paths.every((p) => sameStoredValue(getPath(prev, p), getPath(doc, p)))) return;
    const before = this.keysFor(prev);
    const after = this.keysFor(doc);
    if (sameKeys(before, after)) return;
    if (before) this.removeKeys(id, before);
    if (after) this.addKeys(id, after);
  }

  private addKeys(id: string, keys: IndexKey[]): void {
    const byKey = this.byKey;
    for (const key of keys) {
      if (byKey) {
        const str = this.hashOf(key);
        const cur = byKey.get(str);
        // The _id index's key string is the document's id: one string kept, not two equal ones.
        if (cur === undefined) byKey.set(str === id ? id : str, id);
        else if (typeof cur === 'string') byKey.set(str, new Set([cur, id]));
        else cur.add(id);
      }
      if (!isObjectIdKey(id) && this.slotOf.includes(0)) this.materializeIdField();
      this.sorted.insert(this.entryOf(id, key.parts));
    }
  }

  remove(id: string, doc: Doc): void {
    const keys = this.keysFor(doc);
    if (keys) this.removeKeys(id, keys);
  }

  private removeKeys(id: string, keys: IndexKey[]): void {
    const byKey = this.byKey;
    for (const key of keys) {
      const str = byKey ? this.hashOf(key) : '';
      const cur = byKey?.get(str);
      if (cur === id) byKey!.delete(str);
      else if (cur instanceof Set) {
        cur.delete(id);
        if (cur.size === 1) byKey!.set(str, cur.values().next().value as string);
      }
      this.sorted.remove(this.entryOf(id, key.parts));
    }
  }

  /**
   * Ids of the documents whose first key field holds a date at or before `cutoffMs` (a TTL
   * index's expired documents), read from the sorted entries: only the expired stretch is walked.
   */
  expiredIds(cutoffMs: number): Set<string> {
    const ids = new Set<string>();
    const rank = (e: IndexEntry) => typeRank(this.keyAt(e, 0));
    const expired = (e: IndexEntry) => {
      const v = this.keyAt(e, 0);
      return v instanceof Date && v.getTime() <= cutoffMs;
    };
    // Ascending: dates follow the lower-ranked types, oldest first. Descending: the expired dates
    // end the date stretch.
    const start =
      this.fields[0][1] > 0
        ? this.sorted.seek((e) => rank(e) < DATE_RANK)
        : this.sorted.seek((e) => rank(e) > DATE_RANK || (rank(e) === DATE_RANK && !expired(e)));
    for (const e of this.sorted.forward(start)) {
      if (!expired(e)) break;
      ids.add(entryId(e));
    }
    return ids;
  }

  /** Ids under a canonical key string: unique (and collated) indexes, which keep the hash. */
  idsFor(str: string): Iterable<string> {
    if (!this.byKey) throw new Error(`index ${this.name} keeps no key hash`);
    const cur = this.byKey.get(str);
    if (cur === undefined) return [];
    return typeof cur === 'string' ? [cur] : cur;
  }

  /** Ids whose key equals the tuple `parts` (every field fixed): the hash, or the sorted stretch. */
  idsForParts(parts: unknown[]): Iterable<string> {
    if (this.byKey) return this.idsFor(this.keyOf(parts));
    const dirs = this.fields.map((f) => f[1]);
    const pos = (e: IndexEntry): number => {
      for (let i = 0; i < parts.length; i++) {
        const c = compareValues(this.keyAt(e, i), parts[i]);
        if (c) return c * dirs[i];
      }
      return 0;
    };
    const ids: string[] = [];
    for (const e of this.sorted.forward(this.sorted.seek((e) => pos(e) < 0))) {
      if (pos(e) !== 0) break;
      ids.push(entryId(e));
    }
    return ids;
  }

  clear(): void {
    this.byKey?.clear();
    this.sorted.clear();
    this.multikeyFields.clear();
  }

  duplicateKeyError(ns: string, key: IndexKey): MongoError {
    const keyPattern: Doc = {};
    const keyValue: Doc = {};
    this.fields.forEach(([path], i) => {
      keyPattern[path] = this.spec.key[path];
      keyValue[path] = key.parts[i];
    });
    const rendered = this.fields.map(([path], i) => `${path}: ${renderValue(key.parts[i])}`).join(', ');
    return new MongoError('DuplicateKey', `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: { ${rendered} }`, {
      keyPattern,
      keyValue,
    });
  }
}

const DATE_RANK = typeRank(new Date(0));

function isObjectId(v: unknown): v is { id: Uint8Array } {
  return (v as { _bsontype?: string } | null)?._bsontype === 'ObjectId';
}

/** True for values an index keys identically without looking further: one value, or equal dates. */
function sameStoredValue(a: unknown, b: unknown): boolean {
  return a === b || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());
}

function sameKeys(a: IndexKey[] | null, b: IndexKey[] | null): boolean {
  if (!a || !b) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.str !== undefined && y.str !== undefined) {
      if (x.str !== y.str) return false;
    } else if (x.parts.some((v, j) => compareValues(v, y.parts[j]) !== 0)) return false;
  }
  return true;
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = keyString(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Ids by canonical key string: a document's id, or the set of them when several share the key. */
interface KeyIds {
  get(str: string): Set<string> | string | undefined;
  set(str: string, ids: Set<string> | string): void;
  delete(str: string): void;
  clear(): void;
}

/**
 * The `_id` index's key hash, read from the collection's documents (each stored under its id,
 * which is its `_id`'s key string): present or not, nothing to keep in step.
 */
class StoredIds implements KeyIds {
  constructor(private readonly docs: ReadonlyMap<string, unknown>) {}

  get(str: string): string | undefined {
    return this.docs.has(str) ? str : undefined;
  }

  set(): void {}

  delete(): void {}

  clear(): void {}
}

export function partsKey(parts: unknown[]): string {
  return parts.length === 1 ? keyString(parts[0]) : keyString(parts);
}
