import { Long, MongoServerError, ObjectId, type ClientSession, type Collection, type Db, type Document } from 'mongodb';
import type { Connection, Model, Schema } from 'mongoose';
import type { DatabaseInfo } from './database-info';
import { isObjectIdString } from './object-id';
import { ReadCache } from './read-cache';
import { currentSession, outsideTransaction } from './transactions';

/** A query filter or an update document, with our own typed values (ObjectIds, Dates). */
export type Filter = Document;
export type Update = Document;

export interface FindOptions {
  projection?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
}

/** One statement of a multi-statement update (`updateEach`). */
export interface UpdateStatement {
  q: Filter;
  u: Update;
  multi?: boolean;
  upsert?: boolean;
}

export interface WriteResult {
  matched: number;
  modified: number;
  upserted: number;
}

/**
 * Where a cache may be on, by what its readers accept:
 * - `next-read`: a change by anyone applies on the next read. On only where the database tells
 *   this process about every change (the embedded database it started: its write counters); off
 *   on an external MongoDB, which other instances and clients share.
 * - `{ withinMs }`: a change made through another instance may take that long to apply (this
 *   instance's own writes apply at once; on the embedded database any change, through the
 *   counter). On everywhere.
 */
export type CacheConsistency = 'next-read' | { withinMs: number };

export interface CacheOptions<V> {
  consistency: CacheConsistency;
  /** How long an entry is kept without a read of the database at most (`next-read` caches). */
  ttlMs?: number;
  /** Entries kept at most (the cache is emptied when full). */
  max: number;
  /** Whether a loaded value may be kept (default: any value but null). */
  keep?: (value: V) => boolean;
}

/** A cache of one repository's reads: `read` answers from memory or runs `load` and keeps what it found. */
export interface CachedReads<V> {
  readonly enabled: boolean;
  read(key: string, load: () => Promise<V | null>): Promise<V | null>;
}

/** What of a Mongoose model a repository is built on: its schema, its connection and its collection's name. */
export type SchemaModel = Pick<Model<unknown>, 'applyDefaults'> & { schema: Schema; db: Connection; collection: { collectionName: string } };

interface TimestampFields {
  createdAt?: string;
  updatedAt?: string;
}

interface CursorReply<T> {
  cursor: { id: number | Long; firstBatch?: T[]; nextBatch?: T[] };
}

/**
 * The one way a repository reaches its collection (docs/conventions.md). A repository extends it
 * with its Mongoose model (the schema: defaults, timestamps, indexes) and calls these methods
 * only; they own what every repository used to do by hand:
 *
 * - the session: every operation joins the caller's transaction (`Transactions.run`), if any;
 * - ids: `oid` casts our own ids, `parseId` a caller's (null when malformed: "not found");
 * - timestamps and defaults: inserts get the schema's defaults, `createdAt`/`updatedAt` and
 *   version key as Mongoose's `save` would store them; every update sets `updatedAt` and leaves
 *   out undefined values, and an upsert's insert gets `createdAt` and the defaults, as Mongoose's
 *   updates did;
 * - caches: made by `cache`, emptied by every write through this repository (again when a
 *   transaction that wrote ends), bypassed inside a transaction that wrote the collection.
 *
 * Values are not cast or validated here: they come typed from our own code, after input
 * validation. Reads run as single commands (`find`, `aggregate`, `count`, `distinct`), answered
 * whole in the first batch when small; writes of one statement go through the driver's
 * collection methods (retryable writes), several statements at once through one `update` command.
 */
export abstract class Repository<TDoc extends Document> {
  private readonly name: string;
  private native?: Collection<Document>;
  private readonly stamps: TimestampFields;
  private readonly caches: ReadCache<unknown>[] = [];
  /** Transactions that wrote through this repository: its caches are emptied again when each ends. */
  private readonly writtenIn = new WeakSet<ClientSession>();

  protected constructor(
    private readonly model: SchemaModel,
    private readonly database?: DatabaseInfo,
  ) {
    this.name = model.collection.collectionName;
    this.stamps = timestampFields(model.schema.get('timestamps'));
  }

  /** The collection's name (for a `$lookup` stage of another repository's pipeline). */
  protected get collectionName(): string {
    return this.name;
  }

  // ── ids ────────────────────────────────────────────────────────────────────────────────────

  /** A fresh id, for a document whose id another field repeats. */
  protected newId(): ObjectId {
    return new ObjectId();
  }

  /** One of our own ids (an ObjectId, or its hex from a record): cast; a malformed one is a bug. */
  protected oid(id: string | ObjectId): ObjectId {
    return typeof id === 'string' ? new ObjectId(id) : id;
  }

  /** An id a caller gave (a path, a body): null when malformed, so the lookup answers "not found". */
  protected parseId(id: unknown): ObjectId | null {
    if (id instanceof ObjectId) return id;
    return isObjectIdString(id) ? new ObjectId(id) : null;
  }

  // ── reads ──────────────────────────────────────────────────────────────────────────────────

  protected find<R = TDoc>(filter: Filter, options: FindOptions = {}): Promise<R[]> {
    const command: Document = { find: this.name, filter };
    if (options.projection) command.projection = options.projection;
    if (options.sort) command.sort = options.sort;
    if (options.skip) command.skip = options.skip;
    if (options.limit !== undefined) {
      command.limit = options.limit;
      command.batchSize = options.limit;
    }
    return this.cursorDocuments<R>(command);
  }

  protected async findOne<R = TDoc>(filter: Filter, options: Omit<FindOptions, 'limit' | 'skip'> = {}): Promise<R | null> {
    const command: Document = { find: this.name, filter, limit: 1, batchSize: 1, singleBatch: true };
    if (options.projection) command.projection = options.projection;
    if (options.sort) command.sort = options.sort;
    const { cursor } = (await this.db.command(command, { session: currentSession() })) as CursorReply<R>;
    return cursor.firstBatch?.[0] ?? null;
  }

  protected aggregate<R>(pipeline: Document[]): Promise<R[]> {
    return this.cursorDocuments<R>({ aggregate: this.name, pipeline, cursor: {} });
  }

  /** How many documents match: a `count` command (an aggregation inside a transaction, where `count` is not allowed). */
  protected async count(filter: Filter): Promise<number> {
    const session = currentSession();
    if (session) {
      const [row] = await this.aggregate<{ n: number }>([{ $match: filter }, { $count: 'n' }]);
      return row?.n ?? 0;
    }
    const reply = await this.db.command({ count: this.name, query: filter });
    return Number(reply.n);
  }

  protected async distinct<R>(field: string, filter: Filter): Promise<R[]> {
    const reply = await this.db.command({ distinct: this.name, key: field, query: filter }, { session: currentSession() });
    return reply.values as R[];
  }

  /**
   * A cursor-returning command's documents: the first batch, then `getMore` until the cursor is
   * exhausted, all in one session (MongoDB runs a getMore only in the session that opened the
   * cursor): the transaction's, else one started for the read.
   */
  private async cursorDocuments<R>(command: Document): Promise<R[]> {
    const inTransaction = currentSession();
    const session = inTransaction ?? this.db.client.startSession();
    try {
      let { cursor } = (await this.db.command(command, { session })) as CursorReply<R>;
      const documents = cursor.firstBatch ?? [];
      // The driver hands the id back as a number when it fits one exactly, else as a Long; getMore wants a Long.
      while (!Long.fromValue(cursor.id).isZero()) {
        ({ cursor } = (await this.db.command({ getMore: Long.fromValue(cursor.id), collection: this.name }, { session })) as CursorReply<R>);
        for (const document of cursor.nextBatch ?? []) documents.push(document);
      }
      return documents;
    } finally {
      if (!inTransaction) await session.endSession();
    }
  }

  // ── writes ─────────────────────────────────────────────────────────────────────────────────

  /**
   * A new document as Mongoose's `save` would store it (schema defaults, timestamps unless given,
   * version key, undefined values and empty objects left out), without hydrating a Mongoose
   * document. The caller's objects are not changed.
   */
  protected newDocument(fields: Partial<TDoc> | Document, now = new Date()): TDoc & { _id: ObjectId } {
    let doc: Document = { _id: new ObjectId(), ...fields };
    this.model.applyDefaults(doc);
    if (this.stamps.createdAt) doc[this.stamps.createdAt] ??= now;
    if (this.stamps.updatedAt) doc[this.stamps.updatedAt] ??= now;
    doc = minimized(doc, this.model.schema.get('minimize') !== false) ?? {};
    const versionKey = this.model.schema.get('versionKey');
    if (typeof versionKey === 'string') doc[versionKey] ??= 0;
    return doc as TDoc & { _id: ObjectId };
  }

  /** Inserts one new document (see `newDocument`) and returns it as stored. */
  protected async insertOne(fields: Partial<TDoc> | Document, now = new Date()): Promise<TDoc & { _id: ObjectId }> {
    const doc = this.newDocument(fields, now);
    await this.written(() => this.collection.insertOne(doc, { session: currentSession() }));
    return doc;
  }

  /** Inserts new documents in one command, in order (an unordered insert goes on past a duplicate key). */
  protected async insertMany(
    fields: Array<Partial<TDoc> | Document>,
    options: { ordered?: boolean; now?: Date } = {},
  ): Promise<Array<TDoc & { _id: ObjectId }>> {
    if (!fields.length) return [];
    const now = options.now ?? new Date();
    const docs = fields.map((f) => this.newDocument(f, now));
    await this.written(() => this.collection.insertMany(docs, { session: currentSession(), ordered: options.ordered ?? true }));
    return docs;
  }

  protected async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<WriteResult> {
    const result = await this.written(() =>
      this.collection.updateOne(filter, this.prepared(update, options.upsert === true, filter), { session: currentSession(), upsert: options.upsert }),
    );
    return { matched: result.matchedCount, modified: result.modifiedCount, upserted: result.upsertedCount };
  }

  protected async updateMany(filter: Filter, update: Update): Promise<WriteResult> {
    const result = await this.written(() => this.collection.updateMany(filter, this.prepared(update, false), { session: currentSession() }));
    return { matched: result.matchedCount, modified: result.modifiedCount, upserted: result.upsertedCount };
  }

  protected findOneAndUpdate<R = TDoc>(
    filter: Filter,
    update: Update,
    options: { returnDocument: 'before' | 'after'; projection?: Document; upsert?: boolean },
  ): Promise<R | null> {
    return this.written(
      () =>
        this.collection.findOneAndUpdate(filter, this.prepared(update, options.upsert === true, filter), {
          returnDocument: options.returnDocument,
          projection: options.projection,
          upsert: options.upsert,
          session: currentSession(),
        }) as Promise<R | null>,
    );
  }

  /**
   * Several update statements in one unordered `update` command: for a batch of a hot path. Unlike
   * the single-statement methods it is not retried on a transient error; it rejects, as a write
   * concern or the first statement's write error does (a `MongoServerError`, so its code reaches
   * `isDuplicateKeyError` and the like).
   */
  protected async updateEach(statements: UpdateStatement[]): Promise<WriteResult> {
    if (!statements.length) return { matched: 0, modified: 0, upserted: 0 };
    const updates = statements.map((s) => ({ ...s, u: this.prepared(s.u, s.upsert === true, s.q) }));
    const reply = await this.written(() => this.db.command({ update: this.name, updates, ordered: false }, { session: currentSession() }));
    const writeError = (reply.writeErrors as Document[] | undefined)?.[0];
    if (writeError) throw new MongoServerError({ ...writeError, message: String(writeError.errmsg) });
    if (reply.writeConcernError) throw new MongoServerError({ ...reply.writeConcernError, message: String(reply.writeConcernError.errmsg) });
    const upserted = (reply.upserted as unknown[] | undefined)?.length ?? 0;
    return { matched: Number(reply.n ?? 0) - upserted, modified: Number(reply.nModified ?? 0), upserted };
  }

  /** How many documents went. */
  protected async deleteOne(filter: Filter): Promise<number> {
    return (await this.written(() => this.collection.deleteOne(filter, { session: currentSession() }))).deletedCount;
  }

  protected async deleteMany(filter: Filter): Promise<number> {
    return (await this.written(() => this.collection.deleteMany(filter, { session: currentSession() }))).deletedCount;
  }

  /**
   * An update as Mongoose would send it: undefined values left out, `updatedAt` set (unless the
   * update sets it), and for an upsert's insert `createdAt`, the version key and the schema's
   * defaults of every path neither the update nor the filter sets.
   */
  private prepared(update: Update, upsert: boolean, filter?: Filter): Update {
    // Copied only where an undefined value is to be left out (the common update has none).
    let out: Update = update;
    if (Object.values(update).some((fields) => holdsUndefined(fields))) {
      out = {};
      for (const [operator, fields] of Object.entries(update)) {
        const kept = minimized(fields as Document, false);
        if (kept) out[operator] = kept;
      }
    }
    const { createdAt, updatedAt } = this.stamps;
    const now = new Date();
    if (updatedAt && !setsField(out, updatedAt)) out = { ...out, $set: { ...out.$set, [updatedAt]: now } };
    if (!upsert) return out;
    const touched = new Set<string>(Object.values(out).flatMap((fields) => Object.keys(fields as Document)));
    for (const key of Object.keys(filter ?? {})) if (!key.startsWith('$')) touched.add(key);
    const onInsert: Document = {};
    if (createdAt) onInsert[createdAt] = now;
    const versionKey = this.model.schema.get('versionKey');
    if (typeof versionKey === 'string') onInsert[versionKey] = 0;
    for (const [path, value] of leafPaths(this.defaults)) onInsert[path] = value;
    for (const path of Object.keys(onInsert)) {
      if ([...touched].some((t) => t === path || t.startsWith(`${path}.`) || path.startsWith(`${t}.`))) delete onInsert[path];
    }
    if (Object.keys(onInsert).length) out = { ...out, $setOnInsert: { ...out.$setOnInsert, ...onInsert } };
    return out;
  }

  /** The schema's defaults of a new document (its `_id` aside), made anew for each use (a default may be a function). */
  private get defaults(): Document {
    const { _id, ...defaults } = this.model.applyDefaults({}) as Document;
    void _id;
    return defaults;
  }

  /** Runs a write, then empties this repository's caches (again when the transaction it ran in ends), even when it failed part-way. */
  private async written<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      if (this.caches.length) this.invalidateCaches(currentSession());
    }
  }

  private invalidateCaches(session: ClientSession | undefined): void {
    for (const cache of this.caches) cache.invalidate();
    // Inside a transaction the write reaches other readers only once it commits: a read between
    // the two would have kept the old state.
    if (session && !this.writtenIn.has(session)) {
      this.writtenIn.add(session);
      session.once('ended', () => {
        for (const cache of this.caches) cache.invalidate();
      });
    }
  }

  // ── caches ─────────────────────────────────────────────────────────────────────────────────

  /**
   * A cache of this repository's reads, emptied by every write through it. Where it is on depends
   * on `consistency` (see CacheConsistency). Inside a transaction that has written this collection,
   * reads skip it (they must see the transaction's own writes); elsewhere its loads read the
   * latest committed state, outside the caller's transaction.
   */
  protected cache<V>(options: CacheOptions<V>): CachedReads<V> {
    // Where the database reports every change (its write counter), every cache is exact.
    const version = this.database?.writeVersion?.(this.name);
    const enabled = options.consistency !== 'next-read' || version !== undefined;
    const ttlMs = typeof options.consistency === 'object' ? options.consistency.withinMs : (options.ttlMs ?? 60_000);
    const cache = new ReadCache<V>({ enabled, ttlMs, version, max: options.max, keep: options.keep });
    this.caches.push(cache as ReadCache<unknown>);
    return {
      enabled,
      read: (key, load) => {
        const session = currentSession();
        if (session && this.writtenIn.has(session)) return load();
        return cache.read(key, () => outsideTransaction(load));
      },
    };
  }

  /** The driver's database and collection (not Mongoose's wrappers: no casting, hooks or buffering). */
  private get db(): Db {
    return this.model.db.db!;
  }

  private get collection(): Collection<Document> {
    this.native ??= this.db.collection(this.name);
    return this.native;
  }
}

/** The field names of a schema's `timestamps` option (`true`, or `{ createdAt, updatedAt }` as booleans or names). */
function timestampFields(option: unknown): TimestampFields {
  if (option === true) return { createdAt: 'createdAt', updatedAt: 'updatedAt' };
  if (!option || typeof option !== 'object') return {};
  const { createdAt, updatedAt } = option as { createdAt?: boolean | string; updatedAt?: boolean | string };
  const name = (value: boolean | string | undefined, fallback: string) => (typeof value === 'string' ? value : value === false ? undefined : fallback);
  return { createdAt: name(createdAt, 'createdAt'), updatedAt: name(updatedAt, 'updatedAt') };
}

/** Whether an update operator's fields hold an undefined value at any depth of plain objects. */
function holdsUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isPlainObject(value)) return false;
  for (const key in value) if (holdsUndefined(value[key])) return true;
  return false;
}

/** Whether an update names `field` in any of its operators. */
function setsField(update: Update, field: string): boolean {
  for (const operator in update) if ((update[operator] as Document)[field] !== undefined) return true;
  return false;
}

/** A default document's values by dotted path, down through plain objects (arrays and values are leaves). */
function leafPaths(doc: Document, prefix = ''): Array<[string, unknown]> {
  return Object.entries(doc).flatMap(([key, value]): Array<[string, unknown]> =>
    isPlainObject(value) && Object.keys(value).length ? leafPaths(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

/**
 * A copy without undefined values, at every depth, and with `dropEmpty` without empty plain
 * objects either (Mongoose's `minimize` on save, the schemas' default).
 */
function minimized(obj: Document, dropEmpty: boolean): Document | undefined {
  const out: Document = {};
  for (const [key, value] of Object.entries(obj)) {
    const kept = isPlainObject(value) ? (minimized(value, dropEmpty) ?? (dropEmpty ? undefined : {})) : value;
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length ? out : undefined;
}

function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
