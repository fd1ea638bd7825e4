import type { ClientSession } from 'mongoose';

export interface ProcessReadCacheOptions<V> {
  /** Off: every read goes to the database (see the class comment for when it may be on). */
  enabled: boolean;
  /** How long an entry is trusted without a read: the backstop for writes by other clients where there is no `version`. */
  ttlMs: number;
  /**
   * The embedded database's write counter of the collection the values come from
   * (`DatabaseInfo.writeVersion`): an entry read at one reading is not used at another, so a
   * change by any client (mongosh included) applies on the next read, not after `ttlMs`.
   */
  version?: () => number;
  /** Entries kept at most (the cache is emptied when full). */
  max: number;
  /** Whether a loaded value may be kept (default: any value but null). */
  keep?: (value: V) => boolean;
  now?: () => number;
}

/**
 * Values read on every request and written rarely, kept in this process's memory so that the
 * read costs no database round trip. Only a cache that sees every write stays exact, so where a
 * change must apply on the next request it is on for the embedded database (one process owns it:
 * the owning repository invalidates it on each of its writes, and the database's write counter,
 * `version`, catches every other client's) and off for an external MongoDB, which several
 * instances may share. Where a reader accepts changes made through other instances
 * arriving within `ttlMs` (the users' summaries), it is on everywhere.
 *
 * A write empties the whole cache and bumps a generation: a read that was already on its way
 * when the write landed is not kept, so it cannot bring the old state back. Loads must read the
 * latest committed state (not a transaction's snapshot).
 *
 * Misses of one key while its load is on the way share that load, unless something was written
 * since it began (a new generation, or another counter reading): when a busy key's entry expires,
 * every request in flight would otherwise send its own load (measured under list-posts load: 7–10
 * loads of the same user and API key every 5 s, each queued behind the others).
 */
export class ProcessReadCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; version: number | undefined }>();
  private readonly loading = new Map<string, { value: Promise<V | null>; generation: number; version: number | undefined }>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: ProcessReadCacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  async read(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (!this.options.enabled) return load();
    // Read before the load: a change applied after this reading makes the entry miss (the
    // database bumps the counter after applying a change, before replying to its writer).
    const version = this.options.version?.();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now() && hit.version === version) return hit.value;
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation && pending.version === version) return pending.value;
    const loaded = { value: this.loadAndKeep(key, load, version), generation: this.generation, version };
    this.loading.set(key, loaded);
    try {
      return await loaded.value;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  private async loadAndKeep(key: string, load: () => Promise<V | null>, version: number | undefined): Promise<V | null> {
    const generation = this.generation;
    const value = await load();
    if (value !== null && (this.options.keep?.(value) ?? true) && generation === this.generation) {
      if (this.entries.size >= this.options.max) this.entries.clear();
      this.entries.set(key, { value, expires: this.now() + this.options.ttlMs, version });
    } else {
      this.entries.delete(key);
    }
    return value;
  }

  /** A write this process made to a cached value's own bookkeeping (not one that changes what the cache decides). */
  update(key: string, change: (value: V) => V): void {
    const hit = this.entries.get(key);
    if (hit) hit.value = change(hit.value);
  }

  /** The write counter now (undefined without one): read it right before a bookkeeping write, for `carryOver`. */
  versionNow(): number | undefined {
    return this.options.version?.();
  }

  /**
   * After this process's own bookkeeping write of `changes` documents (one that changes nothing
   * the cached values are used for; `update` mends their copies), begun when the counter read
   * `before`: if the counter has moved by exactly those changes, nobody else wrote the collection
   * meanwhile, so the entries read at `before` still hold at the new reading. Any other write in
   * between (another client's, another of this process's) leaves the counter elsewhere, and the
   * entries miss as usual. Without it every such write made each entry reload once.
   */
  carryOver(before: number | undefined, changes: number): void {
    const now = this.options.version?.();
    if (before === undefined || now === undefined || now !== before + changes) return;
    for (const entry of this.entries.values()) if (entry.version === before) entry.version = now;
  }

  /**
   * Call after each write to the cached data. A read that was on its way meanwhile is not kept;
   * inside a transaction the write is visible to other readers only once it commits, so the cache
   * is emptied again when the session ends (a read between the two would have seen the old state).
   */
  invalidate(session?: ClientSession): void {
    this.clear();
    session?.once('ended', () => this.clear());
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
