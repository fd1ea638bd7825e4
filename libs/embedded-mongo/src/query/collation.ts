// Collation: locale-aware string comparison (ICU through Intl.Collator) for queries, sort,
// aggregation, indexes and a collection's default collation.
//
// Ordering (ranges, sort) uses the collator. Equality (queries, `$in`, unique and equality index
// keys, distinct) uses a canonical key per string that equal strings share under the collation:
// strength 1 folds case and strips diacritics (caseLevel keeps case), strength 2 folds case,
// strength 3+ keeps both; numericOrdering reads digit runs as numbers; alternate 'shifted'
// ignores spaces and punctuation; strength 4 without 'shifted' is strength 3 (the quaternary level
// only orders what 'shifted' ignores), strength 5 (identical) breaks ties by code points. That key is what makes a case-insensitive unique index refuse
// `A@x.com` beside `a@x.com`.
import { MongoError } from '../errors';
import { Doc, isPlainObject, toNumber } from '../bson/values';

export interface Collation {
  /** MongoDB's normalized form (as listIndexes / listCollections show it). */
  spec: Doc;
  /** Identity of the collation (same id = same comparisons). */
  id: string;
  compare(a: string, b: string): number;
  /** Canonical equality key of a string under this collation. */
  key(s: string): string;
}

const FIELDS = new Set([
  'locale',
  'caseLevel',
  'caseFirst',
  'strength',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);
const cache = new Map<string, Collation | undefined>();

function bad(spec: unknown, what: string): never {
  throw new MongoError('BadValue', `${what} in collation ${JSON.stringify(spec)}`);
}

/**
 * The collation a command, index or collection asks for; undefined for none / the simple binary
 * collation. Invalid specifications fail with BadValue; what Intl.Collator cannot do
 * (`backwards: true`) with NotImplemented.
 */
export function parseCollation(spec: unknown): Collation | undefined {
  if (spec === undefined || spec === null) return undefined;
  if (!isPlainObject(spec)) throw new MongoError('TypeMismatch', "BSON field 'collation' is the wrong type, expected type 'object'");
  if (!Object.keys(spec).length) return undefined;
  const cacheKey = JSON.stringify(spec);
  if (cache.has(cacheKey)) return cache.get(cacheKey);
  for (const k of Object.keys(spec)) if (!FIELDS.has(k)) throw new MongoError('FailedToParse', `BSON field 'collation.${k}' is an unknown field.`);
  const locale = spec.locale;
  if (typeof locale !== 'string') throw new MongoError('FailedToParse', "BSON field 'collation.locale' is missing but a required field");
  if (locale === 'simple') {
    cache.set(cacheKey, undefined);
    return undefined;
  }
  const icuLocale = locale.replace(/@.*$/, '');
  let supported: string[] = [];
  try {
    supported = Intl.Collator.supportedLocalesOf(icuLocale.replace(/_/g, '-'));
  } catch {
    supported = [];
  }
  if (!supported.length) bad(spec, `Field 'locale' is invalid`);
  const strength = spec.strength === undefined ? 3 : toNumber(spec.strength);
  if (!Number.isInteger(strength) || strength < 1 || strength > 5)
    throw new MongoError(
      'BadValue',
      `unable to parse collation :: caused by :: Field 'strength' must be an integer 1 through 5. Got: ${String(spec.strength)}`,
    );
  const caseLevel = spec.caseLevel === true;
  const caseFirst = (spec.caseFirst as string | undefined) ?? 'off';
  if (!['upper', 'lower', 'off'].includes(caseFirst)) bad(spec, `Field 'caseFirst' must be 'upper', 'lower' or 'off'`);
  const numericOrdering = spec.numericOrdering === true;
  const alternate = (spec.alternate as string | undefined) ?? 'non-ignorable';
  if (!['non-ignorable', 'shifted'].includes(alternate)) bad(spec, `Field 'alternate' must be 'non-ignorable' or 'shifted'`);
  const maxVariable = (spec.maxVariable as string | undefined) ?? 'punct';
  if (!['punct', 'space'].includes(maxVariable)) bad(spec, `Field 'maxVariable' must be 'punct' or 'space'`);
  if (strength === 4 && alternate === 'shifted')
    throw new MongoError('NotImplemented', "collation strength 4 with alternate 'shifted' (quaternary level) is not supported by the embedded MongoDB server");
  if (spec.backwards === true)
    throw new MongoError('NotImplemented', "collation option 'backwards' (French secondary ordering) is not supported by the embedded MongoDB server");
  const normalized: Doc = {
    locale,
    caseLevel,
    caseFirst,
    strength,
    numericOrdering,
    alternate,
    maxVariable,
    normalization: spec.normalization === true,
    backwards: false,
    version: '57.1',
  };
  const sensitivity = strength === 1 ? (caseLevel ? 'case' : 'base') : strength === 2 ? (caseLevel ? 'variant' : 'accent') : 'variant';
  const collator = new Intl.Collator(supported[0], {
    usage: 'sort',
    sensitivity,
    caseFirst: caseFirst === 'off' ? 'false' : (caseFirst as 'upper' | 'lower'),
    numeric: numericOrdering,
    ignorePunctuation: alternate === 'shifted',
  });
  const foldCase = strength <= 2 && !(strength === 1 && caseLevel) && !(strength === 2 && caseLevel);
  const stripMarks = strength === 1;
  const lower = (s: string): string => s.toLocaleLowerCase(supported[0]);
  const identical = strength === 5;
  const key = (s: string): string => {
    let k = s.normalize('NFD');
    if (identical) return k; // identical level: code points decide
    if (alternate === 'shifted') k = k.replace(maxVariable === 'space' ? /\s+/gu : /[\s\p{P}]+/gu, '');
    if (stripMarks) k = k.replace(/\p{M}+/gu, '');
    if (foldCase) k = lower(k);
    if (numericOrdering) k = k.replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, ''));
    return k.normalize('NFC');
  };
  const out: Collation = {
    spec: normalized,
    id: JSON.stringify(normalized),
    compare: identical
      ? (a, b) => {
          const c = collator.compare(a, b);
          if (c) return c;
          const x = a.normalize('NFD');
          const y = b.normalize('NFD');
          return x < y ? -1 : x > y ? 1 : 0;
        }
      : (a, b) => collator.compare(a, b),
    key,
  };
  cache.set(cacheKey, out);
  return out;
}

/** The spec handed to mingo's options (the server's operators read it back through parseCollation). */
export function mingoCollation(c: Collation | undefined): Doc | undefined {
  return c?.spec;
}

/** Same comparisons (both simple, or both the same collation). */
export function sameCollation(a: Collation | undefined, b: Collation | undefined): boolean {
  return (a?.id ?? 'simple') === (b?.id ?? 'simple');
}

/** A value with every string replaced by its collation key (for grouping and hashing). */
export function collateValue(c: Collation, v: unknown): unknown {
  if (typeof v === 'string') return c.key(v);
  if (Array.isArray(v)) return v.map((x) => collateValue(c, x));
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const [k, x] of Object.entries(v)) out[k] = collateValue(c, x);
    return out;
  }
  return v;
}
