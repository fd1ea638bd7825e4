import { createTestApp, type TestApp } from '@test/support';
import { PublicationStateService } from '../../src/publishing/publication-state.service';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { accountWithConnections, seedGroups, type Account } from './posts-helpers';
import type { ConnectionRef } from '../../src/connections/connections.service';

/**
 * A group's final status is decided by whichever of its platform posts finishes last. When
 * siblings finish at the same moment (two publishing slots, two instances), their transactions
 * must still see each other: no group may stay `processing` with every post finished.
 */
describe('group rollup when sibling platform posts finish together', () => {
  let t: TestApp;
  let account: Account;
  let connections: ConnectionRef[];

  beforeAll(async () => {
    t = await createTestApp({ env: { SCHEDULER_ENABLED: 'false', WEBHOOKS_WORKER_ENABLED: 'false' } });
    ({ account, connections } = await accountWithConnections(t, ['mastodon', 'bluesky', 'linkedin'], { plan: 'pro' }));
  });
  afterAll(() => t.close());

  async function finishAll(outcome: (i: number) => 'published' | 'failed'): Promise<Array<{ _id: unknown; status: string; processingStatus: string }>> {
    const due = new Date(Date.now() - 1000);
    const ids = await seedGroups(
      t,
      account.userId,
      Array.from({ length: 6 }, () => ({ status: 'scheduled' as const, scheduledTime: due, connections })),
    );
    const state = t.app.get(PublicationStateService);
    const { claimed } = await state.claimDue({ owner: 'test', leaseMs: 60_000, limit: 100 });
    expect(claimed).toHaveLength(ids.length * connections.length);
    await Promise.all(
      claimed.map((c, i) =>
        outcome(i) === 'published'
          ? state.markPublished(c, { postedId: `p${i}`, publishedUrl: `https://example.com/${i}` }, 0)
          : state.markFailed(c, { code: 'PLATFORM_ERROR', message: 'refused', retryable: false }, 0),
      ),
    );
    return t.connection
      .model(PostGroup.name)
      .find({ _id: { $in: ids } }, { status: 1, processingStatus: 1 })
      .lean<Array<{ _id: unknown; status: string; processingStatus: string }>>();
  }

  it('all published: every group published and finished', async () => {
    const groups = await finishAll(() => 'published');
    for (const g of groups) expect(g).toMatchObject({ status: 'published', processingStatus: 'finished' });
  });

  it('mixed outcomes: every group finished with the status its posts imply', async () => {
    const groups = await finishAll((i) => (i % 3 === 0 ? 'failed' : 'published'));
    const posts = await t.connection
      .collection('platform_posts')
      .find({ postGroupId: { $in: groups.map((g) => g._id) } }, { projection: { postGroupId: 1, status: 1 } })
      .toArray();
    for (const g of groups) {
      const statuses = new Set(posts.filter((p) => String(p.postGroupId) === String(g._id)).map((p) => p.status));
      const expected = statuses.size > 1 ? 'partially_published' : [...statuses][0];
      expect(g).toMatchObject({ status: expected, processingStatus: 'finished' });
    }
  });
});
