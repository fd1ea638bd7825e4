// Collations on commands: every collation a command carries (the command's, its statements',
// its index specs') is validated up front (BadValue for a malformed one, NotImplemented for
// what cannot be honoured); each command then compares under its effective collation: the one
// it names (`{ locale: 'simple' }` = binary), else the collection's default (query/collation.ts).
import { Collation, parseCollation } from '../query/collation';
import { Collection } from '../storage/collection';
import { Doc, isPlainObject } from '../bson/values';

/** Validates every place a command carries a collation: the command, its statements, its index specs. */
export function validateCollations(cmd: Doc): void {
  parseCollation(cmd.collation);
  for (const field of ['updates', 'deletes', 'indexes']) {
    const list = cmd[field];
    if (!Array.isArray(list)) continue;
    for (const item of list) if (isPlainObject(item)) parseCollation(item.collation);
  }
}

/** The collation an operation compares with: its own, else the collection's default. */
export function effectiveCollation(explicit: unknown, coll: Collection | undefined): Collation | undefined {
  if (explicit !== undefined && explicit !== null) return parseCollation(explicit);
  return coll?.options.collation !== undefined ? parseCollation(coll.options.collation) : undefined;
}
