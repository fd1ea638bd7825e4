// MongoDB's limits on what a stored document may look like. mongod refuses a document nested
// deeper than its user-storage BSON depth (100) with Overflow (15); the message differs between
// the insert path (insert.cpp) and the update path (storage_validation.cpp), and clients match
// on both, so each caller says which one it is.
import { MongoError } from '../errors';
import { isPlainObject } from './values';

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
