import { LastSuccessStamps, type LastSuccessStamp } from './last-success-stamps';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LastSuccessStamps', () => {
  function setup(delayMs = 1_000) {
    const writes: LastSuccessStamp[][] = [];
    let fail = false;
    const errors: unknown[] = [];
    const stamps = new LastSuccessStamps(
      async (batch) => {
        await sleep(5);
        if (fail) throw new Error('database down');
        writes.push(batch);
      },
      delayMs,
      (err) => errors.push(err),
    );
    return { stamps, writes, errors, failWrites: (v: boolean) => (fail = v) };
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

  it('keeps the stamps of a failed write for the next one (a newer stamp still wins) and reports the failure', async () => {
    const { stamps, writes, errors, failWrites } = setup(20);
    failWrites(true);
    stamps.add({ userId: 'u', connectionId: 'c1', at: at(1) });
    await expect(stamps.flush()).rejects.toThrow('database down');
    expect(stamps.size).toBe(1);
    stamps.add({ userId: 'u', connectionId: 'c1', at: at(5) });
    await sleep(60); // the retry the failure scheduled also fails
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(stamps.size).toBe(1);
    failWrites(false);
    await stamps.flush();
    expect(writes).toEqual([[{ userId: 'u', connectionId: 'c1', at: at(5) }]]);
  });

  it('a flush during a write waits for it, then writes what was held meanwhile', async () => {
    const { stamps, writes } = setup();
    stamps.add({ userId: 'u', connectionId: 'c1', at: at(1) });
    const first = stamps.flush();
    stamps.add({ userId: 'u', connectionId: 'c2', at: at(2) });
    await stamps.flush();
    expect(writes.map((w) => w.map((s) => s.connectionId))).toEqual([['c1'], ['c2']]);
    await first;
  });
});
