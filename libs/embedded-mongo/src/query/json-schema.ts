// `$jsonSchema`: MongoDB's parse checks (unknown keywords, JSON type `integer`, bad shapes) and
// the evaluation of a schema against a value, each unsatisfied rule in MongoDB 5.0+'s errInfo form
// (`operatorName`, `specifiedAs`, `reason`, `consideredValue` …). Used by the `$jsonSchema` query
// operator and by document validators.
import { MongoError } from '../errors';
import { compareValues, Doc, isPlainObject, keyString, toNumber, typeRank } from '../bson/values';
import { bsonTypeCode, TYPE_ALIASES, typeNameOf } from '../bson/type-names';

const JSON_TYPES: Record<string, number[]> = {
  object: [3],
  array: [4],
  number: [1, 16, 18, 19],
  boolean: [8],
  string: [2],
  null: [10],
};

const KEYWORDS = new Set([
  'bsonType',
  'type',
  'required',
  'properties',
  'additionalProperties',
  'patternProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'items',
  'additionalItems',
  'minProperties',
  'maxProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'dependencies',
  'multipleOf',
  'description',
  'title',
  'encrypt',
  'encryptMetadata',
]);

/** Checks a `$jsonSchema` for keywords and shapes MongoDB refuses (FailedToParse, 9). */
export function parseSchema(schema: unknown, path = ''): void {
  if (!isPlainObject(schema)) throw new MongoError('TypeMismatch', `$jsonSchema keyword '${path || '$jsonSchema'}' must be an object`);
  for (const [k, v] of Object.entries(schema)) {
    if (!KEYWORDS.has(k)) throw new MongoError('FailedToParse', `Unknown $jsonSchema keyword: ${k}`);
    if (k === 'type') {
      for (const t of Array.isArray(v) ? v : [v]) {
        if (t === 'integer') throw new MongoError('FailedToParse', 'JSON type integer is not currently supported.');
        if (typeof t !== 'string' || !(t in JSON_TYPES)) throw new MongoError('BadValue', `Unknown type name alias: ${String(t)}`);
      }
    }
    if (k === 'bsonType')
      for (const t of Array.isArray(v) ? v : [v])
        if (typeof t !== 'string' || (!(t in TYPE_ALIASES) && t !== 'number')) throw new MongoError('BadValue', `Unknown type name alias: ${String(t)}`);
    if (k === 'required' && (!Array.isArray(v) || !v.length || !v.every((x) => typeof x === 'string')))
      throw new MongoError('FailedToParse', "$jsonSchema keyword 'required' must be a non-empty array of strings");
    if (k === 'properties' || k === 'patternProperties') {
      if (!isPlainObject(v)) throw new MongoError('TypeMismatch', `$jsonSchema keyword '${k}' must be an object`);
      for (const [p, s] of Object.entries(v)) parseSchema(s, `${path}${p}`);
    }
    if ((k === 'additionalProperties' || k === 'additionalItems') && typeof v !== 'boolean') parseSchema(v, k);
    if (k === 'not') parseSchema(v, k);
    if (k === 'items') for (const s of Array.isArray(v) ? v : [v]) parseSchema(s, k);
    if (k === 'allOf' || k === 'anyOf' || k === 'oneOf') {
      if (!Array.isArray(v) || !v.length) throw new MongoError('FailedToParse', `$jsonSchema keyword '${k}' must be a non-empty array`);
      for (const s of v) parseSchema(s, k);
    }
    if (k === 'enum' && (!Array.isArray(v) || !v.length)) throw new MongoError('FailedToParse', "$jsonSchema keyword 'enum' cannot be an empty array");
  }
}

function typeOk(codes: number[], v: unknown, parent?: object, key?: string | number): boolean {
  const c = bsonTypeCode(v, parent, key);
  return codes.includes(c);
}

function bsonCodes(spec: unknown): number[] {
  const out: number[] = [];
  for (const t of Array.isArray(spec) ? spec : [spec]) {
    if (t === 'number') out.push(1, 16, 18, 19);
    else out.push(TYPE_ALIASES[t as string]);
  }
  return out;
}

function jsonCodes(spec: unknown): number[] {
  return (Array.isArray(spec) ? spec : [spec]).flatMap((t) => JSON_TYPES[t as string] ?? []);
}

/**
 * The rules of `schema` that `value` does not satisfy, in MongoDB's errInfo form (empty: valid).
 */
export function schemaFailures(schema: Doc, value: unknown, parent?: object, key?: string | number): Doc[] {
  const out: Doc[] = [];
  const considered = (extra: Doc = {}) => ({ consideredValue: value, ...extra });
  if (schema.bsonType !== undefined && !typeOk(bsonCodes(schema.bsonType), value, parent, key)) {
    out.push({
      operatorName: 'bsonType',
      specifiedAs: { bsonType: schema.bsonType },
      reason: 'type did not match',
      ...considered(),
      consideredType: typeNameOf(value, parent, key),
    });
  }
  if (schema.type !== undefined && !typeOk(jsonCodes(schema.type), value, parent, key)) {
    out.push({
      operatorName: 'type',
      specifiedAs: { type: schema.type },
      reason: 'type did not match',
      ...considered(),
      consideredType: typeNameOf(value, parent, key),
    });
  }
  if (schema.enum !== undefined && !(schema.enum as unknown[]).some((e) => compareValues(e, value) === 0 && typeRank(e) === typeRank(value))) {
    out.push({ operatorName: 'enum', specifiedAs: { enum: schema.enum }, reason: 'value was not found in enum', ...considered() });
  }
  const isNum = typeRank(value) === 3 && typeof value !== 'string';
  if (isNum) {
    const n = toNumber(value);
    if (schema.minimum !== undefined) {
      const min = toNumber(schema.minimum);
      if (schema.exclusiveMinimum === true ? !(n > min) : !(n >= min)) {
        const specifiedAs: Doc = { minimum: schema.minimum };
        if (schema.exclusiveMinimum !== undefined) specifiedAs.exclusiveMinimum = schema.exclusiveMinimum;
        out.push({ operatorName: 'minimum', specifiedAs, reason: 'comparison failed', ...considered() });
      }
    }
    if (schema.maximum !== undefined) {
      const max = toNumber(schema.maximum);
      if (schema.exclusiveMaximum === true ? !(n < max) : !(n <= max)) {
        const specifiedAs: Doc = { maximum: schema.maximum };
        if (schema.exclusiveMaximum !== undefined) specifiedAs.exclusiveMaximum = schema.exclusiveMaximum;
        out.push({ operatorName: 'maximum', specifiedAs, reason: 'comparison failed', ...considered() });
      }
    }
    if (schema.multipleOf !== undefined) {
      const m = toNumber(schema.multipleOf);
      if (n % m !== 0)
        out.push({
          operatorName: 'multipleOf',
          specifiedAs: { multipleOf: schema.multipleOf },
          reason: 'considered value is not a multiple of the specified value',
          ...considered(),
        });
    }
  }
  if (typeof value === 'string') {
    const len = [...value].length;
    if (schema.minLength !== undefined && len < toNumber(schema.minLength))
      out.push({
        operatorName: 'minLength',
        specifiedAs: { minLength: schema.minLength },
        reason: 'specified string length was not satisfied',
        ...considered(),
      });
    if (schema.maxLength !== undefined && len > toNumber(schema.maxLength))
      out.push({
        operatorName: 'maxLength',
        specifiedAs: { maxLength: schema.maxLength },
        reason: 'specified string length was not satisfied',
        ...considered(),
      });
    if (schema.pattern !== undefined && !new RegExp(String(schema.pattern), 'u').test(value))
      out.push({ operatorName: 'pattern', specifiedAs: { pattern: schema.pattern }, reason: 'regular expression did not match', ...considered() });
  }
  if (Array.isArray(value)) arrayFailures(schema, value, out);
  if (isPlainObject(value)) objectFailures(schema, value, out);
  for (const op of ['allOf', 'anyOf', 'oneOf'] as const) {
    const subs = schema[op] as Doc[] | undefined;
    if (!subs) continue;
    const results = subs.map((s) => schemaFailures(s, value, parent, key));
    const failed = results.map((details, index) => ({ index, details })).filter((r) => r.details.length);
    const matched = subs.length - failed.length;
    if (op === 'allOf' && failed.length) out.push({ operatorName: 'allOf', schemasNotSatisfied: failed });
    if (op === 'anyOf' && matched === 0) out.push({ operatorName: 'anyOf', schemasNotSatisfied: failed });
    if (op === 'oneOf' && matched === 0) out.push({ operatorName: 'oneOf', schemasNotSatisfied: failed });
    if (op === 'oneOf' && matched > 1) {
      out.push({
        operatorName: 'oneOf',
        reason: 'more than one subschema matched',
        matchingSchemaIndexes: results.map((r, i) => (r.length ? -1 : i)).filter((i) => i >= 0),
      });
    }
  }
  if (schema.not !== undefined && !schemaFailures(schema.not as Doc, value, parent, key).length) {
    out.push({ operatorName: 'not', specifiedAs: { not: schema.not }, reason: 'child expression matched' });
  }
  return out;
}

function arrayFailures(schema: Doc, arr: unknown[], out: Doc[]): void {
  if (schema.minItems !== undefined && arr.length < toNumber(schema.minItems))
    out.push({ operatorName: 'minItems', specifiedAs: { minItems: schema.minItems }, reason: 'array did not match specified length', consideredValue: arr });
  if (schema.maxItems !== undefined && arr.length > toNumber(schema.maxItems))
    out.push({ operatorName: 'maxItems', specifiedAs: { maxItems: schema.maxItems }, reason: 'array did not match specified length', consideredValue: arr });
  if (schema.uniqueItems === true) {
    const seen = new Map<string, unknown>();
    for (const x of arr) {
      const k = keyString(x);
      if (seen.has(k)) {
        out.push({
          operatorName: 'uniqueItems',
          specifiedAs: { uniqueItems: true },
          reason: 'found a duplicate item',
          consideredValue: arr,
          duplicatedValue: x,
        });
        break;
      }
      seen.set(k, x);
    }
  }
  if (isPlainObject(schema.items)) {
    for (let i = 0; i < arr.length; i++) {
      const details = schemaFailures(schema.items, arr[i], arr, i);
      if (details.length) {
        out.push({ operatorName: 'items', reason: 'At least one item did not match the sub-schema', itemIndex: i, details });
        break;
      }
    }
  } else if (Array.isArray(schema.items)) {
    const items = schema.items as Doc[];
    const n = Math.min(items.length, arr.length);
    for (let i = 0; i < n; i++) {
      const details = schemaFailures(items[i], arr[i], arr, i);
      if (details.length) {
        out.push({ operatorName: 'items', details: [{ index: i, details }] });
        break;
      }
    }
    if (arr.length > items.length && schema.additionalItems !== undefined) {
      if (schema.additionalItems === false)
        out.push({
          operatorName: 'additionalItems',
          specifiedAs: { additionalItems: false },
          reason: 'found additional items',
          additionalItems: arr.slice(items.length),
        });
      else if (isPlainObject(schema.additionalItems)) {
        for (let i = items.length; i < arr.length; i++) {
          const details = schemaFailures(schema.additionalItems, arr[i], arr, i);
          if (details.length) {
            out.push({ operatorName: 'additionalItems', reason: 'At least one additional item did not match the sub-schema', itemIndex: i, details });
            break;
          }
        }
      }
    }
  }
}

function objectFailures(schema: Doc, obj: Doc, out: Doc[]): void {
  const keys = Object.keys(obj);
  if (schema.minProperties !== undefined && keys.length < toNumber(schema.minProperties))
    out.push({
      operatorName: 'minProperties',
      specifiedAs: { minProperties: schema.minProperties },
      reason: 'specified number of properties was not satisfied',
      numberOfProperties: keys.length,
    });
  if (schema.maxProperties !== undefined && keys.length > toNumber(schema.maxProperties))
    out.push({
      operatorName: 'maxProperties',
      specifiedAs: { maxProperties: schema.maxProperties },
      reason: 'specified number of properties was not satisfied',
      numberOfProperties: keys.length,
    });
  if (Array.isArray(schema.required)) {
    const missing = (schema.required as string[]).filter((p) => !Object.prototype.hasOwnProperty.call(obj, p));
    if (missing.length) out.push({ operatorName: 'required', specifiedAs: { required: schema.required }, missingProperties: missing });
  }
  const props = isPlainObject(schema.properties) ? schema.properties : undefined;
  if (props) {
    const notSatisfied: Doc[] = [];
    for (const [p, sub] of Object.entries(props)) {
      if (!Object.prototype.hasOwnProperty.call(obj, p)) continue;
      const details = schemaFailures(sub as Doc, obj[p], obj, p);
      if (details.length)
        notSatisfied.push({ propertyName: p, ...(typeof (sub as Doc).description === 'string' ? { description: (sub as Doc).description } : {}), details });
    }
    if (notSatisfied.length) out.push({ operatorName: 'properties', propertiesNotSatisfied: notSatisfied });
  }
  const patterns = isPlainObject(schema.patternProperties)
    ? Object.entries(schema.patternProperties).map(([re, s]) => [new RegExp(re, 'u'), s as Doc] as const)
    : [];
  if (patterns.length) {
    const notSatisfied: Doc[] = [];
    for (const p of keys) {
      for (const [re, sub] of patterns) {
        if (!re.test(p)) continue;
        const details = schemaFailures(sub, obj[p], obj, p);
        if (details.length) notSatisfied.push({ propertyName: p, regexMatched: re.source, details });
      }
    }
    if (notSatisfied.length) out.push({ operatorName: 'patternProperties', details: notSatisfied });
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== true) {
    const extra = keys.filter((p) => !(props && Object.prototype.hasOwnProperty.call(props, p)) && !patterns.some(([re]) => re.test(p)));
    if (schema.additionalProperties === false) {
      if (extra.length) out.push({ operatorName: 'additionalProperties', specifiedAs: { additionalProperties: false }, additionalProperties: extra });
    } else if (isPlainObject(schema.additionalProperties)) {
      const notSatisfied: Doc[] = [];
      for (const p of extra) {
        const details = schemaFailures(schema.additionalProperties, obj[p], obj, p);
        if (details.length) notSatisfied.push({ propertyName: p, details });
      }
      if (notSatisfied.length)
        out.push({ operatorName: 'additionalProperties', reason: 'at least one additional property did not match the sub-schema', details: notSatisfied });
    }
  }
  if (isPlainObject(schema.dependencies)) {
    for (const [p, dep] of Object.entries(schema.dependencies)) {
      if (!Object.prototype.hasOwnProperty.call(obj, p)) continue;
      if (Array.isArray(dep)) {
        const missing = (dep as string[]).filter((d) => !Object.prototype.hasOwnProperty.call(obj, d));
        if (missing.length) out.push({ operatorName: 'dependencies', failingDependencies: [{ conditionalProperty: p, missingProperties: missing }] });
      } else if (isPlainObject(dep)) {
        const details = schemaFailures(dep, obj);
        if (details.length) out.push({ operatorName: 'dependencies', failingDependencies: [{ conditionalProperty: p, details }] });
      }
    }
  }
}
