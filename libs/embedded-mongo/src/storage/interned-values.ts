// Repeated small values of stored documents held once: a tenant's userId, a status, a platform
// name arrive decoded afresh in every document (an ObjectId is 56 bytes of heap, a short string
// 24–40), and a collection of posts repeats them in every row.
import { objectIdKey } from '../bson/values';

/** Values a generation holds before it is retired: bounds the tables to 2 × this many each. */
const GENERATION = 4096;
/** Longer strings are rarely repeated values (content, URLs): not worth a table entry. */
const MAX_STRING = 40;

/**
 * Two generations of recently stored values. A value found in either is reused (and kept in the
 * current one); values seen once (ids, content) leave after two generations, so the table stays
 * small whatever the collection holds. Only immutable values are shared: strings and ObjectIds.
 */
class InternTable<T> {
  private current = new Map<string, T>();
  private previous = new Map<string, T>();

  get(key: string, value: T): T {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const kept = this.previous.get(key) ?? value;
    if (this.current.size >= GENERATION) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, kept);
    return kept;
  }
}

const strings = new InternTable<string>();
const objectIds = new InternTable<object>();

function shared(v: unknown): unknown {
  if (typeof v === 'string') return v.length <= MAX_STRING ? strings.get(v, v) : v;
  if (v !== null && typeof v === 'object' && (v as { _bsontype?: string })._bsontype === 'ObjectId') return objectIds.get(objectIdKey(v), v);
  return v;
}

/**
 * Replaces the document's top-level strings and ObjectIds (and those directly inside its
 * top-level arrays) with equal instances already stored, before indexes take their keys from it.
 * `_id` is left alone: it is unique by definition.
 */
export function internValues(doc: Record<string, unknown>): void {
  for (const key in doc) {
    if (key === '_id') continue;
    const v = doc[key];
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = shared(v[i]);
    } else if (typeof v === 'string' || typeof v === 'object') {
      // (always assigned: equal strings are === whether or not they are one instance)
      doc[key] = shared(v);
    }
  }
}
