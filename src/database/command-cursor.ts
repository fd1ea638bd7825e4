import type { ClientSession, Db, Document } from 'mongodb';
import { Long } from 'mongodb';

interface CursorReply<T> {
  cursor: { id: number | Long; firstBatch?: T[]; nextBatch?: T[] };
}

/**
 * Every document of a cursor-returning command (`aggregate`, `find`), read through `db.command`
 * and `getMore` until the cursor is exhausted: for a hot path whose result comes whole in the
 * first batch (a page), where the driver's cursor machinery was a measured share of each request
 * (issue 19). Outside any transaction; one session for all the commands, as MongoDB runs a
 * getMore only in the session that opened its cursor.
 */
export async function commandDocuments<T>(db: Db, collection: string, command: Document): Promise<T[]> {
  const session = db.client.startSession();
  try {
    let { cursor } = (await db.command(command, { session })) as CursorReply<T>;
    const documents = cursor.firstBatch ?? [];
    // The driver hands the id back as a number when it fits one exactly (promoteLongs), else as
    // a Long; getMore wants a Long.
    while (!Long.fromValue(cursor.id).isZero()) {
      ({ cursor } = (await db.command({ getMore: Long.fromValue(cursor.id), collection }, { session })) as CursorReply<T>);
      for (const document of cursor.nextBatch ?? []) documents.push(document);
    }
    return documents;
  } finally {
    await session.endSession();
  }
}

/**
 * The documents of one `find` sent with `singleBatch: true` and its `limit` as the batch size (the
 * server answers with one batch, up to the limit and 16 MiB, and keeps no cursor): for a read
 * bounded by its limit, without the driver's cursor machinery or a session kept for a getMore.
 * In `session` when one is given (a transaction).
 */
export async function singleBatchDocuments<T>(db: Db, find: Document & { find: string; limit: number }, session?: ClientSession): Promise<T[]> {
  const { cursor } = (await db.command({ ...find, batchSize: find.limit, singleBatch: true }, { session })) as CursorReply<T>;
  return cursor.firstBatch ?? [];
}
