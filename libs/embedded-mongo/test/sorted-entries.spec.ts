// The index's sorted list: fixed-width entries in blocks kept by column (a column with one value
// in every row of its block keeps it once). Checked against a plain sorted array through
// thousands of inserts and removals (enough to split and empty many blocks): order both ways,
// seeks, counts between positions, and removal of absent entries.
import { Block, EntryRef, SortedEntries } from '../src/storage/sorted-list';

/** Entries are [id, a, b]: ordered by a ascending, b descending, then id. */
type Entry = [string, number, string];

function compare(x: Block, xr: number, y: Block, yr: number): number {
  const a = (x.at(xr, 1) as number) - (y.at(yr, 1) as number);
  if (a) return Math.sign(a);
  const bx = x.at(xr, 2) as string;
  const by = y.at(yr, 2) as string;
  if (bx !== by) return bx < by ? 1 : -1;
  const ix = x.at(xr, 0) as string;
  const iy = y.at(yr, 0) as string;
  return ix < iy ? -1 : ix > iy ? 1 : 0;
}

const compareEntries = (x: Entry, y: Entry): number => compare(Block.loose(x), 0, Block.loose(y), 0);

const read = (e: EntryRef): Entry => [e.block.at(e.row, 0) as string, e.block.at(e.row, 1) as number, e.block.at(e.row, 2) as string];

/** A deterministic generator (the failures must reproduce). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

describe('SortedEntries', () => {
  it('keeps fixed-width entries in order through inserts and removals across many blocks', () => {
    const rnd = random(7);
    const list = new SortedEntries(3, compare);
    const model: Entry[] = [];
    const sortModel = () => model.sort(compareEntries);
    for (let round = 0; round < 6000; round++) {
      if (model.length && rnd() < 0.35) {
        const victim = model.splice(Math.floor(rnd() * model.length), 1)[0];
        expect(list.remove(victim)).toBe(true);
      } else {
        // Few distinct keys: long runs of equal (a, b) told apart by the id.
        const entry: Entry = [`id${round}`, Math.floor(rnd() * 40), ['x', 'y', 'z'][Math.floor(rnd() * 3)]];
        list.insert(entry);
        model.push(entry);
      }
    }
    sortModel();
    expect(list.size).toBe(model.length);
    expect([...list.forward()].map(read)).toEqual(model);
    expect([...list.backward()].map(read)).toEqual([...model].reverse());

    // Seeks: the first entry with a >= 20, and counts of the stretches with a = 20 and a < 20.
    const atLeast20 = list.seek((e) => (e.block.at(e.row, 1) as number) < 20);
    const past20 = list.seek((e) => (e.block.at(e.row, 1) as number) <= 20);
    const first20 = model.findIndex((e) => e[1] >= 20);
    const expected20 = model.filter((e) => e[1] === 20);
    expect(read(list.forward(atLeast20).next().value as EntryRef)).toEqual(model[first20]);
    expect(list.countBetween(atLeast20, past20)).toBe(expected20.length);
    expect(list.countBetween({ block: 0, index: 0 }, atLeast20)).toBe(first20);
    expect([...list.backward(past20)].map(read)).toEqual(model.filter((e) => e[1] <= 20).reverse());

    // Removing an entry that is not there changes nothing.
    expect(list.remove(['absent', 20, 'y'])).toBe(false);
    expect(list.size).toBe(model.length);

    // Emptied, block by block.
    for (const e of model) expect(list.remove(e)).toBe(true);
    expect(list.size).toBe(0);
    expect([...list.forward()]).toEqual([]);
    expect(list.seek(() => true)).toEqual({ block: 0, index: 0 });
  });

  it('copies what it is given: the caller may reuse its array', () => {
    const list = new SortedEntries(3, compare);
    const scratch: Entry = ['a', 1, 'x'];
    list.insert(scratch);
    scratch[0] = 'b';
    scratch[1] = 0;
    list.insert(scratch);
    expect([...list.forward()].map(read)).toEqual([
      ['b', 0, 'x'],
      ['a', 1, 'x'],
    ]);
  });

  it('keeps a column once per block while every row of the block holds one value', () => {
    const list = new SortedEntries(3, compare);
    // 1,000 entries with one `b`: per block, the ids and `a` by row, `b` once.
    for (let i = 0; i < 1000; i++) list.insert([`id${String(i).padStart(4, '0')}`, i, 'x']);
    const blocks = list.slotsHeld - 2 * 1000;
    expect(blocks).toBeGreaterThan(1);
    expect(blocks).toBeLessThan(10);
    // A different `b` in the middle: that block keeps its `b`s by row, and the order holds.
    list.insert(['other', 500, 'y']);
    expect(list.slotsHeld).toBeGreaterThan(2 * 1001 + blocks + 100);
    const entries = [...list.forward()].map(read);
    expect(entries.slice(499, 503)).toEqual([
      ['id0499', 499, 'x'],
      ['other', 500, 'y'],
      ['id0500', 500, 'x'],
      ['id0501', 501, 'x'],
    ]);
    // Values that are equal but not the same (-0 and 0) stay apart.
    const zeros = new SortedEntries(3, compare);
    for (const id of ['p', 'q', 'r']) zeros.insert([id, id === 'q' ? -0 : 0, 'x']);
    expect([...zeros.forward()].map((e) => Object.is(read(e)[1], -0))).toEqual([false, true, false]);
    list.insert(['zero', -0, 'x']);
    // Removed again, the column is kept by row until its block splits: still in order.
    expect(list.remove(['other', 500, 'y'])).toBe(true);
    expect([...list.forward()].map(read).map((e) => e[0])).toEqual([
      'id0000',
      'zero',
      ...Array.from({ length: 999 }, (_, i) => `id${String(i + 1).padStart(4, '0')}`),
    ]);
  });

  it('keeps a column of BigInts (dates) as numbers and gives each back as the BigInt it was', () => {
    const order = (x: unknown, y: unknown): number => (x! < y! ? -1 : x! > y! ? 1 : 0);
    const byValue = (x: Block, xr: number, y: Block, yr: number): number => order(x.at(xr, 1), y.at(yr, 1)) || order(x.at(xr, 0), y.at(yr, 0));
    const list = new SortedEntries(3, byValue);
    const at = (i: number) => BigInt(1_700_000_000_000 + i * 1000);
    for (let i = 999; i >= 0; i--) list.insert([`id${String(i).padStart(4, '0')}`, at(i), 'k']);
    const values = () => [...list.forward()].map((e) => e.block.at(e.row, 1));
    expect(values()).toEqual(Array.from({ length: 1000 }, (_, i) => at(i)));
    // A value of another type in one block: that column is kept as it is given from then on.
    list.insert(['half', 1_700_000_500_500, 'k']);
    const mixed = values();
    expect(mixed.filter((v) => typeof v === 'number')).toEqual([1_700_000_500_500]);
    expect(mixed.filter((v) => typeof v === 'bigint')).toEqual(Array.from({ length: 1000 }, (_, i) => at(i)));
    expect(mixed.indexOf(1_700_000_500_500)).toBe(501);
    expect(list.remove(['id0500', at(500), 'k'])).toBe(true);
    expect(values()).toHaveLength(1000);
  });
});
