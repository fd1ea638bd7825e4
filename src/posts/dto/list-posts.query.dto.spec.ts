import { refusalOf } from '@test/support/refusals';
import { validateInput } from '../../common/validation/validate-input';
import { buildListPostsQuery } from '../list-posts.query';
import { ListPostsQueryDto } from './list-posts.query.dto';

/** What the service runs: the DTO's clamps and checks, then the filter and sort. */
const listQuery = (raw: Record<string, unknown>) => buildListPostsQuery(validateInput(ListPostsQueryDto, raw));

describe('list-posts query (ListPostsQueryDto, then buildListPostsQuery)', () => {
  it('defaults: page 1, limit 20, sorted by createdAt desc, no filter', () => {
    const q = listQuery({});
    expect(q).toEqual({ page: 1, limit: 20, skip: 0, filter: {}, sort: { createdAt: -1, _id: -1 }, matchesNothing: false });
  });

  it('skip follows page and limit', () => {
    expect(listQuery({ page: '3', limit: '10' }).skip).toBe(20);
  });

  it('a page past any collection skips at most 2^53 - 1 documents (a skip MongoDB can hold), and keeps its number', () => {
    for (const page of ['1e20', '1e300', '99999999999999999999999']) {
      const q = listQuery({ page, limit: '100' });
      expect(q.page).toBe(Number(page));
      expect(q.skip).toBe(Number.MAX_SAFE_INTEGER);
    }
  });

  it('status is an exact match of the five group statuses', () => {
    for (const s of ['draft', 'scheduled', 'published', 'failed', 'partially_published']) {
      expect(listQuery({ status: s }).filter).toEqual({ status: s });
    }
    for (const bad of ['pending', 'processing', 'Published', 'publish', 'all']) {
      const err = refusalOf(() => listQuery({ status: bad }));
      expect(err.status).toBe(400);
      expect(err.message).toBe('Invalid status. Must be one of: draft, scheduled, published, failed, partially_published');
    }
  });

  it('empty status means all', () => {
    expect(listQuery({ status: '' }).filter).toEqual({});
  });

  it('sortBy accepts the three keys and refuses others', () => {
    expect(listQuery({ sortBy: 'scheduledTime' }).sort).toEqual({ scheduledTime: -1, _id: -1 });
    expect(listQuery({ sortBy: 'updatedAt', sortOrder: 'asc' }).sort).toEqual({ updatedAt: 1, _id: 1 });
    const err = refusalOf(() => listQuery({ sortBy: 'content' }));
    expect(err.message).toBe('Invalid sortBy. Must be one of: createdAt, updatedAt, scheduledTime');
    expect(err.status).toBe(400);
  });

  it('sortOrder other than asc becomes desc', () => {
    for (const o of ['desc', 'ASC', 'ascending', '1', '']) {
      expect(listQuery({ sortOrder: o }).sort).toEqual({ createdAt: -1, _id: -1 });
    }
  });

  it('fromDate/toDate are inclusive bounds on scheduledTime, any parseable date', () => {
    const q = listQuery({ fromDate: '2030-01-01', toDate: 'March 3, 2030 10:00 UTC' });
    expect(q.filter).toEqual({
      scheduledTime: { $gte: new Date('2030-01-01'), $lte: new Date('2030-03-03T10:00:00Z') },
    });
    expect(listQuery({ toDate: '2030-01-01T00:00:00Z' }).filter).toEqual({
      scheduledTime: { $lte: new Date('2030-01-01T00:00:00Z') },
    });
  });

  it('unparseable dates are refused with their own messages', () => {
    expect(refusalOf(() => listQuery({ fromDate: 'yesterday' })).message).toBe('Invalid fromDate format');
    expect(refusalOf(() => listQuery({ toDate: '2030-13-45' })).message).toBe('Invalid toDate format');
  });

  it('platform: bare names, case-insensitive; unknown names and compound ids match nothing', () => {
    expect(listQuery({ platform: 'LinkedIn' }).filter).toEqual({ platforms: 'linkedin' });
    expect(listQuery({ platform: 'myspace' }).matchesNothing).toBe(true);
    expect(listQuery({ platform: 'linkedin-abc123' }).matchesNothing).toBe(true);
    expect(listQuery({ platform: 'link' }).matchesNothing).toBe(true);
  });

  it('errors come in the spec order: status before sortBy before dates', () => {
    expect(refusalOf(() => listQuery({ status: 'x', sortBy: 'y', fromDate: 'z' })).message).toMatch(/^Invalid status/);
    expect(refusalOf(() => listQuery({ sortBy: 'y', fromDate: 'z' })).message).toMatch(/^Invalid sortBy/);
  });

  it('a repeated parameter counts by its first value', () => {
    expect(listQuery({ status: ['draft', 'bogus'], page: ['2', '9'], platform: ['LinkedIn', 'x'] })).toMatchObject({
      page: 2,
      filter: { status: 'draft', platforms: 'linkedin' },
    });
    expect(refusalOf(() => listQuery({ sortBy: ['content', 'createdAt'] })).message).toBe(
      'Invalid sortBy. Must be one of: createdAt, updatedAt, scheduledTime',
    );
  });

  it('null counts as absent (GraphQL sends null for a field left empty)', () => {
    expect(listQuery({ page: null, limit: null, status: null, platform: null, sortBy: null, sortOrder: null, fromDate: null, toDate: null })).toEqual(
      listQuery({}),
    );
  });

  it('a status that is not a string is refused like an unknown one', () => {
    expect(refusalOf(() => listQuery({ status: 5 })).message).toMatch(/^Invalid status/);
  });

  it('takes Date values as GraphQL hands them; an invalid Date is the format error', () => {
    const from = new Date('2030-01-01T00:00:00.123Z');
    expect(listQuery({ fromDate: from }).filter).toEqual({ scheduledTime: { $gte: from } });
    expect(refusalOf(() => listQuery({ toDate: new Date('not a date') })).message).toBe('Invalid toDate format');
  });

  it('drops parameters it does not know', () => {
    expect(validateInput(ListPostsQueryDto, { userId: 'someone-else', page: '1' })).not.toHaveProperty('userId');
  });
});
