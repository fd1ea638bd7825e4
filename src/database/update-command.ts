import { MongoServerError, type ClientSession, type Db, type Document } from 'mongodb';

/** One statement of an `update` command: a filter, an update, and whether it applies to every match. */
export interface UpdateStatement {
  q: Document;
  u: Document;
  multi?: boolean;
}

/**
 * Several update statements in one unordered `update` command, sent as it is: for a hot path where
 * the driver's `bulkWrite` BSON-encoded every statement once more only to measure it and built
 * its result classes (issue 19: a fifth of the webhook worker's database work on the main
 * thread). Unlike `bulkWrite` the command is not retried on a transient error: it rejects, as a
 * write concern or the first statement's write error does (a `MongoServerError`, so its code
 * reaches `isDuplicateKeyError` and the like).
 */
export async function runUpdates(
  db: Db,
  collection: string,
  updates: UpdateStatement[],
  session?: ClientSession,
): Promise<{ matched: number; modified: number }> {
  const reply = await db.command({ update: collection, updates, ordered: false }, { session });
  const writeError = (reply.writeErrors as Document[] | undefined)?.[0];
  if (writeError) throw new MongoServerError({ ...writeError, message: String(writeError.errmsg) });
  if (reply.writeConcernError) throw new MongoServerError({ ...reply.writeConcernError, message: String(reply.writeConcernError.errmsg) });
  return { matched: Number(reply.n ?? 0), modified: Number(reply.nModified ?? 0) };
}
