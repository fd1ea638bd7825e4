import type { Model, Schema } from 'mongoose';
import { Types } from 'mongoose';

/** What of a model a stored document is built from. */
type DocumentShape = Pick<Model<unknown>, 'applyDefaults' | 'applyTimestamps'> & { schema: Schema };

/**
 * A new document as Mongoose's `save` would store it (schema defaults, timestamps, version key,
 * undefined values and empty objects left out at every depth), built without hydrating a Mongoose
 * document: for a repository that inserts through the driver on a measured hot path
 * (docs/conventions.md). The values must already have their stored types, built by our own code
 * from validated input: nothing is cast or validated. The caller's objects are not changed.
 */
export function storedDocument<T extends object>(model: DocumentShape, fields: Record<string, unknown>, now: Date): T & { _id: Types.ObjectId } {
  let doc: Record<string, unknown> = { _id: new Types.ObjectId(), ...fields };
  model.applyDefaults(doc);
  model.applyTimestamps(doc, { currentTime: (() => now) as never });
  if (model.schema.options.minimize !== false) doc = minimized(doc) ?? {};
  const versionKey = model.schema.options.versionKey;
  if (typeof versionKey === 'string') doc[versionKey] = 0;
  return doc as T & { _id: Types.ObjectId };
}

/** Mongoose's `minimize` on save, on a copy: undefined values and empty plain objects go, at every depth. */
function minimized(obj: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const kept = isPlainObject(value) ? minimized(value) : value;
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length ? out : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
