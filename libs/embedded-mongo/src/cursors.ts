// Server-side cursors. Results are materialised when the cursor is opened (the engine is
// in-memory, so this costs no I/O) and handed out in batches by getMore. Ids are Int64 (Long)
// as MongoDB's are; idle cursors are reaped after a timeout (MongoDB: 10 minutes).
import { Long } from 'bson';
import { MongoError } from './errors';
import { Doc } from './bson/values';
import { EncodedBatch, encodeDoc } from './bson/codec';

/** MongoDB caps a reply batch at 16 MiB of documents. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 16 * 1024;

export interface Cursor {
  id: Long;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
  sessionId?: string;
}

export class CursorManager {
  private readonly cursors = new Map<string, Cursor>();
  private nextId = BigInt(Date.now()) * 1000n;

  /**
   * Takes the first batch from `docs`; returns it with the cursor id (0 when exhausted).
   * batchSize undefined = MongoDB's default first batch of 101 documents.
   */
  open(ns: string, docs: Doc[], batchSize: number | undefined, singleBatch: boolean, sessionId?: string): { batch: EncodedBatch; id: Long } {
    const cursor: Cursor = { id: Long.ZERO, ns, docs, pos: 0, lastUsed: 0, sessionId };
    const batch = this.take(cursor, batchSize ?? 101);
    if (singleBatch || cursor.pos >= docs.length) return { batch, id: Long.ZERO };
    this.nextId += 1n;
    cursor.id = Long.fromBigInt(this.nextId);
    this.cursors.set(this.nextId.toString(), cursor);
    return { batch, id: cursor.id };
  }

  getMore(id: Long, ns: string, batchSize: number | undefined): { batch: EncodedBatch; id: Long } {
    const key = id.toBigInt().toString();
    const cursor = this.cursors.get(key);
    if (!cursor) throw new MongoError('CursorNotFound', `cursor id ${key} not found`);
    if (cursor.ns !== ns)
      throw new MongoError('Unauthorized', `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`);
    const batch = this.take(cursor, batchSize || Infinity);
    if (cursor.pos >= cursor.docs.length) {
      this.cursors.delete(key);
      return { batch, id: Long.ZERO };
    }
    return { batch, id: cursor.id };
  }

  kill(ids: Long[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const id of ids) {
      const key = Long.isLong(id) ? id.toBigInt().toString() : String(id);
      (this.cursors.delete(key) ? killed : notFound).push(Long.isLong(id) ? id : Long.fromNumber(Number(id)));
    }
    return { killed, notFound };
  }

  killForSession(sessionId: string): void {
    for (const [key, c] of this.cursors) if (c.sessionId === sessionId) this.cursors.delete(key);
  }

  get size(): number {
    return this.cursors.size;
  }

  reap(idleMs: number): void {
    const now = Date.now();
    for (const [key, c] of this.cursors) if (now - c.lastUsed > idleMs) this.cursors.delete(key);
  }

  /**
   * The next documents up to `max` and the reply's size limit, encoded (the encoding is the size
   * check; encodeReply puts the bytes in the reply). A batch always takes its first document.
   */
  private take(cursor: Cursor, max: number): EncodedBatch {
    const batch = new EncodedBatch();
    while (cursor.pos < cursor.docs.length && batch.length < max) {
      const encoded = encodeDoc(cursor.docs[cursor.pos]);
      if (batch.length && batch.bytes + encoded.length > MAX_BATCH_BYTES) break;
      batch.push(encoded);
      cursor.pos++;
    }
    // Idle time counts from when the batch is ready: encoding a large one takes a while.
    cursor.lastUsed = Date.now();
    return batch;
  }
}
