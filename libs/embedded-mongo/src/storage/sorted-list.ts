// An ordered multiset kept as a list of small sorted blocks (a flat "B-tree of depth 2"):
// O(log n) search, cheap inserts/removals (only one block of <= BLOCK entries is shifted),
// and in-order or reverse iteration from any position. Backs index range scans and sorted walks.

const BLOCK = 512;

export interface Position {
  block: number;
  index: number;
}

export class SortedList<T> {
  private blocks: T[][] = [];
  private count = 0;

  constructor(private readonly cmp: (a: T, b: T) => number) {}

  get size(): number {
    return this.count;
  }

  insert(item: T): void {
    if (this.blocks.length === 0) {
      this.blocks.push([item]);
      this.count++;
      return;
    }
    const b = this.blockFor(item);
    const block = this.blocks[b];
    block.splice(this.lowerIndex(block, item), 0, item);
    this.count++;
    if (block.length > BLOCK) this.blocks.splice(b + 1, 0, block.splice(BLOCK >> 1));
  }

  /** Removes one entry equal (cmp === 0) to `item`; returns whether one was found. */
  remove(item: T): boolean {
    if (this.blocks.length === 0) return false;
    const b = this.blockFor(item);
    const block = this.blocks[b];
    const i = this.lowerIndex(block, item);
    if (i >= block.length || this.cmp(block[i], item) !== 0) return false;
    block.splice(i, 1);
    this.count--;
    if (block.length === 0) this.blocks.splice(b, 1);
    return true;
  }

  clear(): void {
    this.blocks = [];
    this.count = 0;
  }

  /** First block whose last element is >= item (or the last block). */
  private blockFor(item: T): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid];
      if (this.cmp(block[block.length - 1], item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerIndex(block: T[], item: T): number {
    let lo = 0;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cmp(block[mid], item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * First position whose entry is not "before" the target; `before(x)` must be monotone
   * (true for a prefix of the list, then false).
   */
  seek(before: (x: T) => boolean): Position {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid];
      if (before(block[block.length - 1])) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.blocks.length) return { block: lo, index: 0 };
    const block = this.blocks[lo];
    let a = 0;
    let z = block.length;
    while (a < z) {
      const mid = (a + z) >> 1;
      if (before(block[mid])) a = mid + 1;
      else z = mid;
    }
    return { block: lo, index: a };
  }

  /** How many entries lie from `from` (inclusive) to `to` (exclusive): O(blocks), no iteration. */
  countBetween(from: Position, to: Position): number {
    if (to.block < from.block || (to.block === from.block && to.index <= from.index)) return 0;
    if (from.block === to.block) return to.index - from.index;
    let n = (this.blocks[from.block]?.length ?? 0) - from.index;
    for (let b = from.block + 1; b < to.block && b < this.blocks.length; b++) n += this.blocks[b].length;
    return n + (to.block < this.blocks.length ? to.index : 0);
  }

  *forward(from: Position = { block: 0, index: 0 }): Generator<T> {
    let { block: b, index: i } = from;
    for (; b < this.blocks.length; b++, i = 0) {
      const block = this.blocks[b];
      for (; i < block.length; i++) yield block[i];
    }
  }

  /** Iterates backwards starting just before `to` (exclusive). */
  *backward(to: Position = { block: this.blocks.length, index: 0 }): Generator<T> {
    let b = to.block;
    let i = to.index - 1;
    if (i < 0) {
      b--;
      i = b >= 0 ? this.blocks[b].length - 1 : -1;
    }
    for (; b >= 0; b--, i = b >= 0 ? this.blocks[b].length - 1 : -1) {
      const block = this.blocks[b];
      for (; i >= 0; i--) yield block[i];
    }
  }
}
