// One secondary (or _id) index: a hash map from the canonical key string to document ids (for
// unique checks and equality lookups) plus a sorted list of (key tuple, id) entries (for range
// scans and sorted walks with early stop). Keys follow MongoDB: a missing field indexes as null,
// an array field indexes each element ("multikey"), sparse indexes skip documents without any of
// the fields, partial indexes skip documents not matching partialFilterExpression.
import { Collation, parseCollation } from '../query/collation';
import { mongoQuery } from '../query/operators';
import { MongoError } from '../errors';
import { compareValues, Doc, getPath, keyString, renderValue, toNumber } from '../bson/values';
import { SortedList } from './sorted-list';

export interface IndexSpec extends Doc {
  v: number;
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
}

export interface IndexEntry {
  k: unknown[];
  id: string;
}

export interface IndexKey {
  parts: unknown[];
  str: string;
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
  readonly byKey = new Map<string, Set<string> | string>();
  readonly sorted: SortedList<IndexEntry>;
  /**
   * Which key positions ever held an array ("multikey"). A range scan on such a position, or a
   * sorted walk or index-only count with one past the equality prefix, would see a document
   * under several keys; fixed by an equality, each document appears once, in order.
   */
  private readonly multikeyFields = new Set<number>();
  /** The index's collation: its hash keys hold strings as collation keys (equal under it). */
  readonly collation?: Collation;

  constructor(readonly spec: IndexSpec) {
    this.collation = parseCollation(spec.collation);
    this.fields = Object.entries(spec.key).map(([path, dir]) => [path, typeof dir === 'string' ? 1 : toNumber(dir) < 0 ? -1 : 1]);
    this.paths = this.fields.map(([p]) => p.split('.'));
    this.unique = !!spec.unique || spec.name === '_id_';
    this.sparse = !!spec.sparse;
    if (spec.partialFilterExpression) this.partial = mongoQuery(spec.partialFilterExpression);
    const dirs = this.fields.map((f) => f[1]);
    this.sorted = new SortedList<IndexEntry>((a, b) => {
      for (let i = 0; i < dirs.length; i++) {
        const x = a.k[i];
        const y = b.k[i];
        // Fast path for the common same-typed primitives; compareValues handles the rest.
        const c = typeof x === typeof y && (typeof x === 'string' || typeof x === 'number') ? (x! < y! ? -1 : x! > y! ? 1 : 0) : compareValues(x, y);
        if (c) return c * dirs[i];
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
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
      if (!Array.isArray(v)) return [{ parts: [v ?? null], str: this.collation ? keyString(this.collate(v)) : keyString(v) }];
      this.multikeyFields.add(0);
      return (v.length ? dedupe(v) : [null]).map((x) => ({ parts: [x], str: this.collation ? keyString(this.collate(x)) : keyString(x) }));
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
    return combos.map((parts) => ({ parts, str: this.keyOf(parts) }));
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
    if (!keys) return;
    for (const key of keys) {
      const cur = this.byKey.get(key.str);
      if (cur === undefined) this.byKey.set(key.str, id);
      else if (typeof cur === 'string') this.byKey.set(key.str, new Set([cur, id]));
      else cur.add(id);
      this.sorted.insert({ k: key.parts, id });
    }
  }

  remove(id: string, doc: Doc): void {
    const keys = this.keysFor(doc);
    if (!keys) return;
    for (const key of keys) {
      const cur = this.byKey.get(key.str);
      if (cur === id) this.byKey.delete(key.str);
      else if (cur instanceof Set) {
        cur.delete(id);
        if (cur.size === 1) this.byKey.set(key.str, cur.values().next().value as string);
      }
      this.sorted.remove({ k: key.parts, id });
    }
  }

  idsFor(str: string): Iterable<string> {
    const cur = this.byKey.get(str);
    if (cur === undefined) return [];
    return typeof cur === 'string' ? [cur] : cur;
  }

  clear(): void {
    this.byKey.clear();
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

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = keyString(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function partsKey(parts: unknown[]): string {
  return parts.length === 1 ? keyString(parts[0]) : keyString(parts);
}
