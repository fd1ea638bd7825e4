import type { TestApp } from '@test/support';
import { Types } from 'mongoose';

/**
 * A collector's backlog as publishing would have left it: one post track per published post, due
 * at `due`, spread over `connections` in turn (post i on connection i mod n). Written straight to
 * the collection: the collector's work is what is measured, not publishing's.
 */
export async function seedDueTracks(
  t: TestApp,
  options: {
    userId: string;
    connections: Array<{ id: string; platformId: string }>;
    count: number;
    postedIdOf: (i: number) => string;
    publishedAt: Date;
    due: Date;
  },
): Promise<void> {
  const { connections, publishedAt } = options;
  await t.connection.collection('metric_tracks').insertMany(
    Array.from({ length: options.count }, (_, i) => {
      const c = connections[i % connections.length];
      return {
        subject: 'post',
        userId: new Types.ObjectId(options.userId),
        connectionId: new Types.ObjectId(c.id),
        platform: 'twitter',
        platformId: c.platformId,
        postId: new Types.ObjectId(),
        postGroupId: new Types.ObjectId(),
        postedId: options.postedIdOf(i),
        publishedAt,
        step: 0,
        nextAt: options.due,
        endedBecause: null,
        lastError: null,
        failures: 0,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      };
    }),
  );
}
