import type { ClientSession } from 'mongoose';

/** How long a cached credential is trusted without a read (the backstop for writes by other clients). */
export const CREDENTIAL_CACHE_MS = 5_000;
const CREDENTIAL_CACHE_MAX = 10_000;

interface Entry<T> {
  credential: T;
  expires: number;
}

/**
 * The API-key credentials the guard read recently, by lookup key, so that step 1 of every
 * key-authenticated request costs no database round trip. Only a cache that sees every write can
 * keep "a revoked key fails on the next request": it is on for the embedded database (one process
 * owns it, and ApiKeysRepository's writes invalidate it) and off for an external MongoDB, which
 * several instances may share.
 *
 * Writes invalidate the whole cache (revocations are rare) and bump a generation: a read that was
 * already on its way when a revocation landed is not cached, so it cannot bring the old state back.
 */
export class ApiKeyCredentialCache<T extends { revokedAt?: Date | null; lastUsedAt?: Date | null }> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  constructor(
    readonly enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  async read(lookupKey: string, load: () => Promise<T | null>): Promise<T | null> {
    if (!this.enabled) return load();
    const hit = this.entries.get(lookupKey);
    if (hit && hit.expires > this.now()) return hit.credential;
    const generation = this.generation;
    const credential = await load();
    if (credential && !credential.revokedAt && generation === this.generation) {
      if (this.entries.size >= CREDENTIAL_CACHE_MAX) this.entries.clear();
      this.entries.set(lookupKey, { credential, expires: this.now() + CREDENTIAL_CACHE_MS });
    } else {
      this.entries.delete(lookupKey);
    }
    return credential;
  }

  /** lastUsedAt was written: the cached copy follows, so the next request does not write it again. */
  noteUse(lookupKey: string, at: Date): void {
    const hit = this.entries.get(lookupKey);
    if (hit) hit.credential = { ...hit.credential, lastUsedAt: at };
  }

  /**
   * A key changed. Inside a transaction the change is visible to other readers only once it
   * commits, so the cache is emptied again when the session ends (a read between the two would
   * have seen the old state).
   */
  invalidate(session?: ClientSession): void {
    this.generation += 1;
    this.entries.clear();
    session?.once('ended', () => {
      this.generation += 1;
      this.entries.clear();
    });
  }
}
