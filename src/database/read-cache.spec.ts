import { ReadCache } from './read-cache';

const TTL = 5_000;

interface Credential {
  id: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

const active = (id: string): Credential => ({ id, revokedAt: null, lastUsedAt: null });

describe('process read cache', () => {
  let clock: number;
  let cache: ReadCache<Credential>;
  let loads: number;
  const loader = (value: Credential | null) => async () => {
    loads += 1;
    return value;
  };

  /** A cache kept by a write counter (the embedded database's), read through `version`. */
  const versionedCache = (version: () => number) => new ReadCache<Credential>({ enabled: true, ttlMs: TTL, max: 100, version, now: () => clock });

  beforeEach(() => {
    clock = 1_000_000;
    loads = 0;
    cache = new ReadCache<Credential>({ enabled: true, ttlMs: TTL, max: 100, keep: (c) => !c.revokedAt, now: () => clock });
  });

  it('answers a repeated lookup from memory until the entry is ttlMs old', async () => {
    await cache.read('k', loader(active('a')));
    await cache.read('k', loader(active('b')));
    expect(loads).toBe(1);
    clock += TTL;
    expect(await cache.read('k', loader(active('c')))).toEqual(active('c'));
    expect(loads).toBe(2);
  });

  it('never keeps null or what `keep` refuses (unknown and revoked keys)', async () => {
    await cache.read('k', loader(null));
    await cache.read('k', loader({ ...active('a'), revokedAt: new Date() }));
    await cache.read('k', loader(active('a')));
    expect(loads).toBe(3);
  });

  it('reads every time when disabled (an external MongoDB)', async () => {
    const off = new ReadCache<Credential>({ enabled: false, ttlMs: TTL, max: 100, now: () => clock });
    await off.read('k', loader(active('a')));
    await off.read('k', loader(active('a')));
    expect(loads).toBe(2);
  });

  it('drops everything on invalidate', async () => {
    await cache.read('k', loader(active('a')));
    cache.invalidate();
    await cache.read('k', loader(active('a')));
    expect(loads).toBe(2);
  });

  it('does not cache a read that was in flight when a revocation landed', async () => {
    let finish!: (c: Credential) => void;
    const inFlight = cache.read('k', () => new Promise<Credential>((resolve) => (finish = resolve)));
    cache.invalidate();
    finish(active('before-revocation'));
    await inFlight;
    await cache.read('k', loader({ ...active('a'), revokedAt: new Date() }));
    expect(loads).toBe(1);
  });

  describe('concurrent misses of one key', () => {
    /** A load that finishes when told to, counted in `loads`. */
    const deferred = () => {
      let finish!: (c: Credential | null) => void;
      let fail!: (e: Error) => void;
      const load = () => {
        loads += 1;
        return new Promise<Credential | null>((resolve, reject) => {
          finish = resolve;
          fail = reject;
        });
      };
      return { load, finish: (c: Credential | null) => finish(c), fail: (e: Error) => fail(e) };
    };

    it('share the load on its way (an expired entry of a busy key is loaded once, not once per request)', async () => {
      const first = deferred();
      const reads = [cache.read('k', first.load), cache.read('k', loader(active('b'))), cache.read('k', loader(active('c')))];
      first.finish(active('a'));
      expect(await Promise.all(reads)).toEqual([active('a'), active('a'), active('a')]);
      expect(loads).toBe(1);
      // Each key its own load.
      await Promise.all([cache.read('x', loader(active('x'))), cache.read('y', loader(active('y')))]);
      expect(loads).toBe(3);
    });

    it('do not share a load that began before a write (invalidate)', async () => {
      const first = deferred();
      const before = cache.read('k', first.load);
      cache.invalidate();
      const after = cache.read('k', loader({ ...active('a'), revokedAt: new Date() }));
      first.finish(active('a'));
      expect((await before)?.revokedAt).toBeNull();
      expect((await after)?.revokedAt).toBeInstanceOf(Date);
      expect(loads).toBe(2);
    });

    it("do not share a load begun at another reading of the database's write counter", async () => {
      let counter = 0;
      const versioned = versionedCache(() => counter);
      const first = deferred();
      const before = versioned.read('k', first.load);
      counter += 1; // another client's write
      const after = versioned.read('k', loader(active('new')));
      first.finish(active('old'));
      expect(await before).toEqual(active('old'));
      expect(await after).toEqual(active('new'));
      expect(loads).toBe(2);
    });

    it('share a failure too, and the next read loads again', async () => {
      const first = deferred();
      const reads = [cache.read('k', first.load), cache.read('k', loader(active('b')))];
      first.fail(new Error('database down'));
      for (const read of reads) await expect(read).rejects.toThrow('database down');
      expect(await cache.read('k', loader(active('c')))).toEqual(active('c'));
      expect(loads).toBe(2);
    });
  });

  it("with the database's write counter, uses an entry only at the reading it was loaded at", async () => {
    let counter = 7;
    const versioned = versionedCache(() => counter);
    await versioned.read('k', loader(active('a')));
    expect(await versioned.read('k', loader(active('b')))).toEqual(active('a'));
    expect(loads).toBe(1);
    counter += 1; // another client's write (mongosh): no invalidate() call here
    expect(await versioned.read('k', loader(active('c')))).toEqual(active('c'));
    expect(await versioned.read('k', loader(active('d')))).toEqual(active('c'));
    expect(loads).toBe(2);
  });

  it('keeps an entry loaded across a change under the reading taken before the load, so it misses next time', async () => {
    let counter = 0;
    const versioned = versionedCache(() => counter);
    await versioned.read('k', async () => {
      loads += 1;
      counter += 1; // applied while the load was on its way
      return active('old');
    });
    expect(await versioned.read('k', loader(active('new')))).toEqual(active('new'));
    expect(loads).toBe(2);
  });

  it('empties itself when full', async () => {
    const small = new ReadCache<Credential>({ enabled: true, ttlMs: TTL, max: 2, now: () => clock });
    await small.read('a', loader(active('a')));
    await small.read('b', loader(active('b')));
    await small.read('c', loader(active('c')));
    await small.read('a', loader(active('a')));
    expect(loads).toBe(4);
  });
});
