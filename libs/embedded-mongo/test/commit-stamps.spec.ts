// A collection keeps commit stamps only for versions written while transactions are open (the
// engine passes them then, and has them forgotten when the last one ends): write-conflict checks
// compare them with a transaction's start, and a version without one predates every open
// transaction. Through the driver, test/snapshot-reads.spec.ts and test/transactions.spec.ts.
import { Collection } from '../src/storage/collection';

describe('commit stamps', () => {
  it('are kept for the writes that pass one, answer changedAfter, and are forgotten together', () => {
    const coll = new Collection('db', 'stamps');
    coll.put('a', { _id: 'a', n: 1 });
    expect(coll.stampOf('a')).toBeUndefined();
    expect(coll.changedAfter('a', 0)).toBe(false);

    coll.put('a', { _id: 'a', n: 2 }, 7);
    coll.put('b', { _id: 'b', n: 1 }, 8);
    expect([coll.stampOf('a'), coll.stampOf('b')]).toEqual([7, 8]);
    expect([coll.changedAfter('a', 6), coll.changedAfter('a', 7), coll.changedAfter('b', 7)]).toEqual([true, false, true]);

    coll.delete('b');
    expect(coll.stampOf('b')).toBeUndefined();
    coll.forgetStamps();
    expect(coll.stampOf('a')).toBeUndefined();
    expect(coll.changedAfter('a', 6)).toBe(false);
    expect(coll.get('a')).toEqual({ _id: 'a', n: 2 });
  });
});
