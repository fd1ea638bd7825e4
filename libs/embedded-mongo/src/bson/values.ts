// BSON value helpers shared by the wire codec, the storage engine and the query layer:
// MongoDB's cross-type sort order, canonical index-key strings, and document cloning.
//
// Numbers are held as plain JS numbers so that mingo compares them natively; the BSON type a
// client wrote (an integral Double, an Int64) is remembered in a hidden per-object tag table
// (see wire/codec.ts) so documents round-trip with the types they were written with.
import { Long } from 'bson';

export type Doc = Record<string, unknown>;

/** Hidden per-object table of numeric BSON types: field name -> 'double' | 'long'. */
export const NUM_TYPES: unique symbol = Symbol('embedded-mongo.numTypes');
export type NumTypeTable = Record<string, 'double' | 'long'>;

function bsontype(v: unknown): string | undefined {
  return (v as { _bsontype?: string } | null)?._bsontype;
}

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** MongoDB's canonical type order for comparisons and sorting. */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 2;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch (bsontype(v)) {
    case 'MinKey':
      return 1;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 3;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    case 'MaxKey':
      return 13;
  }
  if (v instanceof Uint8Array) return 7;
  return 5;
}

export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  const t = bsontype(v);
  if (t === 'Long') return (v as Long).toNumber();
  if (t === 'Int32' || t === 'Double') return (v as { value: number }).value;
  if (t === 'Decimal128') return Number.parseFloat(String(v));
  return Number.NaN;
}

function cmp<T>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function bytesOf(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  const t = bsontype(v);
  if (t === 'ObjectId') return (v as { id: Uint8Array }).id;
  if (t === 'Binary') return (v as { buffer: Uint8Array }).buffer.subarray(0, (v as { position: number }).position);
  return new Uint8Array();
}

/** bson 7's ObjectId keeps its 12 bytes as four 24-bit integers; older ones only have `id`. */
interface PackedObjectId {
  i0?: number;
  i1?: number;
  i2?: number;
  i3?: number;
  id: Uint8Array;
}

/**
 * An ObjectId's key: 'o' and its 12 bytes as one-byte characters (byte order is string order).
 * Built in one call, the string is flat and small (a concatenation would keep a chain of cons
 * strings over a hex string), and it is kept once per document and index entry.
 */
export function objectIdKey(v: unknown): string {
  const o = v as PackedObjectId;
  const { i0, i1, i2, i3 } = o;
  if (typeof i0 === 'number' && typeof i1 === 'number' && typeof i2 === 'number' && typeof i3 === 'number') {
    return String.fromCharCode(
      111,
      (i0 >>> 16) & 0xff,
      (i0 >>> 8) & 0xff,
      i0 & 0xff,
      (i1 >>> 16) & 0xff,
      (i1 >>> 8) & 0xff,
      i1 & 0xff,
      (i2 >>> 16) & 0xff,
      (i2 >>> 8) & 0xff,
      i2 & 0xff,
      (i3 >>> 16) & 0xff,
      (i3 >>> 8) & 0xff,
      i3 & 0xff,
    );
  }
  return String.fromCharCode(111, ...o.id);
}

/** Orders two ObjectIds by their bytes without allocating (bson 7's `id` getter builds a buffer). */
export function compareObjectIds(a: unknown, b: unknown): number {
  const x = a as PackedObjectId;
  const y = b as PackedObjectId;
  if (typeof x.i0 === 'number' && typeof y.i0 === 'number') {
    return x.i0 - y.i0 || x.i1! - y.i1! || x.i2! - y.i2! || x.i3! - y.i3!;
  }
  return cmpBytes(x.id, y.id);
}

function cmpBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Compares two strings (a collation's comparator; binary when absent). */
export type StringCompare = (a: string, b: string) => number;

/**
 * Compares two BSON values the way MongoDB orders them (no array "min/max" semantics); strings
 * through `strCmp` when a collation applies.
 */
export function compareValues(a: unknown, b: unknown, strCmp?: StringCompare): number {
  // Two ObjectIds, the commonest pair in an index seek (every user-scoped index leads with one),
  // skip the rank ladder: 13 against 34 ns a comparison.
  if (typeof a === 'object' && typeof b === 'object' && bsontype(a) === 'ObjectId' && bsontype(b) === 'ObjectId') return compareObjectIds(a, b);
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
    case 2:
    case 13:
      return 0;
    case 3: {
      const x = toNumber(a);
      const y = toNumber(b);
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
      return cmp(x, y);
    }
    case 4:
      return strCmp ? strCmp(String(a), String(b)) : cmp(String(a), String(b));
    case 5: {
      const ka = Object.keys(a as Doc);
      const kb = Object.keys(b as Doc);
      const n = Math.min(ka.length, kb.length);
      for (let i = 0; i < n; i++) {
        const va = (a as Doc)[ka[i]];
        const vb = (b as Doc)[kb[i]];
        const t = typeRank(va) - typeRank(vb);
        if (t) return t;
        const k = cmp(ka[i], kb[i]);
        if (k) return k;
        const c = compareValues(va, vb, strCmp);
        if (c) return c;
      }
      return ka.length - kb.length;
    }
    case 6: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      const n = Math.min(xa.length, xb.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(xa[i], xb[i], strCmp);
        if (c) return c;
      }
      return xa.length - xb.length;
    }
    case 7: {
      const ba = bytesOf(a);
      const bb = bytesOf(b);
      if (ba.length !== bb.length) return ba.length - bb.length;
      const sa = (a as { sub_type?: number }).sub_type ?? 0;
      const sb = (b as { sub_type?: number }).sub_type ?? 0;
      return sa - sb || cmpBytes(ba, bb);
    }
    case 8:
      return compareObjectIds(a, b);
    case 9:
      return cmp(a as boolean, b as boolean);
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11: {
      const ta = a as { high: number; low: number };
      const tb = b as { high: number; low: number };
      return cmp(ta.high >>> 0, tb.high >>> 0) || cmp(ta.low >>> 0, tb.low >>> 0);
    }
    case 12: {
      const pa = regexParts(a);
      const pb = regexParts(b);
      return cmp(pa[0], pb[0]) || cmp(pa[1], pb[1]);
    }
  }
  return 0;
}

function regexParts(v: unknown): [string, string] {
  if (v instanceof RegExp) return [v.source, v.flags];
  const r = v as { pattern: string; options: string };
  return [r.pattern, r.options];
}

/**
 * The value an array contributes when sorting: MongoDB sorts an array field by its smallest
 * element ascending and by its largest descending (an empty array sorts like undefined/null).
 */
export function sortKey(v: unknown, direction: number, strCmp?: StringCompare): unknown {
  if (!Array.isArray(v)) return v;
  if (v.length === 0) return undefined;
  let best = v[0];
  for (let i = 1; i < v.length; i++) {
    const c = compareValues(v[i], best, strCmp);
    if (direction > 0 ? c < 0 : c > 0) best = v[i];
  }
  return best;
}

/** Reads a dotted path MongoDB-style for sorting: arrays along the way fan out into an array. */
export function getPath(doc: unknown, path: string | string[]): unknown {
  if (typeof path === 'string') {
    if (!path.includes('.')) return doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? ownValue((doc as Doc)[path]) : getPathParts(doc, [path]);
    return getPathParts(doc, path.split('.'));
  }
  return getPathParts(doc, path);
}

/**
 * A field's value as read by name, or undefined when the name found Object.prototype or one of
 * its members (`__proto__`, `constructor` …) rather than a field: no stored value is a function
 * or Object.prototype.
 */
function ownValue(v: unknown): unknown {
  return typeof v === 'function' || v === Object.prototype ? undefined : v;
}

function getPathParts(doc: unknown, parts: string[]): unknown {
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur)) {
      const idx = /^\d+$/.test(parts[i]) ? Number(parts[i]) : -1;
      if (idx >= 0 && idx < cur.length) {
        cur = cur[idx];
        continue;
      }
      const rest = parts.slice(i);
      const out: unknown[] = [];
      for (const el of cur) {
        const sub = getPathParts(el, rest);
        if (sub === undefined) continue;
        if (Array.isArray(sub)) out.push(...sub);
        else out.push(sub);
      }
      return out.length ? out : undefined;
    }
    if (typeof cur !== 'object') return undefined;
    cur = ownValue((cur as Doc)[parts[i]]);
  }
  return cur;
}

/** Builds a comparator for a MongoDB sort specification ({ field: 1 | -1 }). */
export function sortComparator(spec: Doc, strCmp?: StringCompare): (a: Doc, b: Doc) => number {
  const fields = Object.entries(spec).map(([path, dir]) => [path, toNumber(dir) < 0 ? -1 : 1] as const);
  return (a, b) => {
    for (const [path, dir] of fields) {
      const c = compareValues(sortKey(getPath(a, path), dir, strCmp), sortKey(getPath(b, path), dir, strCmp), strCmp);
      if (c) return c * dir;
    }
    return 0;
  };
}

/**
 * Canonical string for a value, used as a Map key by indexes and for _id lookups: values MongoDB
 * considers equal (1, 1.0, Long(1)) encode identically; different types never collide.
 *
 * Built in one pass into a parts list: text of unbounded content (strings, field names, regex
 * sources) is length-prefixed instead of escaped, so nesting never re-escapes what an inner level
 * produced and the cost stays linear in the document's size.
 */
export function keyString(v: unknown): string {
  // Fast paths for the common scalar keys (_id values, indexed fields): no parts list needed.
  if (v === undefined || v === null) return 'z';
  switch (typeof v) {
    case 'number':
      return 'n' + (Object.is(v, -0) ? 0 : v);
    case 'string':
      return 's' + v.length + ':' + v;
  }
  const out: string[] = [];
  appendKey(v, out);
  return out.length === 1 ? out[0] : out.join('');
}

function text(s: string): string {
  return s.length + ':' + s;
}

function appendKey(v: unknown, out: string[]): void {
  if (v === undefined || v === null) {
    out.push('z');
    return;
  }
  switch (typeof v) {
    case 'number':
      out.push('n' + (Object.is(v, -0) ? 0 : v));
      return;
    case 'bigint':
      out.push('n' + v.toString());
      return;
    case 'string':
      out.push('s' + text(v));
      return;
    case 'boolean':
      out.push(v ? 'T' : 'F');
      return;
  }
  if (Array.isArray(v)) {
    out.push('[');
    for (let i = 0; i < v.length; i++) {
      if (i) out.push(',');
      appendKey(v[i], out);
    }
    out.push(']');
    return;
  }
  if (v instanceof Date) {
    out.push('d' + v.getTime());
    return;
  }
  if (v instanceof RegExp) {
    out.push('r' + text(v.source) + v.flags + ';');
    return;
  }
  switch (bsontype(v)) {
    case 'ObjectId':
      out.push(objectIdKey(v));
      return;
    case 'Long': {
      const l = v as Long;
      out.push('n' + (l.toNumber() === Number(l.toString()) ? String(l.toNumber()) : l.toString()));
      return;
    }
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      out.push('n' + toNumber(v));
      return;
    case 'Binary':
      out.push('b' + ((v as { sub_type: number }).sub_type ?? 0) + ':' + Buffer.from(bytesOf(v)).toString('base64') + ';');
      return;
    case 'Timestamp':
      out.push('t' + String(v) + ';');
      return;
    case 'MinKey':
      out.push('-');
      return;
    case 'MaxKey':
      out.push('+');
      return;
    case 'BSONRegExp': {
      const [source, flags] = regexParts(v);
      out.push('r' + text(source) + flags + ';');
      return;
    }
    case 'BSONSymbol':
      out.push('s' + text(String(v)));
      return;
  }
  if (v instanceof Uint8Array) {
    out.push('b0:' + Buffer.from(v).toString('base64') + ';');
    return;
  }
  out.push('{');
  let first = true;
  for (const k of Object.keys(v as Doc)) {
    out.push((first ? '' : ',') + text(k));
    first = false;
    appendKey((v as Doc)[k], out);
  }
  out.push('}');
}

/** Renders a value the way MongoDB prints it in error messages (E11000 dup key: { ... }). */
export function renderValue(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return '[ ' + v.map(renderValue).join(', ') + ' ]';
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
  switch (bsontype(v)) {
    case 'ObjectId':
      return `ObjectId('${(v as { toHexString(): string }).toHexString()}')`;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return String(v);
    case 'Binary':
      return `BinData(${(v as { sub_type: number }).sub_type}, ${Buffer.from(bytesOf(v)).toString('hex').toUpperCase()})`;
  }
  const keys = Object.keys(v as Doc);
  if (!keys.length) return '{}';
  return '{ ' + keys.map((k) => `${k}: ${renderValue((v as Doc)[k])}`).join(', ') + ' }';
}

/**
 * Deep copy of plain objects and arrays (BSON class instances are immutable and shared), keeping
 * the hidden numeric type tables. Used for copy-on-write updates and transaction write sets.
 */
export function cloneDoc<T>(v: T): T {
  return copyTree(v, true);
}

/**
 * cloneDoc for an update's working copy, whose values are only ever replaced: its dates are
 * shared too. Nothing changes a stored Date in place, and the previous version's dates are the
 * ones its unchanged index entries hold: copies would keep each indexed date of an updated
 * document twice.
 */
export function cloneForUpdate<T>(v: T): T {
  return copyTree(v, false);
}

function copyTree<T>(v: T, copyDates: boolean): T {
  if (Array.isArray(v)) {
    const out = v.map((x) => copyTree(x, copyDates)) as unknown as T;
    const tags = (v as unknown as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
    if (tags) (out as unknown as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES] = { ...tags };
    return out;
  }
  if (v instanceof Date) return copyDates ? (new Date(v.getTime()) as unknown as T) : v;
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) defineField(out, k, copyTree(v[k], copyDates));
  const tags = (v as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
  if (tags) (out as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES] = { ...tags };
  return out as T;
}

/**
 * Sets a field of a document as its own, `__proto__` included: a plain assignment of that name
 * would replace the object's prototype (or be ignored), and a document's own `__proto__` key (from
 * the wire, e.g. a `JSON.parse`d value) is a field like any other.
 */
export function defineField(target: object, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else (target as Doc)[key] = value;
}

/** A Long that survives as a JS number only if it is a safe integer. */
export function longFrom(n: number): Long {
  return Long.fromNumber(n);
}
