// Cursors: batchSize, getMore, killCursors, exhaustion, CursorNotFound, idle timeout.
import { Double, Int32, Long } from 'mongodb';
import { useServer } from './harness';

// Long enough that a loaded machine's pause between two getMores does not reap a live cursor;
// the reaper runs every second.
const h = useServer({ cursorTimeoutMs: 2000 });

describe('cursors', () => {
  beforeAll(async () => {
    await h.db.collection('c').insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
  });

  it('returns a default first batch of 101 and the rest with getMore', async () => {
    const first = await h.db.command({ find: 'c', filter: {}, sort: { i: 1 } }, { promoteLongs: false });
    expect(first.cursor.firstBatch).toHaveLength(101);
    expect(first.cursor.id).toBeInstanceOf(Long);
    expect(first.cursor.ns).toBe('test.c');
    const more = await h.db.command({ getMore: first.cursor.id, collection: 'c', batchSize: 100 });
    expect(more.cursor.nextBatch).toHaveLength(100);
    expect(more.cursor.nextBatch[0].i).toBe(101);
    const rest = await h.db.command({ getMore: first.cursor.id, collection: 'c' });
    expect(rest.cursor.nextBatch).toHaveLength(49);
    expect(rest.cursor.id.toString()).toBe('0');
  });

  it('keeps the default first batch of 101 under a larger limit, the rest of the limit by getMore', async () => {
    const first = await h.db.command({ find: 'c', filter: {}, sort: { i: 1 }, limit: 150 });
    expect(first.cursor.firstBatch).toHaveLength(101);
    const rest = await h.db.command({ getMore: first.cursor.id, collection: 'c' });
    expect(rest.cursor.nextBatch.map((d: { i: number }) => d.i)).toEqual(Array.from({ length: 49 }, (_, k) => 101 + k));
    expect(String(rest.cursor.id)).toBe('0');
    const capped = await h.db.command({ find: 'c', filter: {}, limit: 5, batchSize: 50 });
    expect(capped.cursor.firstBatch).toHaveLength(5);
    expect(String(capped.cursor.id)).toBe('0');
  });

  it('iterates through the driver with a small batchSize', async () => {
    const all = await h.db.collection('c').find({}).batchSize(7).toArray();
    expect(all).toHaveLength(250);
  });

  it('kills cursors and reports CursorNotFound afterwards', async () => {
    const first = await h.db.command({ find: 'c', filter: {}, batchSize: 1 });
    const killed = await h.db.command({ killCursors: 'c', cursors: [first.cursor.id] });
    expect(killed.cursorsKilled.map(String)).toEqual([first.cursor.id.toString()]);
    await expect(h.db.command({ getMore: first.cursor.id, collection: 'c' })).rejects.toMatchObject({ code: 43, codeName: 'CursorNotFound' });
  });

  it('times out idle cursors', async () => {
    const first = await h.db.command({ find: 'c', filter: {}, batchSize: 1 });
    await new Promise((r) => setTimeout(r, 3500));
    await expect(h.db.command({ getMore: first.cursor.id, collection: 'c' })).rejects.toMatchObject({ code: 43 });
  });

  it('aggregate cursors page too', async () => {
    const docs = await h.db
      .collection('c')
      .aggregate([{ $match: { i: { $gte: 100 } } }], { batchSize: 10 })
      .toArray();
    expect(docs).toHaveLength(150);
  });
});

describe('cursors holding large documents', () => {
  // The default idle timeout: a loaded machine can spend seconds decoding and comparing 12 MiB
  // between the two commands.
  const big = useServer();

  it('ends a batch before 16 MiB of documents, whole documents with their types, the rest by getMore', async () => {
    // Each document is encoded once, as the batch is measured; the reply carries those bytes.
    const s = 'x'.repeat(4 * 1024 * 1024);
    await big.db.collection('big').insertMany(Array.from({ length: 5 }, (_, i) => ({ _id: i as never, s, n: Long.fromNumber(i), d: new Double(i) })));
    const first = await big.db.command({ find: 'big', filter: {}, sort: { _id: 1 } }, { promoteValues: false });
    expect(first.cursor.firstBatch.map((d: { _id: Int32 }) => d._id.value)).toEqual([0, 1, 2]);
    expect(first.cursor.firstBatch[1]).toEqual({ _id: new Int32(1), s, n: Long.fromNumber(1), d: new Double(1) });
    const rest = await big.db.command({ getMore: first.cursor.id, collection: 'big' }, { promoteValues: false });
    expect(rest.cursor.nextBatch.map((d: { n: Long }) => d.n)).toEqual([Long.fromNumber(3), Long.fromNumber(4)]);
    expect(rest.cursor.nextBatch[1].d).toEqual(new Double(4));
    expect(String(rest.cursor.id)).toBe('0');
  }, 60_000);
});
