// Document validation: a collection's `validator` (any query, `$jsonSchema` included) with its
// `validationLevel` ('strict' | 'moderate' | 'off') and `validationAction` ('error' | 'warn'),
// checked on insert, update, replace, upsert and findAndModify unless the command says
// `bypassDocumentValidation: true`. A failure is DocumentValidationFailure (121) 'Document failed
// validation' with MongoDB 5.0+'s `errInfo`: `{ failingDocumentId, details }`, the details naming
// the operators not satisfied (`$jsonSchema` → `schemaRulesNotSatisfied`, each rule with its
// `operatorName`, `specifiedAs`, `reason`, `consideredValue` …).
import { MongoError } from '../errors';
import { Collection } from '../storage/collection';
import { Doc, getPath, isPlainObject } from '../bson/values';
import { parseSchema, schemaFailures } from './json-schema';
import { mongoQuery } from './operators';

// ---------------------------------------------------------------------------------- validators

const REASONS: Record<string, string> = {
  $eq: 'comparison failed',
  $ne: 'comparison succeeded',
  $gt: 'comparison failed',
  $gte: 'comparison failed',
  $lt: 'comparison failed',
  $lte: 'comparison failed',
  $in: 'no matching value found in array',
  $nin: 'matching value found in array',
  $exists: 'path does not exist',
  $type: 'type did not match',
  $regex: 'regular expression did not match',
  $size: 'array length was not equal to given size',
  $all: 'array did not contain all specified values',
  $elemMatch: 'array did not satisfy the child predicate',
  $mod: 'considered value was not a multiple of the divisor',
};

/** errInfo details for one top-level clause of a validator that the document fails. */
function clauseDetails(field: string, spec: unknown, doc: Doc): Doc {
  if (field === '$jsonSchema') {
    const title = (spec as Doc).title;
    return { operatorName: '$jsonSchema', ...(typeof title === 'string' ? { title } : {}), schemaRulesNotSatisfied: schemaFailures(spec as Doc, doc) };
  }
  if (field === '$expr') return { operatorName: '$expr', specifiedAs: { $expr: spec }, reason: 'expression did not match', expressionResult: false };
  if (field === '$and' || field === '$or' || field === '$nor') {
    const list = (Array.isArray(spec) ? spec : []) as Doc[];
    const matches = list.map((c) => mongoQuery(c).test(doc));
    if (field === '$nor') {
      return {
        operatorName: '$nor',
        clausesNotSatisfied: list.flatMap((c, index) =>
          matches[index] ? [{ index, details: { operatorName: '$nor', specifiedAs: c, reason: 'child expression matched' } }] : [],
        ),
      };
    }
    return { operatorName: field, clausesNotSatisfied: list.flatMap((c, index) => (matches[index] ? [] : [{ index, details: validatorDetails(c, doc) }])) };
  }
  const value = getPath(doc, field);
  const ops =
    isPlainObject(spec) && Object.keys(spec).length && Object.keys(spec).every((k) => k.startsWith('$'))
      ? Object.entries(spec)
      : [['$eq', spec] as [string, unknown]];
  for (const [op, arg] of ops) {
    if (mongoQuery({ [field]: { [op]: arg } }).test(doc)) continue;
    const details: Doc = { operatorName: op, specifiedAs: { [field]: spec } };
    if (value === undefined && op !== '$exists' && op !== '$ne' && op !== '$nin') details.reason = 'field was missing';
    else {
      details.reason = REASONS[op] ?? 'expression did not match';
      if (value !== undefined) details.consideredValue = value;
    }
    return details;
  }
  return { operatorName: '$and', specifiedAs: { [field]: spec } };
}

/** errInfo `details` for a validator the document fails. */
function validatorDetails(validator: Doc, doc: Doc): Doc {
  const failing: Doc[] = [];
  const entries = Object.entries(validator);
  entries.forEach(([field, spec], index) => {
    if (!mongoQuery({ [field]: spec }).test(doc)) failing.push({ index, details: clauseDetails(field, spec, doc) });
  });
  if (entries.length === 1 && failing.length === 1) return failing[0].details as Doc;
  return { operatorName: '$and', clausesNotSatisfied: failing };
}

const compiled = new WeakMap<object, { test(d: Doc): boolean }>();

function validatorQuery(validator: Doc): { test(d: Doc): boolean } {
  let q = compiled.get(validator);
  if (!q) {
    q = mongoQuery(validator) as unknown as { test(d: Doc): boolean };
    compiled.set(validator, q);
  }
  return q;
}

function findKey(v: unknown, names: string[]): string | undefined {
  if (Array.isArray(v)) {
    for (const x of v) {
      const k = findKey(x, names);
      if (k) return k;
    }
  } else if (isPlainObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (names.includes(k)) return k;
      const f = findKey(x, names);
      if (f) return f;
    }
  }
  return undefined;
}

const LEVELS = ['off', 'strict', 'moderate'];
const ACTIONS = ['error', 'warn'];

/** Validates `validator` / `validationLevel` / `validationAction` of create / collMod. */
export function checkValidatorOptions(options: Doc): void {
  const { validator, validationLevel, validationAction } = options;
  if (validator !== undefined) {
    if (!isPlainObject(validator)) throw new MongoError('TypeMismatch', "BSON field 'validator' is the wrong type, expected type 'object'");
    const banned = findKey(validator, ['$near', '$nearSphere', '$geoNear', '$text', '$where']);
    if (banned) throw new MongoError('BadValue', `${banned} is not allowed inside of a document validator`);
    if (validator.$jsonSchema !== undefined) parseSchema(validator.$jsonSchema);
    try {
      validatorQuery(validator);
    } catch (e) {
      if (e instanceof MongoError) throw e;
      throw new MongoError('BadValue', (e as Error).message);
    }
  }
  if (isPlainObject(validator) && Object.keys(validator).length) {
    // As mongod records them once a validator is set.
    options.validationLevel ??= 'strict';
    options.validationAction ??= 'error';
  }
  if (validationLevel !== undefined && !LEVELS.includes(validationLevel as string))
    throw new MongoError('BadValue', `Enumeration value '${String(validationLevel)}' for field 'validationLevel' is not a valid value.`);
  if (validationAction !== undefined && !ACTIONS.includes(validationAction as string))
    throw new MongoError('BadValue', `Enumeration value '${String(validationAction)}' for field 'validationAction' is not a valid value.`);
}

/**
 * Checks a document about to be written (`prev`: the version it replaces, for updates) against
 * the collection's validator. Throws DocumentValidationFailure (121), or with
 * `validationAction: 'warn'` reports through `warn` and lets the write through.
 */
export function validateWrite(coll: Collection, next: Doc, prev: Doc | undefined, bypass: boolean | undefined, warn: (msg: string) => void): void {
  const validator = coll.options.validator;
  if (bypass || !isPlainObject(validator) || !Object.keys(validator).length) return;
  const level = (coll.options.validationLevel as string | undefined) ?? 'strict';
  if (level === 'off') return;
  const q = validatorQuery(validator);
  if (q.test(next)) return;
  // moderate: updates to documents that already failed the validator are not checked.
  if (level === 'moderate' && prev && !q.test(prev)) return;
  const errInfo = { failingDocumentId: next._id, details: validatorDetails(validator, next) };
  if (coll.options.validationAction === 'warn') {
    warn(`Document would fail validation (${coll.ns}, _id ${String(next._id)}): ${JSON.stringify(errInfo.details)}`);
    return;
  }
  throw new MongoError('DocumentValidationFailure', 'Document failed validation', { errInfo });
}
