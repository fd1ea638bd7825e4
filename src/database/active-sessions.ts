import type { MongoClient } from 'mongodb';

/**
 * The MongoDB driver's registry of open sessions (`MongoClient.s.activeSessions`, a Set), kept
 * in slots that a delete clears.
 *
 * Each operation runs in a session, which the driver adds to that Set when the operation starts
 * and deletes when it ends. The Set lives in V8's old generation, and young members added to it
 * and deleted again under load were promoted anyway (so were those of an old Map; an array slot
 * set back to `undefined` left nothing behind): every session, with what it holds, the reply's
 * `$clusterTime` among it (a view into the reply's buffer). Under list-posts load that left
 * buffer memory for the next full collection, which V8 then started every few seconds, and each
 * one slowed the requests in flight: most of list-posts' p99 (docs/performance.md).
 */
export class ActiveSessions<T extends object> implements Iterable<T> {
  private slots: Array<T | undefined> = [];
  private free: number[] = [];
  private slotOf = new WeakMap<T, number>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(member: T): this {
    if (this.slotOf.has(member)) return this;
    const slot = this.free.pop() ?? this.slots.length;
    this.slots[slot] = member;
    this.slotOf.set(member, slot);
    this.count++;
    return this;
  }

  delete(member: T): boolean {
    const slot = this.slotOf.get(member);
    if (slot === undefined) return false;
    this.slots[slot] = undefined;
    this.free.push(slot);
    this.slotOf.delete(member);
    this.count--;
    return true;
  }

  has(member: T): boolean {
    return this.slotOf.has(member);
  }

  clear(): void {
    this.slots = [];
    this.free = [];
    this.slotOf = new WeakMap();
    this.count = 0;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const member of this.slots) if (member !== undefined) yield member;
  }
}

/**
 * Puts ActiveSessions in the place of the driver's Set, keeping its members. The driver (7.x)
 * only adds, deletes, clears and iterates it. False when there is no such Set to replace (another
 * driver version, or already replaced): the client then works as the driver built it.
 */
export function installActiveSessions(client: MongoClient): boolean {
  const state = (client as unknown as { s?: { activeSessions?: unknown } }).s;
  if (!state || !(state.activeSessions instanceof Set)) return false;
  const sessions = new ActiveSessions<object>();
  for (const session of state.activeSessions as Set<object>) sessions.add(session);
  state.activeSessions = sessions;
  return true;
}
