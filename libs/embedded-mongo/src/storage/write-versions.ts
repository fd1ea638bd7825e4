// Per-collection write counters in shared memory. The engine bumps a collection's counter right
// after each change to it is applied (a write, a transaction's commit, a drop or rename), on the
// database's own thread, so a process that embeds the server can tell, without a round trip,
// whether anything (its own requests, mongosh, another client) changed a collection since it
// cached an answer read from it. Namespaces share slots by hash: a collision only makes a cache
// miss, never hit stale.
const SLOTS = 1024;

/** FNV-1a over the namespace's UTF-16 code units, folded to a slot. */
function slotOf(ns: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < ns.length; i++) h = Math.imul(h ^ ns.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SLOTS;
}

export class WriteVersions {
  private readonly slots: Int32Array;

  /** `buffer`: the counters another thread shares (default: new ones, all zero). */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT)) {
    if (buffer.byteLength !== SLOTS * Int32Array.BYTES_PER_ELEMENT) throw new RangeError(`write versions need ${SLOTS * 4} bytes, got ${buffer.byteLength}`);
    this.slots = new Int32Array(buffer);
  }

  bump(ns: string): void {
    Atomics.add(this.slots, slotOf(ns), 1);
  }

  /** A reader of one namespace's counter (its slot found once). Equal readings: no change applied between them. */
  reader(ns: string): () => number {
    const slot = slotOf(ns);
    const slots = this.slots;
    return () => Atomics.load(slots, slot);
  }
}
