// A collection: documents by canonical _id key, the commit stamps of those written while
// transactions are open (write-conflict detection) and the indexes kept in step with every change.
//
// Documents are kept as their BSON bytes, held in a one-byte string (each byte one Latin-1
// character: immutable, 16 bytes of header, no buffer bookkeeping): a decoded document costs
// about three times its BSON in objects, numbers and dates. Reads decode, through a small cache
// of the documents read or written last. Index keys are values taken from the document when it
// is stored.
import { UUID } from 'bson';
import { MongoError } from '../errors';
import { IndexSpec, IndexStore } from './index-store';
import { Doc, keyString } from '../bson/values';
import { decodeDoc, encodeDoc } from '../bson/codec';
import { internValues } from './interned-values';

/**
 * Decoded documents kept per collection: the ones read or written last. 512 holds a webhook
 * outbox's working set (16 deliveries in flight, each claiming 25 ahead, read, leased, then
 * recorded), so those documents are not decoded again before their last write.
 */
const CACHED_DOCS = 512;

/** Decodes stored bytes (into a buffer of their own: decoded Binary values are views of it). */
function decodeStored(bson: string): Doc {
  return decodeDoc(Buffer.from(bson, 'latin1'));
}

/**
 * A version a document had before a commit replaced or deleted it, kept while a transaction that
 * started before that commit is open: `doc` (null: the document did not exist) was the current
 * version for commit stamps in [ts, until).
 */
export interface OldVersion {
  doc: Doc | null;
  ts: number;
  until: number;
}

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

export class Collection {
  /** The documents' BSON, one byte per character. */
  private readonly docs = new Map<string, string>();
  /**
   * Commit stamps of the versions written while transactions were open (the engine passes them
   * then, and has them forgotten when the last one ends): a version without one predates every
   * open transaction. A stamp per document for good cost an object per document (40 bytes).
   */
  private readonly stamps = new Map<string, number>();
  /** Recently read or written documents, decoded; oldest first (Map order). */
  private readonly cache = new Map<string, Doc>();
  readonly indexes = new Map<string, IndexStore>();
  /** Old versions of documents changed while snapshot transactions are open (engine.ts). */
  readonly history = new Map<string, OldVersion[]>();
  uuid: UUID;

  constructor(
    public db: string,
    public name: string,
    public options: Doc = {},
    uuid?: UUID,
  ) {
    this.uuid = uuid ?? new UUID();
    this.indexes.set('_id_', new IndexStore(ID_INDEX, this.docs));
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  /** The number of documents. */
  get size(): number {
    return this.docs.size;
  }

  /**
   * The stored document under `id`. Callers never change it: a cached document is handed to
   * every reader until it is written again.
   */
  get(id: string): Doc | undefined {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const bson = this.docs.get(id);
    if (bson === undefined) return undefined;
    const doc = decodeStored(bson);
    this.remember(id, doc);
    return doc;
  }

  /** Every document with its id, in insertion order, decoded one at a time. */
  *entries(): IterableIterator<[string, Doc]> {
    for (const [id, bson] of this.docs) yield [id, this.current(id, bson)];
  }

  /** The commit stamp of the current version of `id` (undefined: none kept, see `stamps`). */
  stampOf(id: string): number | undefined {
    return this.stamps.get(id);
  }

  /** Drops the commit stamps: no transaction is open, every later one starts after them all. */
  forgetStamps(): void {
    this.stamps.clear();
  }

  /** The documents' total BSON size in bytes. */
  dataSize(): number {
    let bytes = 0;
    for (const bson of this.docs.values()) bytes += bson.length;
    return bytes;
  }

  /** The version stored as `bson`, without caching it (a version about to be replaced, a scan). */
  private current(id: string, bson: string): Doc {
    return this.cache.get(id) ?? decodeStored(bson);
  }

  private remember(id: string, doc: Doc): void {
    if (this.cache.size >= CACHED_DOCS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, doc);
  }

  /**
   * Throws DuplicateKey if `doc` (stored under `id`) would collide in a unique index.
   * `overlay` is a transaction's pending writes to this collection: documents it replaces or
   * deletes are ignored as committed holders of a key, and its own new documents are checked too.
   */
  checkUnique(id: string, doc: Doc, overlay?: Map<string, Doc | null>): void {
    for (const index of this.indexes.values()) {
      if (!index.unique) continue;
      const keys = index.keysFor(doc);
      if (!keys) continue;
      for (const key of keys) {
        const str = index.hashOf(key);
        for (const other of index.idsFor(str)) {
          if (other !== id && !overlay?.has(other)) throw index.duplicateKeyError(this.ns, key);
        }
        if (!overlay) continue;
        for (const [other, odoc] of overlay) {
          if (other === id || !odoc) continue;
          const okeys = index.keysFor(odoc);
          if (okeys?.some((k) => index.hashOf(k) === str)) throw index.duplicateKeyError(this.ns, key);
        }
      }
    }
  }

  /**
   * Inserts or replaces the document stored under `id` (callers have checked uniqueness); `ts`,
   * the commit's stamp, is given while transactions are open; `encoded`, `doc`'s BSON when the
   * caller already made it.
   */
  put(id: string, doc: Doc, ts?: number, encoded?: Buffer): void {
    const prev = this.docs.get(id);
    const prevDoc = prev === undefined ? undefined : this.current(id, prev);
    const bson = (encoded ?? encodeDoc(doc)).toString('latin1');
    internValues(doc);
    for (const index of this.indexes.values()) {
      if (prevDoc) index.replace(id, prevDoc, doc);
      else index.add(id, doc);
    }
    this.docs.set(id, bson);
    if (ts !== undefined) this.stamps.set(id, ts);
    if (prevDoc) this.cache.delete(id);
    // A document just written is the likeliest to be read next (a claim, then its update). The
    // writer hands it over: nothing changes a stored document in place.
    this.remember(id, doc);
  }

  delete(id: string): boolean {
    const prev = this.docs.get(id);
    if (prev === undefined) return false;
    const prevDoc = this.current(id, prev);
    for (const index of this.indexes.values()) index.remove(id, prevDoc);
    this.docs.delete(id);
    this.stamps.delete(id);
    this.cache.delete(id);
    return true;
  }

  /** Builds a new index over the existing documents; fails (and leaves nothing) on duplicates. */
  addIndex(spec: IndexSpec): void {
    const index = new IndexStore(spec, this.docs);
    for (const [id, doc] of this.entries()) {
      if (index.unique) {
        const keys = index.keysFor(doc) ?? [];
        for (const key of keys) {
          for (const other of index.idsFor(index.hashOf(key))) {
            if (other !== id) {
              const err = index.duplicateKeyError(this.ns, key);
              throw new MongoError(
                'DuplicateKey',
                `Index build failed: ${this.uuid.toHexString()}: Collection ${this.ns} ( ${this.uuid.toHexString()} ) :: caused by :: ${err.message}`,
                err.extra,
              );
            }
          }
        }
      }
      index.add(id, doc);
    }
    this.indexes.set(spec.name, index);
  }

  /** True when the document under `id` was written (or deleted) by a commit after stamp `ts`. */
  changedAfter(id: string, ts: number): boolean {
    const stamp = this.stamps.get(id);
    if (stamp !== undefined && stamp > ts) return true;
    const old = this.history.get(id);
    return !!old && old.some((v) => v.until > ts);
  }

  /**
   * The versions a snapshot taken at stamp `ts` sees where they differ from the current ones:
   * id -> document as of `ts` (null: it did not exist then). Empty when nothing changed since.
   */
  snapshotAt(ts: number): Map<string, Doc | null> | undefined {
    if (!this.history.size) return undefined;
    let out: Map<string, Doc | null> | undefined;
    for (const [id, versions] of this.history) {
      for (const v of versions) {
        if (v.ts <= ts && ts < v.until) {
          (out ??= new Map()).set(id, v.doc);
          break;
        }
      }
    }
    return out;
  }

  static idKey(doc: Doc): string {
    return keyString(doc._id);
  }
}
