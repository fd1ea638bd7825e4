// Field names mingo cannot take as they are, though MongoDB stores them like any other: a name
// Object.prototype has (`__proto__`, which mingo refuses, and `constructor`, `toString` …, which
// its updater resolves on the prototype), and at the top level a `$`-prefixed name, which its
// updater refuses as a path. On the way into mingo such a name gets a stand-in, the name behind a
// NUL (no BSON field name can hold one, so a stand-in never meets a real name), and the stand-ins
// are taken out again on the way back.
import { defineField, Doc, isPlainObject, NUM_TYPES, NumTypeTable } from '../bson/values';

const MARK = '\u0000';
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

function needsStandIn(name: string, top: boolean): boolean {
  return PROTOTYPE_NAMES.has(name) || (top && name.charCodeAt(0) === 0x24);
}

/** A field name or dotted path with each part that needs one replaced by its stand-in. */
function nameWithStandIns(name: string, top: boolean): string {
  if (!name.includes('.')) return needsStandIn(name, top) ? MARK + name : name;
  return name
    .split('.')
    .map((part, i) => (needsStandIn(part, top && i === 0) ? MARK + part : part))
    .join('.');
}

/** Whether an update path (a top-level field, or a dotted path from one) needs stand-ins. */
export function pathNeedsStandIns(path: string): boolean {
  return nameWithStandIns(path, true) !== path;
}

/** An update path with stand-ins, as mingo's updater is to see it. */
export function pathWithStandIns(path: string): string {
  return nameWithStandIns(path, true);
}

/**
 * Whether a value holds a field name that needs a stand-in (`top`: its names are a document's
 * top-level fields). Field names are checked part by part, as paths.
 */
export function needsStandIns(v: unknown, top = false): boolean {
  if (Array.isArray(v)) return v.some((x) => needsStandIns(x));
  if (!isPlainObject(v)) return false;
  for (const k of Object.keys(v)) if (nameWithStandIns(k, top) !== k || needsStandIns(v[k])) return true;
  return false;
}

/**
 * Whether a filter names a `__proto__` field, the one name mingo's queries cannot take (they read
 * the other names Object.prototype has as the fields they are).
 */
export function queryNeedsStandIns(filter: unknown): boolean {
  if (Array.isArray(filter)) return filter.some(queryNeedsStandIns);
  if (!isPlainObject(filter)) return false;
  for (const k of Object.keys(filter)) if (k.split('.').includes('__proto__') || queryNeedsStandIns(filter[k])) return true;
  return false;
}

/** A copy of `v` whose field names have stand-ins where they need them (numeric type tags follow). */
export function withStandIns<T>(v: T, top = false): T {
  return renameFields(v, (k, atTop) => nameWithStandIns(k, atTop), top);
}

/** A copy of `v` with the names its stand-ins stand for. */
export function withoutStandIns<T>(v: T): T {
  return renameFields(v, (k) => (k.includes(MARK) ? k.split(MARK).join('') : k), false);
}

/** An error message from mingo, naming fields as the client wrote them. */
export function messageWithoutStandIns(message: string): string {
  return message.split(MARK).join('');
}

function renameFields<T>(v: T, rename: (key: string, top: boolean) => string, top: boolean): T {
  if (Array.isArray(v)) {
    const out = v.map((x) => renameFields(x, rename, false));
    const tags = (v as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
    if (tags) (out as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES] = { ...tags };
    return out as T;
  }
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  const tags = (v as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES];
  const outTags: NumTypeTable | undefined = tags && {};
  for (const k of Object.keys(v)) {
    const name = rename(k, top);
    defineField(out, name, renameFields(v[k], rename, false));
    if (outTags && Object.prototype.hasOwnProperty.call(tags, k)) defineField(outTags, name, tags![k]);
  }
  if (outTags) (out as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES] = outTags;
  return out as T;
}
