// MongoDB's limits on what a stored document may look like. An inserted document over 16 MiB is
// refused with BadValue ("object to insert too large"), an update whose result would exceed it
// with 17419. mongod refuses a document nested
// deeper than its user-storage BSON depth (100) with Overflow (15); the message differs between
// the insert path (insert.cpp) and the update path (storage_validation.cpp), and clients match
// on both, so each caller says which one it is.
import { encodeDoc } from '../bson/codec';
import { MongoError } from '../errors';
import { Doc, isPlainObject } from '../bson/values';

/** BSONObjMaxUserSize. */
export const MAX_USER_SIZE = 16 * 1024 * 1024;

/**
 * Hidden tag the wire decoder puts on an incoming document whose BSON size is over
 * MAX_USER_SIZE (the exact size as sent). Only such documents are tagged, so the common path pays
 * nothing; a document without the tag is known to be within the limit.
 */
export const BSON_SIZE: unique symbol = Symbol('embedded-mongo.bsonSize');

/** BadValue when a document to insert arrived over 16 MiB. */
export function assertInsertableSize(doc: object): void {
  const size = (doc as { [BSON_SIZE]?: number })[BSON_SIZE];
  if (size !== undefined && size > MAX_USER_SIZE) {
    throw new MongoError('BadValue', `object to insert too large. size in bytes: ${size}, max size: ${MAX_USER_SIZE}`);
  }
}

/**
 * An update's result encoded as the collection stores it, or 17419 when that exceeds 16 MiB. The
 * caller hands the bytes on to the store (`Collection.put`), so that a changed document is
 * serialized once, to be sized and stored.
 */
export function encodeUpdated(doc: Doc): Buffer {
  const bytes = encodeDoc(doc);
  if (bytes.length > MAX_USER_SIZE) throw new MongoError('Location17419', `Resulting document after update is larger than ${MAX_USER_SIZE}`);
  return bytes;
}

/** BSONDepth::getMaxDepthForUserStorage(): the top-level document counts as level 1. */
export const MAX_USER_DEPTH = 100;

export type WritePath = 'insert' | 'update';

function depthError(path: WritePath): MongoError {
  return path === 'insert'
    ? new MongoError('Overflow', `cannot insert document because it exceeds ${MAX_USER_DEPTH} levels of nesting`)
    : new MongoError('Overflow', `Document exceeds maximum nesting depth of ${MAX_USER_DEPTH}`);
}

/**
 * Throws MongoDB's Overflow error when `doc` nests deeper than 100 levels. Empty subdocuments and
 * arrays do not count toward the depth (as in mongod), so `{a: {}}` at the limit is accepted.
 */
export function assertStorableDepth(doc: object, path: WritePath): void {
  walk(doc, 1, path);
}

function walk(container: object, level: number, path: WritePath): void {
  const values = Array.isArray(container) ? container : Object.values(container);
  for (const v of values) {
    if (v === null || typeof v !== 'object') continue;
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) continue; // BSON scalars (ObjectId, Date, Binary…)
    if (level >= MAX_USER_DEPTH) {
      if (isArray ? v.length > 0 : Object.keys(v).length > 0) throw depthError(path);
      continue;
    }
    walk(v, level + 1, path);
  }
}

const DBREF_FIELDS = new Set(['$ref', '$id', '$db']);

function firstDollarField(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    for (const x of v) {
      const found = firstDollarField(x);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(v)) return undefined;
  for (const k of Object.keys(v)) {
    if (k.startsWith('$') && !DBREF_FIELDS.has(k)) return k;
    const found = firstDollarField(v[k]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Since MongoDB 5.0 `$`-prefixed field names are stored anywhere in a document except inside
 * `_id` (DollarPrefixedFieldName, 52). DBRef's `$ref` / `$id` / `$db` stay valid.
 */
export function assertStorableId(id: unknown): void {
  if (id === null || typeof id !== 'object') return;
  const field = firstDollarField(id);
  if (field) throw new MongoError('DollarPrefixedFieldName', `_id fields may not contain '$'-prefixed fields: ${field} is not valid for storage.`);
}
