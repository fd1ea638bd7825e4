import { Aggregator } from 'mingo';
import { Types } from 'mongoose';
import type { ListSortKey, ListSortOrder } from './list-posts.query';
import { cursorOf, groupsAfter } from './post-export-cursor';

type Doc = { _id: Types.ObjectId; createdAt: Date; scheduledTime?: Date | null };

/** Pages through `docs` the way an export does, with MongoDB's own sort and match (mingo). */
function pageThrough(docs: Doc[], sortBy: ListSortKey, sortOrder: ListSortOrder, size: number): string[] {
  const direction = sortOrder === 'asc' ? 1 : -1;
  const sort = { $sort: { [sortBy]: direction, _id: direction } };
  const seen: string[] = [];
  let after: Record<string, unknown> | null = null;
  for (;;) {
    const page = new Aggregator([...(after ? [{ $match: after }] : []), sort, { $limit: size }]).run(docs) as Doc[];
    if (!page.length) return seen;
    seen.push(...page.map((d) => String(d._id)));
    after = groupsAfter(sortBy, sortOrder, cursorOf(sortBy, page[page.length - 1]));
  }
}

describe('export keyset paging (groupsAfter)', () => {
  const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes));
  // Ties on the sort value and groups without one (drafts without a scheduledTime).
  const docs: Doc[] = [3, 1, null, 2, 2, null, 5, 1, undefined, 4, 2].map((m, i) => ({
    _id: new Types.ObjectId(i.toString(16).padStart(24, '0')),
    createdAt: at(i % 4),
    ...(m === undefined ? {} : { scheduledTime: m === null ? null : at(m) }),
  }));

  it.each([
    ['scheduledTime', 'asc'],
    ['scheduledTime', 'desc'],
    ['createdAt', 'asc'],
    ['createdAt', 'desc'],
  ] as const)('by %s %s, in pages of 1, 2 and 3: every group once, in the list order', (sortBy, sortOrder) => {
    const direction = sortOrder === 'asc' ? 1 : -1;
    const expected = (new Aggregator([{ $sort: { [sortBy]: direction, _id: direction } }]).run(docs) as Doc[]).map((d) => String(d._id));
    for (const size of [1, 2, 3]) expect(pageThrough(docs, sortBy, sortOrder, size)).toEqual(expected);
  });
});
