export interface ReadCacheOptions<V> {
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
 * read costs no database round trip. Made only by a repository (`Repository.cache`), which empties
 * it on every write through it and decides where it may be on (docs/deployment.md).
 *
 * A write empties the whole cache and bumps a generation: a read that was already on its way
 * when the write landed is not kept, so it cannot bring the old state back. Loads must read the
 * latest committed state (not a transaction's snapshot).
 *
 * Misses of one key while its load is on the way share that load, unless something was written
 * since it began (a new generation, or another counter reading): when a busy key's entry expires,
 * every request in flight would otherwise send its own load of the same user and API key.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; version: number | undefined }>();
  private readonly loading = new Map<string, { value: Promise<V | null>; generation: number; version: number | undefined }>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: ReadCacheOptions<V>) {
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

  /** After a write to the cached data: what was kept goes, and a read on its way meanwhile is not kept. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
