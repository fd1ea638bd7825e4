// Collation is out of reach for this server (locale-aware comparison on every query, sort and
// index). Silently comparing binary where the application asked for a locale would answer
// differently from MongoDB (a case-insensitive unique index accepting `A@x.com` beside
// `a@x.com`), so a non-simple collation is refused with NotImplemented naming the feature.
import { MongoError } from '../errors';
import { Doc, isPlainObject } from '../storage/values';

function isSimple(collation: unknown): boolean {
  return collation === undefined || (isPlainObject(collation) && (collation.locale === 'simple' || Object.keys(collation).length === 0));
}

function refuse(collation: unknown): never {
  const locale = isPlainObject(collation) ? String(collation.locale) : String(collation);
  throw new MongoError('NotImplemented', `collation (locale '${locale}') is not supported by the embedded MongoDB server; only the simple binary collation is`);
}

/** Every place a command carries a collation: the command, its statements, its index specs. */
export function assertSimpleCollation(cmd: Doc): void {
  if (!isSimple(cmd.collation)) refuse(cmd.collation);
  for (const field of ['updates', 'deletes', 'indexes']) {
    const list = cmd[field];
    if (!Array.isArray(list)) continue;
    for (const item of list) if (isPlainObject(item) && !isSimple(item.collation)) refuse(item.collation);
  }
}
