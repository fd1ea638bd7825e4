// The index's sorted list: fixed-width entries stored back to back in flat blocks. Checked
// against a plain sorted array through thousands of inserts and removals (enough to split and
// empty many blocks): order both ways, seeks, counts between positions, and removal of absent
// entries.
import { EntryRef, SortedEntries } from '../src/storage/sorted-list';

/** Entries are [id, a, b]: ordered by a ascending, b descending, then id. */
type Entry = [string, number, string];

function compare(x: readonly unknown[], xo: number, y: readonly unknown[], yo: number): number {
  const a = (x[xo + 1] as number) - (y[yo + 1] as number);
  if (a) return Math.sign(a);
  const bx = x[xo + 2] as string;
  const by = y[yo + 2] as string;
  if (bx !== by) return bx < by ? 1 : -1;
  const ix = x[xo] as string;
  const iy = y[yo] as string;
  return ix < iy ? -1 : ix > iy ? 1 : 0;
}

const read = (e: EntryRef): Entry => [e.slots[e.off] as string, e.slots[e.off + 1] as number, e.slots[e.off + 2] as string];

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
    const sortModel = () => model.sort((x, y) => compare(x, 0, y, 0));
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
    const atLeast20 = list.seek((e) => (e.slots[e.off + 1] as number) < 20);
    const past20 = list.seek((e) => (e.slots[e.off + 1] as number) <= 20);
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
});
