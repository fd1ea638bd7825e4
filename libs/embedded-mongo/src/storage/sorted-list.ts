// An ordered multiset of fixed-width entries kept as a list of small sorted blocks (a flat
// "B-tree of depth 2"): O(log n) search, cheap inserts/removals (only one block is shifted), and
// in-order or reverse iteration from any position. Backs index range scans and sorted walks.
//
// A block keeps its entries by column: one array per slot, except that a column holding one
// value in every row of the block keeps that value once. An index's leading fields repeat
// across long stretches (a tenant's userId, a status, a null), so most blocks keep them once:
// WiredTiger's prefix compression, for pointers. A column of dates (which entries hold as
// BigInts, index-store.ts) keeps their milliseconds unboxed and gives back a BigInt per read,
// which costs less than keeping a BigInt per date.

/**
 * Entries per block: a block holds up to this many before it splits. Fewer, larger blocks cost
 * less in arrays of their own, and inserts take no longer.
 */
const BLOCK_ENTRIES = 512;

/** No column arrays: every slot holds the block's one value (a loose entry, see Block.loose). */
const NO_COLUMNS: readonly (unknown[] | undefined)[] = Object.freeze([]);

/** In `same[slot]`: the slot's column holds BigInts as numbers (see the header). */
const BIGINT_COLUMN = Symbol('bigint column');

export class Block {
  private constructor(
    /** Entries held. */
    public n: number,
    /** Per slot: its values by row, or undefined when every row holds `same[slot]`. */
    private readonly cols: (unknown[] | undefined)[],
    private readonly same: unknown[],
  ) {}

  /** An entry to insert, remove or compare: one row over `slots` (taken, not copied). */
  static loose(slots: unknown[]): Block {
    return new Block(1, NO_COLUMNS as (unknown[] | undefined)[], slots);
  }

  /** The value in `slot` of entry `row`. */
  at(row: number, slot: number): unknown {
    const col = this.cols[slot];
    if (col === undefined) return this.same[slot];
    return this.same[slot] === BIGINT_COLUMN ? BigInt(col[row] as number) : col[row];
  }

  /** A stored block holding the one entry `e` (its slots copied). */
  static first(e: Block, width: number): Block {
    const same = new Array<unknown>(width);
    for (let s = 0; s < width; s++) same[s] = e.at(0, s);
    return new Block(1, new Array<unknown[] | undefined>(width).fill(undefined), same);
  }

  insertAt(row: number, e: Block): void {
    for (let s = 0; s < this.same.length; s++) {
      const v = e.at(0, s);
      let col = this.cols[s];
      if (col === undefined) {
        // (SameValue: -0 is kept apart from 0, as the entry holds it)
        const one = this.same[s];
        if (Object.is(v, one)) continue;
        const dates = typeof one === 'bigint' && typeof v === 'bigint';
        col = this.cols[s] = Array.from({ length: this.n }, () => (dates ? Number(one) : one));
        this.same[s] = dates ? BIGINT_COLUMN : undefined;
      }
      if (this.same[s] === BIGINT_COLUMN) {
        if (typeof v === 'bigint') {
          col.splice(row, 0, Number(v));
          continue;
        }
        col = this.cols[s] = col.map((x) => BigInt(x as number));
        this.same[s] = undefined;
      }
      col.splice(row, 0, v);
    }
    this.n++;
  }

  removeAt(row: number): void {
    for (const col of this.cols) col?.splice(row, 1);
    this.n--;
  }

  /**
   * Moves rows [at, n) into a new block. Both halves keep their columns at their exact size (on
   * an increasing key the first half gets no more inserts, and would otherwise keep the full
   * block's capacity for good), and a column left with one value keeps it once.
   */
  splitAt(at: number): Block {
    const tail = new Block(this.n - at, new Array<unknown[] | undefined>(this.same.length).fill(undefined), this.same.slice());
    for (let s = 0; s < this.same.length; s++) {
      const col = this.cols[s];
      if (col === undefined) continue;
      const values = this.same[s] === BIGINT_COLUMN ? col.map((x) => BigInt(x as number)) : col;
      this.setColumn(s, values.slice(0, at));
      tail.setColumn(s, values.slice(at));
    }
    this.n = at;
    return tail;
  }

  /** Keeps `values` as column `s`: once if they are one value, unboxed if all BigInts. */
  private setColumn(s: number, values: unknown[]): void {
    const first = values[0];
    if (values.every((v) => Object.is(v, first))) {
      this.cols[s] = undefined;
      this.same[s] = first;
    } else if (values.every((v) => typeof v === 'bigint')) {
      this.cols[s] = values.map(Number);
      this.same[s] = BIGINT_COLUMN;
    } else {
      this.cols[s] = values;
      this.same[s] = undefined;
    }
  }

  /** Values kept: a column array's rows, or one for a column's shared value. */
  get slotsHeld(): number {
    let held = 0;
    for (let s = 0; s < this.same.length; s++) held += this.cols[s] === undefined ? 1 : this.n;
    return held;
  }
}

export interface Position {
  block: number;
  index: number;
}

/** One stored entry: row `row` of `block`. Read it before the list changes again. */
export interface EntryRef {
  readonly block: Block;
  readonly row: number;
}

/** Orders entry a (row ar of its block) against entry b (row br of its). */
export type EntryCompare = (a: Block, ar: number, b: Block, br: number) => number;

export class SortedEntries {
  private blocks: Block[] = [];
  private count = 0;

  constructor(
    readonly width: number,
    private readonly cmp: EntryCompare,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Adds an entry: `slots` holds its `width` values (copied in). */
  insert(slots: unknown[]): void {
    const entry = Block.loose(slots);
    this.count++;
    if (this.blocks.length === 0) {
      this.blocks.push(Block.first(entry, this.width));
      return;
    }
    const b = this.blockFor(entry);
    const block = this.blocks[b];
    block.insertAt(this.lowerIndex(block, entry), entry);
    if (block.n > BLOCK_ENTRIES) this.blocks.splice(b + 1, 0, block.splitAt(BLOCK_ENTRIES >> 1));
  }

  /** Removes one entry equal (cmp === 0) to `slots`; returns whether one was found. */
  remove(slots: unknown[]): boolean {
    if (this.blocks.length === 0) return false;
    const entry = Block.loose(slots);
    const b = this.blockFor(entry);
    const block = this.blocks[b];
    const i = this.lowerIndex(block, entry);
    if (i >= block.n || this.cmp(block, i, entry, 0) !== 0) return false;
    block.removeAt(i);
    this.count--;
    if (block.n === 0) this.blocks.splice(b, 1);
    return true;
  }

  clear(): void {
    this.blocks = [];
    this.count = 0;
  }

  /** Values the blocks keep (see Block.slotsHeld): for tests and memory accounting. */
  get slotsHeld(): number {
    let held = 0;
    for (const block of this.blocks) held += block.slotsHeld;
    return held;
  }

  /** First block whose last entry is >= entry (or the last block). */
  private blockFor(entry: Block): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid];
      if (this.cmp(block, block.n - 1, entry, 0) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The row of the first entry of `block` that is >= entry. */
  private lowerIndex(block: Block, entry: Block): number {
    let lo = 0;
    let hi = block.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cmp(block, mid, entry, 0) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * First position whose entry is not "before" the target; `before(x)` must be monotone
   * (true for a prefix of the list, then false).
   */
  seek(before: (e: EntryRef) => boolean): Position {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid];
      if (before({ block, row: block.n - 1 })) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.blocks.length) return { block: lo, index: 0 };
    const block = this.blocks[lo];
    let a = 0;
    let z = block.n;
    while (a < z) {
      const mid = (a + z) >> 1;
      if (before({ block, row: mid })) a = mid + 1;
      else z = mid;
    }
    return { block: lo, index: a };
  }

  /** How many entries lie from `from` (inclusive) to `to` (exclusive): O(blocks), no iteration. */
  countBetween(from: Position, to: Position): number {
    if (to.block < from.block || (to.block === from.block && to.index <= from.index)) return 0;
    if (from.block === to.block) return to.index - from.index;
    let n = (this.blocks[from.block]?.n ?? 0) - from.index;
    for (let b = from.block + 1; b < to.block && b < this.blocks.length; b++) n += this.blocks[b].n;
    return n + (to.block < this.blocks.length ? to.index : 0);
  }

  *forward(from: Position = { block: 0, index: 0 }): Generator<EntryRef> {
    let { block: b, index: i } = from;
    for (; b < this.blocks.length; b++, i = 0) {
      const block = this.blocks[b];
      for (let row = i; row < block.n; row++) yield { block, row };
    }
  }

  /** Iterates backwards starting just before `to` (exclusive). */
  *backward(to: Position = { block: this.blocks.length, index: 0 }): Generator<EntryRef> {
    let b = to.block;
    let i = to.index - 1;
    if (i < 0) {
      b--;
      i = b >= 0 ? this.blocks[b].n - 1 : -1;
    }
    for (; b >= 0; b--, i = b >= 0 ? this.blocks[b].n - 1 : -1) {
      const block = this.blocks[b];
      for (let row = i; row >= 0; row--) yield { block, row };
    }
  }
}
