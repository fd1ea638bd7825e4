import { createTestApp, type TestApp } from '@test/support';
import { afterCommit, Transactions } from '../../src/database/transactions';

/** Work queued for after a commit: run once it commits, never for a rollback, at once outside a transaction. */
describe('afterCommit', () => {
  let t: TestApp;
  let transactions: Transactions;
  beforeAll(async () => {
    t = await createTestApp();
    transactions = t.app.get(Transactions);
  });
  afterAll(() => t?.close());

  it('runs after the transaction commits, seeing the committed write', async () => {
    const seen: unknown[] = [];
    const notes = t.connection.collection('after_commit_notes');
    await transactions.run(async () => {
      await notes.insertOne({ n: 1 });
      afterCommit(() => seen.push('committed'));
      seen.push('inside');
    });
    expect(seen).toEqual(['inside', 'committed']);
    expect(await notes.countDocuments({ n: 1 })).toBe(1);
  });

  it('never runs for a transaction that aborts', async () => {
    const seen: string[] = [];
    await expect(
      transactions.run(async () => {
        afterCommit(() => seen.push('committed'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(seen).toEqual([]);
  });

  it('runs at once outside a transaction, and once for a nested run', async () => {
    const seen: string[] = [];
    afterCommit(() => seen.push('now'));
    expect(seen).toEqual(['now']);
    await transactions.run(() => transactions.run(async () => afterCommit(() => seen.push('nested'))));
    expect(seen).toEqual(['now', 'nested']);
  });
});
