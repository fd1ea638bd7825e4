// BSON type names and numbers: the aliases ($type, $jsonSchema's bsonType) and the number of a
// stored value.
import { NUM_TYPES, NumTypeTable } from './values';

/** BSON type names and their numbers. */
export const TYPE_ALIASES: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};

/** A bson class instance's type name (`'ObjectId'`, `'Binary'` …), undefined for other values. */
export function bsontype(v: unknown): string | undefined {
  return (v as { _bsontype?: string } | null)?._bsontype;
}

/** BSON type number of a stored value (numbers through the parent's type table). */
export function bsonTypeCode(v: unknown, parent?: object, key?: string | number): number {
  if (v === null) return 10;
  if (v === undefined) return 6;
  switch (typeof v) {
    case 'string':
      return 2;
    case 'boolean':
      return 8;
    case 'number': {
      const tag = parent ? (parent as { [NUM_TYPES]?: NumTypeTable })[NUM_TYPES]?.[key as string] : undefined;
      if (tag === 'long') return 18;
      if (tag === 'double') return 1;
      return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? 16 : 1;
    }
    case 'bigint':
      return 18;
  }
  if (Array.isArray(v)) return 4;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  switch (bsontype(v)) {
    case 'ObjectId':
      return 7;
    case 'Binary':
      return 5;
    case 'Long':
      return 18;
    case 'Int32':
      return 16;
    case 'Double':
      return 1;
    case 'Decimal128':
      return 19;
    case 'Timestamp':
      return 17;
    case 'BSONRegExp':
      return 11;
    case 'BSONSymbol':
      return 14;
    case 'Code':
      return (v as { scope?: unknown }).scope ? 15 : 13;
    case 'MinKey':
      return -1;
    case 'MaxKey':
      return 127;
    case 'DBPointer':
      return 12;
  }
  if (v instanceof Uint8Array) return 5;
  return 3;
}

const TYPE_NAMES = new Map(Object.entries(TYPE_ALIASES).map(([k, v]) => [v, k]));

/** A stored value's type name as MongoDB's messages print it (`'int'`, `'double'`, `'objectId'` …). */
export function typeNameOf(v: unknown, parent?: object, key?: string | number): string {
  return TYPE_NAMES.get(bsonTypeCode(v, parent, key)) ?? 'unknown';
}
