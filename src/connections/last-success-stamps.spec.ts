import { LastSuccessStamps, type LastSuccessStamp } from './last-success-stamps';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(done: () => boolean): Promise<void> {
  for (const started = Date.now(); !done(); await sleep(5)) if (Date.now() - started > 2_000) throw new Error('timed out');
}

describe('LastSuccessStamps', () => {
  function setup(delayMs = 1_000) {
    const writes: LastSuccessStamp[][] = [];
    let fail = false;
    const errors: unknown[] = [];
    const concurrency = { now: 0, max: 0 };
    const stamps = new LastSuccessStamps(
      async (batch) => {
        concurrency.max = Math.max(concurrency.max, ++concurrency.now);
        try {
          await sleep(5);
          if (fail) throw new Error('database down');
          writes.push(batch);
        } finally {
          concurrency.now -= 1;
        }
      },
      delayMs,
      (err) => errors.push(err),
    );
    return { stamps, writes, errors, concurrency, failWrites: (v: boolean) => (fail = v) };
  }

  it('writes every held connection in one write, the newest stamp of each', async () => {
    const { stamps, writes } = setup();
    stamps.add({ userId: 'u1', connectionId: 'c1', at: at(3) });
    stamps.add({ userId: 'u1', connectionId: 'c1', at: at(1) }); // older: does not replace
    stamps.add({ userId: 'u2', connectionId: 'c2', at: at(2) });
    stamps.add({ userId: 'u2', connectionId: 'c2', at: at(4) });
    expect(stamps.size).toBe(2);
    await stamps.flush();
    expect(writes).toEqual([
      [
        { userId: 'u1', connectionId: 'c1', at: at(3) },
        { userId: 'u2', connectionId: 'c2', at: at(4) },
      ],
    ]);
    expect(stamps.size).toBe(0);
    await stamps.flush(); // nothing held: no write
    expect(writes).toHaveLength(1);
  });

  it('writes on its own after the delay, once for the whole burst', async () => {
    const { stamps, writes } = setup(30);
    for (let i = 0; i < 5; i++) stamps.add({ userId: 'u', connectionId: `c${i % 2}`, at: at(i) });
    expect(writes).toHaveLength(0);
    await sleep(80);
    expect(writes).toHaveLength(1);
    expect(writes[0].map((s) => [s.connectionId, s.at])).toEqual([
      ['c0', at(4)],
      ['c1', at(3)],
    ]);
  });

  it('keeps the stamps of a failed write for the next one, where a newer stamp still wins', async () => {
    const { stamps, writes, failWrites } = setup(); // (no timer fires during the test)
    failWrites(true);
    stamps.add({ userId: 'u', connectionId: 'c1', at: at(1) });
    await expect(stamps.flush()).rejects.toThrow('database down');
    expect(stamps.size).toBe(1);
    stamps.add({ userId: 'u', connectionId: 'c1', at: at(5) });
    failWrites(false);
    await stamps.flush();
    expect(writes).toEqual([[{ userId: 'u', connectionId: 'c1', at: at(5) }]]);
  });

  it('reports a failed timed write and tries again on its own', async () => {
    const { stamps, writes, errors, failWrites } = setup(20);
    failWrites(true);
    stamps.add({ userId: 'u', connectionId: 'c1', at: at(1) });
    await until(() => errors.length >= 1);
    expect(writes).toEqual([]);
    failWrites(false);
    await until(() => writes.length === 1);
    expect(writes).toEqual([[{ userId: 'u', connectionId: 'c1', at: at(1) }]]);
    expect(stamps.size).toBe(0);
  });

  it('a flush during a write waits for it (never two writes at once), then writes what was held meanwhile', async () => {
    const { stamps, writes, concurrency } = setup();
    stamps.add({ userId: 'u', connectionId: 'c1', at: at(1) });
    const first = stamps.flush();
    stamps.add({ userId: 'u', connectionId: 'c2', at: at(2) });
    const second = stamps.flush();
    // When the second flush resolves, what it was asked for has landed.
    await second;
    expect(writes.map((w) => w.map((s) => s.connectionId))).toEqual([['c1'], ['c2']]);
    expect(concurrency.max).toBe(1);
    await first;
  });
});
