// Numeric type fidelity through aggregation.
//
// Documents hold numbers as plain JS numbers, with the BSON type of integral Doubles and Int64s
// kept in a hidden per-object table (NUM_TYPES, see wire/codec.ts). mingo builds new objects in
// most stages and knows nothing of that table, so its output would serialize every integral
// number as Int32. The pipeline is therefore run one stage at a time, and after each stage the
// types are put back the way MongoDB derives them:
// - values passed through unchanged keep the type they had in the stage's input document
//   ($project, $addFields/$set, $unset, $unwind, $lookup keep one input document per output);
// - computed values get MongoDB's result type: `$toLong` is long, `$toDouble`/`$avg`/`$divide`
//   double, arithmetic (`$add`, `$multiply`, `$sum`, …) the widest of its operands (double >
//   long > int, an int result outside the int32 range becoming long);
// - `$group` keys and `$first`/`$last`/`$min`/`$max`/`$push`/`$addToSet` values take the type the
//   value had in the input, `$sum` the widest type of what it summed, `$avg` double.
import { Doc, isPlainObject, keyString, NUM_TYPES, NumTypeTable } from '../bson/values';

export type NumType = 'int' | 'long' | 'double';

type Tagged = { [NUM_TYPES]?: NumTypeTable };

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function tagOf(parent: object, key: string | number): 'long' | 'double' | undefined {
  const t = (parent as Tagged)[NUM_TYPES]?.[key];
  return typeof t === 'string' ? t : undefined; // (a name such as `constructor` reads the table's prototype)
}

/** The BSON type a plain number stored at parent[key] has. */
export function numTypeAt(parent: object, key: string | number, v: number): NumType {
  const t = tagOf(parent, key);
  if (t) return t;
  return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX ? 'int' : 'double';
}

/** Records `type` for the number at parent[key] (only what the default serializer would get wrong). */
export function setNumType(parent: object, key: string | number, type: NumType | undefined): void {
  const v = (parent as Doc)[key as string];
  if (typeof v !== 'number' || !type) return;
  const holder = parent as Tagged;
  let want: 'long' | 'double' | undefined;
  if (type === 'long') want = Number.isInteger(v) ? 'long' : undefined;
  else if (type === 'double') want = Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX ? 'double' : undefined;
  else want = Number.isInteger(v) && (v < INT32_MIN || v > INT32_MAX) ? 'long' : undefined; // int overflow widens to long
  if (want) (holder[NUM_TYPES] = { ...holder[NUM_TYPES] })[key] = want;
  else if (holder[NUM_TYPES]?.[key]) {
    const { [key]: _drop, ...rest } = holder[NUM_TYPES];
    holder[NUM_TYPES] = rest;
  }
}

/** Copies the numeric types of values `out` shares with `src` (same key, same number). */
export function copyTypes(out: unknown, src: unknown): void {
  if (out === src || out === null || src === null || typeof out !== 'object' || typeof src !== 'object') return;
  if (Array.isArray(out)) {
    if (!Array.isArray(src)) return;
    for (let i = 0; i < out.length && i < src.length; i++) {
      const v = out[i];
      if (typeof v === 'number') {
        if (v === src[i]) setNumType(out, i, numTypeAt(src, i, v));
      } else copyTypes(v, src[i]);
    }
    return;
  }
  if (!isPlainObject(out) || !isPlainObject(src)) return;
  for (const k of Object.keys(out)) {
    const v = out[k];
    if (typeof v === 'number') {
      if (v === src[k]) setNumType(out, k, numTypeAt(src, k, v));
    } else copyTypes(v, src[k]);
  }
}

/** Parent object and last key of a dotted path (no array traversal), or undefined. */
function parentOf(doc: unknown, path: string): [object, string] | undefined {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Doc)[parts[i]];
  }
  if (cur === null || typeof cur !== 'object') return undefined;
  return [cur as object, parts[parts.length - 1]];
}

/** Type of the number at a dotted path of a document (undefined when it is not a number). */
function pathType(doc: unknown, path: string): NumType | undefined {
  const p = parentOf(doc, path);
  if (!p) return undefined;
  const v = (p[0] as Doc)[p[1]];
  return typeof v === 'number' ? numTypeAt(p[0], p[1], v) : undefined;
}

function widest(types: (NumType | undefined)[]): NumType | undefined {
  let out: NumType | undefined;
  for (const t of types) {
    if (!t) continue;
    if (t === 'double') return 'double';
    if (t === 'long' || !out) out = t;
  }
  return out;
}

const DOUBLE_OPS = new Set([
  '$toDouble',
  '$avg',
  '$divide',
  '$sqrt',
  '$exp',
  '$ln',
  '$log',
  '$log10',
  '$stdDevPop',
  '$stdDevSamp',
  '$sin',
  '$cos',
  '$tan',
  '$asin',
  '$acos',
  '$atan',
  '$atan2',
  '$degreesToRadians',
  '$radiansToDegrees',
]);
const WIDEN_OPS = new Set(['$add', '$subtract', '$multiply', '$sum', '$abs', '$ceil', '$floor', '$round', '$trunc', '$mod', '$max', '$min', '$pow']);

/**
 * The numeric type of an aggregation expression's result for one document, as far as it can be
 * derived; undefined leaves the default (Int32 for integers in range, Double otherwise).
 */
export function exprType(expr: unknown, doc: unknown, holder?: object, key?: string | number): NumType | undefined {
  if (typeof expr === 'number') return holder ? numTypeAt(holder, key!, expr) : undefined;
  if (typeof expr === 'string') {
    if (expr.startsWith('$') && !expr.startsWith('$$')) return pathType(doc, expr.slice(1));
    if (expr.startsWith('$$ROOT.') || expr.startsWith('$$CURRENT.')) return pathType(doc, expr.slice(expr.indexOf('.') + 1));
    return undefined;
  }
  if (!isPlainObject(expr)) return undefined;
  const keys = Object.keys(expr);
  if (keys.length !== 1 || !keys[0].startsWith('$')) return undefined;
  const op = keys[0];
  const arg = expr[op];
  if (op === '$toLong') return 'long';
  if (op === '$toInt') return 'int';
  if (DOUBLE_OPS.has(op)) return 'double';
  if (op === '$literal') return typeof arg === 'number' ? numTypeAt(expr, op, arg) : undefined;
  if (WIDEN_OPS.has(op)) {
    if (Array.isArray(arg)) {
      if ((op === '$round' || op === '$trunc') && arg.length) return exprType(arg[0], doc, arg, 0);
      return widest(arg.map((a, i) => exprType(a, doc, arg, i)));
    }
    return exprType(arg, doc, expr, op);
  }
  return undefined;
}

/** Types the fields a `$project` / `$addFields` specification computes, on one output document. */
function typeComputed(spec: Doc, out: Doc, src: Doc, project: boolean, prefix = ''): void {
  for (const [k, e] of Object.entries(spec)) {
    const path = prefix + k;
    if (project && (e === 1 || e === 0 || e === true || e === false)) continue;
    if (isPlainObject(e) && !Object.keys(e).some((x) => x.startsWith('$'))) {
      typeComputed(e, out, src, project, path + '.');
      continue;
    }
    const p = parentOf(out, path);
    if (p) setNumType(p[0], p[1], exprType(e, src, spec, k) ?? 'int');
  }
}

/** Number types seen at each value of a path across documents: keyString(value) -> type. */
function valueTypes(docs: Doc[], path: string): Map<string, NumType> {
  const out = new Map<string, NumType>();
  for (const d of docs) {
    const p = parentOf(d, path);
    if (!p) continue;
    const v = (p[0] as Doc)[p[1]];
    if (typeof v === 'number') {
      const k = keyString(v);
      if (!out.has(k)) out.set(k, numTypeAt(p[0], p[1], v));
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => {
        if (typeof x === 'number' && !out.has(keyString(x))) out.set(keyString(x), numTypeAt(v, i, x));
      });
    }
  }
  return out;
}

function typeByValue(holder: object, key: string | number, types: Map<string, NumType>): void {
  const v = (holder as Doc)[key as string];
  if (typeof v === 'number') setNumType(holder, key, types.get(keyString(v)));
  else if (Array.isArray(v)) v.forEach((_, i) => typeByValue(v, i, types));
}

function fieldRef(e: unknown): string | undefined {
  return typeof e === 'string' && e.startsWith('$') && !e.startsWith('$$') ? e.slice(1) : undefined;
}

/**
 * Types a `$group` stage's output. `keys` (the group key each input document had, when the caller
 * could compute them) lets each group be typed from its own members; otherwise from all input.
 */
function typeGroup(spec: Doc, input: Doc[], output: Doc[], keys?: unknown[]): void {
  let members: (o: Doc) => Doc[] = () => input;
  if (keys && keys.length === input.length) {
    const groups = new Map<string, Doc[]>();
    input.forEach((d, i) => {
      const k = keyString(keys[i]);
      const list = groups.get(k);
      if (list) list.push(d);
      else groups.set(k, [d]);
    });
    members = (o) => groups.get(keyString(o._id)) ?? input;
  }
  const id = spec._id;
  const idRef = fieldRef(id);
  for (const o of output) {
    const docs = members(o);
    if (idRef) typeByValue(o, '_id', valueTypes(docs, idRef));
    else if (isPlainObject(id) && isPlainObject(o._id)) {
      for (const [k, e] of Object.entries(id)) {
        const ref = fieldRef(e);
        if (ref) typeByValue(o._id, k, valueTypes(docs, ref));
      }
    }
    for (const [field, acc] of Object.entries(spec)) {
      if (field === '_id' || !isPlainObject(acc)) continue;
      const op = Object.keys(acc)[0];
      const arg = acc[op];
      if (op === '$avg' || op === '$stdDevPop' || op === '$stdDevSamp') setNumType(o, field, 'double');
      else if (op === '$sum') {
        if (typeof arg === 'number') setNumType(o, field, numTypeAt(acc, op, arg));
        else {
          const ts: NumType[] = [];
          for (const d of docs) {
            const t = exprType(arg, d);
            if (t) ts.push(t);
          }
          setNumType(o, field, widest(ts) ?? 'int');
        }
      } else if (['$first', '$last', '$min', '$max', '$push', '$addToSet'].includes(op)) {
        const ref = fieldRef(arg);
        if (ref) typeByValue(o, field, valueTypes(docs, ref));
      }
    }
  }
}

/** Output documents a `$unwind` produces for one input document. */
function unwindCount(doc: Doc, path: string, preserve: boolean): number {
  const p = parentOf(doc, path);
  const v = p ? (p[0] as Doc)[p[1]] : undefined;
  if (Array.isArray(v)) return v.length || (preserve ? 1 : 0);
  if (v === undefined || v === null) return preserve ? 1 : 0;
  return 1;
}

function typeUnwind(spec: unknown, input: Doc[], output: Doc[]): void {
  const path = typeof spec === 'string' ? spec : isPlainObject(spec) ? (spec.path as string) : undefined;
  if (typeof path !== 'string' || !path.startsWith('$')) return;
  const field = path.slice(1);
  const preserve = isPlainObject(spec) && spec.preserveNullAndEmptyArrays === true;
  let o = 0;
  for (const doc of input) {
    const n = unwindCount(doc, field, preserve);
    const p = parentOf(doc, field);
    const arr = p ? (p[0] as Doc)[p[1]] : undefined;
    for (let i = 0; i < n && o < output.length; i++, o++) {
      const out = output[o];
      copyTypes(out, doc);
      if (Array.isArray(arr) && i < arr.length) {
        const q = parentOf(out, field);
        const v = arr[i];
        if (q && typeof v === 'number') setNumType(q[0], q[1], numTypeAt(arr, i, v));
        else if (q) copyTypes((q[0] as Doc)[q[1]], v);
      }
    }
  }
}

/**
 * Puts numeric types back on one stage's output. `input` is what the stage received (with types).
 */
export function restoreStageTypes(stage: Doc, input: Doc[], output: Doc[], groupKeys?: unknown[]): void {
  const name = Object.keys(stage)[0];
  const spec = stage[name];
  switch (name) {
    case '$project':
    case '$addFields':
    case '$set':
    case '$unset':
    case '$lookup':
      if (output.length !== input.length) return;
      for (let i = 0; i < output.length; i++) {
        if (output[i] === input[i]) continue;
        copyTypes(output[i], input[i]);
        if (name !== '$unset' && name !== '$lookup' && isPlainObject(spec)) typeComputed(spec, output[i], input[i], name === '$project');
      }
      return;
    case '$group':
      if (isPlainObject(spec)) typeGroup(spec, input, output, groupKeys);
      return;
    case '$unwind':
      typeUnwind(spec, input, output);
      return;
  }
}
