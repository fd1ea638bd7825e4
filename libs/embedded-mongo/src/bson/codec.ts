// BSON <-> in-memory document conversion.
//
// Incoming documents are decoded without value promotion (so Int32, Double and Int64 are told
// apart) and then normalised: every number becomes a plain JS number (mingo and the index code
// compare numbers natively), and where the BSON type would not be re-created by the default
// serializer (an integral Double, an Int64) the original type is recorded in the parent
// object's hidden NUM_TYPES table. Encoding puts those types back, so a document read back
// through the driver has exactly the types that were written.
import { deserialize, Double, Long, serialize } from 'bson';
import { defineField, Doc, isPlainObject, NUM_TYPES, NumTypeTable } from './values';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function tag(obj: object, key: string, type: 'double' | 'long'): void {
  const holder = obj as { [NUM_TYPES]?: NumTypeTable };
  defineField((holder[NUM_TYPES] ??= {}), key, type);
}

function normaliseValue(v: unknown, parent: object, key: string): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = normaliseValue(v[i], v, String(i));
    return v;
  }
  switch ((v as { _bsontype?: string })._bsontype) {
    case 'DBRef': {
      // Held as the plain document it is on the wire ({ $ref, $id, $db, ... }), so that queries
      // reach `ref.$id` like any field; it serializes back to the same bytes.
      const r = v as unknown as { collection: string; oid: unknown; db?: string; fields?: Doc };
      const plain: Doc = { $ref: r.collection, $id: r.oid };
      if (r.db) plain.$db = r.db;
      Object.assign(plain, r.fields ?? {});
      for (const k of Object.keys(plain)) plain[k] = normaliseValue(plain[k], plain, k);
      return plain;
    }
    case 'Int32':
      return (v as { value: number }).value;
    case 'Double': {
      const n = (v as { value: number }).value;
      // The serializer writes integral numbers in int32 range as Int32: remember it was a Double.
      if (Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX) tag(parent, key, 'double');
      return n;
    }
    case 'Long': {
      const l = v as Long;
      const n = l.toNumber();
      if (!Number.isSafeInteger(n)) return l; // outside 2^53: keep the Long (compares lexically)
      tag(parent, key, 'long');
      return n;
    }
  }
  if (isPlainObject(v)) {
    for (const k of Object.keys(v)) v[k] = normaliseValue(v[k], v, k);
  }
  return v;
}

/** Normalises a freshly deserialized (promoteValues: false) document in place. */
export function normaliseDoc(doc: Doc): Doc {
  for (const k of Object.keys(doc)) doc[k] = normaliseValue(doc[k], doc, k);
  return doc;
}

export function decodeDoc(buf: Uint8Array): Doc {
  return normaliseDoc(deserialize(buf, { promoteValues: false, bsonRegExp: false, validation: { utf8: false } }) as Doc);
}

/** Returns a copy of `v` where tagged numbers are wrapped back into Double/Long (only copies where needed). */
function restoreTypes(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const tags = (v as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      let x = restoreTypes(v[i]);
      if (tags && typeof x === 'number' && tags[i]) x = wrap(x, tags[i]);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  if (!isPlainObject(v)) return v;
  const tags = (v as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
  let out: Doc | undefined;
  for (const k of Object.keys(v)) {
    let x = restoreTypes(v[k]);
    // (a tag is a string: a name such as `constructor` reads the table's prototype)
    const t = tags?.[k];
    if (typeof x === 'number' && typeof t === 'string') x = wrap(x, t);
    if (x !== v[k]) (out ??= { ...v })[k] = x;
  }
  return out ?? v;
}

function wrap(n: number, type: 'double' | 'long'): unknown {
  if (type === 'long') return Number.isInteger(n) ? Long.fromNumber(n) : n;
  return new Double(n);
}

/** The document as it should be serialized (numeric types restored). */
export function toWire(doc: Doc): Doc {
  return restoreTypes(doc) as Doc;
}

export function encodeDoc(doc: Doc): Buffer {
  const bytes = serialize(toWire(doc), { checkKeys: false, ignoreUndefined: false });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A cursor batch whose documents are already BSON: each is encoded once, when the batch is
 * measured against the reply's size limit, and `encodeReply` puts the bytes into the reply as
 * they are, rather than restoring types and serializing again with the reply.
 */
export class EncodedBatch {
  private readonly docs: Buffer[] = [];
  private size = 0;

  get length(): number {
    return this.docs.length;
  }

  /** Bytes of the documents so far. */
  get bytes(): number {
    return this.size;
  }

  push(encoded: Buffer): void {
    this.docs.push(encoded);
    this.size += encoded.length;
  }

  /** The batch as a BSON array document: { "0": doc, "1": doc, ... }. */
  toArrayBytes(): Buffer {
    let length = 5;
    for (let i = 0; i < this.docs.length; i++) length += 2 + String(i).length + this.docs[i].length;
    const out = Buffer.allocUnsafe(length);
    out.writeInt32LE(length, 0);
    let at = 4;
    for (let i = 0; i < this.docs.length; i++) {
      out[at++] = 0x03; // embedded document
      at += out.write(String(i), at, 'latin1');
      out[at++] = 0;
      at += this.docs[i].copy(out, at);
    }
    out[at] = 0;
    return out;
  }
}

const EMPTY_ARRAY = Buffer.from([5, 0, 0, 0, 0]);

/**
 * A command reply in BSON. A cursor reply (`{ cursor: { firstBatch | nextBatch, id, ns }, ... }`,
 * commands/find.ts: cursorReply) carries an EncodedBatch: the reply is serialized with an empty
 * array in its place, and the batch's bytes replace those five bytes (both enclosing lengths
 * grow by the difference).
 */
export function encodeReply(body: Doc): Buffer {
  const cursor = body.cursor;
  if (!isPlainObject(cursor)) return encodeDoc(body);
  const key = Object.keys(cursor)[0];
  const batch = cursor[key];
  if (!(batch instanceof EncodedBatch)) return encodeDoc(body);
  if (Object.keys(body)[0] !== 'cursor') throw new Error('a cursor reply starts with its cursor');
  const shell = encodeDoc({ ...body, cursor: { ...cursor, [key]: [] } });
  // body length(4) type(1) "cursor\0"(7) | cursor length(4) type(1) key\0 | the empty array
  const cursorAt = 12;
  const arrayAt = cursorAt + 4 + 1 + key.length + 1;
  if (!shell.subarray(arrayAt, arrayAt + 5).equals(EMPTY_ARRAY)) throw new Error('unexpected cursor reply layout');
  const array = batch.toArrayBytes();
  const grow = array.length - EMPTY_ARRAY.length;
  const out = Buffer.concat([shell.subarray(0, arrayAt), array, shell.subarray(arrayAt + EMPTY_ARRAY.length)]);
  out.writeInt32LE(shell.readInt32LE(0) + grow, 0);
  out.writeInt32LE(shell.readInt32LE(cursorAt) + grow, cursorAt);
  return out;
}
