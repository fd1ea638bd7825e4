import type { Model, Schema } from 'mongoose';
import { Types } from 'mongoose';

/** What of a model a stored document is built from. */
type DocumentShape = Pick<Model<unknown>, 'applyDefaults' | 'applyTimestamps'> & { schema: Schema };

/**
 * A new document as Mongoose's `save` would store it (schema defaults, timestamps, version key,
 * empty objects left out), built without hydrating a Mongoose document: for a repository that
 * inserts through the driver on a measured hot path (docs/conventions.md). The values must already
 * have their stored types, built by our own code from validated input: nothing is cast or validated.
 */
export function storedDocument<T extends object>(model: DocumentShape, fields: Record<string, unknown>, now: Date): T & { _id: Types.ObjectId } {
  const doc: Record<string, unknown> = { _id: new Types.ObjectId(), ...fields };
  model.applyDefaults(doc);
  model.applyTimestamps(doc, { currentTime: (() => now) as never });
  if (model.schema.options.minimize !== false) {
    for (const key of Object.keys(doc)) if (isEmptyPlainObject(doc[key])) delete doc[key];
  }
  const versionKey = model.schema.options.versionKey;
  if (typeof versionKey === 'string') doc[versionKey] = 0;
  return doc as T & { _id: Types.ObjectId };
}

function isEmptyPlainObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0;
}
