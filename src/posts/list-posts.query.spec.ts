import { ApiError } from '../common/api-error';
import { buildListPostsQuery, clampLimit, clampPage, paginate } from './list-posts.query';

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('list-posts query rules', () => {
  describe('page', () => {
    it.each([
      [undefined, 1],
      ['', 1],
      ['0', 1],
      ['-3', 1],
      ['abc', 1],
      ['2', 2],
      ['2.9', 2],
      [['3', '4'], 3],
    ])('%p → %p', (raw, expected) => expect(clampPage(raw)).toBe(expected));
  });

  describe('limit', () => {
    it.each([
      [undefined, 20],
      ['', 20],
      ['0', 20],
      ['NaN', 20],
      ['abc', 20],
      ['-5', 1],
      ['1', 1],
      ['50', 50],
      ['100', 100],
      ['101', 100],
      ['100000', 100],
      ['0.5', 1],
      ['Infinity', 100],
    ])('%p → %p', (raw, expected) => expect(clampLimit(raw)).toBe(expected));
  });

  it('defaults: page 1, limit 20, sorted by createdAt desc, no filter', () => {
    const q = buildListPostsQuery({});
    expect(q).toEqual({ page: 1, limit: 20, skip: 0, filter: {}, sort: { createdAt: -1, _id: -1 }, matchesNothing: false });
  });

  it('skip follows page and limit', () => {
    expect(buildListPostsQuery({ page: '3', limit: '10' }).skip).toBe(20);
  });

  it('status is an exact match of the five group statuses', () => {
    for (const s of ['draft', 'scheduled', 'published', 'failed', 'partially_published']) {
      expect(buildListPostsQuery({ status: s }).filter).toEqual({ status: s });
    }
    for (const bad of ['pending', 'processing', 'Published', 'publish', 'all']) {
      const err = errorOf(() => buildListPostsQuery({ status: bad }));
      expect(err.status).toBe(400);
      expect(err.message).toBe('Invalid status. Must be one of: draft, scheduled, published, failed, partially_published');
    }
  });

  it('empty status means all', () => {
    expect(buildListPostsQuery({ status: '' }).filter).toEqual({});
  });

  it('sortBy accepts the three keys and refuses others', () => {
    expect(buildListPostsQuery({ sortBy: 'scheduledTime' }).sort).toEqual({ scheduledTime: -1, _id: -1 });
    expect(buildListPostsQuery({ sortBy: 'updatedAt', sortOrder: 'asc' }).sort).toEqual({ updatedAt: 1, _id: 1 });
    const err = errorOf(() => buildListPostsQuery({ sortBy: 'content' }));
    expect(err.message).toBe('Invalid sortBy. Must be one of: createdAt, updatedAt, scheduledTime');
    expect(err.status).toBe(400);
  });

  it('sortOrder other than asc becomes desc', () => {
    for (const o of ['desc', 'ASC', 'ascending', '1', '']) {
      expect(buildListPostsQuery({ sortOrder: o }).sort).toEqual({ createdAt: -1, _id: -1 });
    }
  });

  it('fromDate/toDate are inclusive bounds on scheduledTime, any parseable date', () => {
    const q = buildListPostsQuery({ fromDate: '2030-01-01', toDate: 'March 3, 2030 10:00 UTC' });
    expect(q.filter).toEqual({
      scheduledTime: { $gte: new Date('2030-01-01'), $lte: new Date('2030-03-03T10:00:00Z') },
    });
    expect(buildListPostsQuery({ toDate: '2030-01-01T00:00:00Z' }).filter).toEqual({
      scheduledTime: { $lte: new Date('2030-01-01T00:00:00Z') },
    });
  });

  it('unparseable dates are refused with their own messages', () => {
    expect(errorOf(() => buildListPostsQuery({ fromDate: 'yesterday' })).message).toBe('Invalid fromDate format');
    expect(errorOf(() => buildListPostsQuery({ toDate: '2030-13-45' })).message).toBe('Invalid toDate format');
  });

  it('platform: bare names, case-insensitive; unknown names and compound ids match nothing', () => {
    expect(buildListPostsQuery({ platform: 'LinkedIn' }).filter).toEqual({ platforms: 'linkedin' });
    expect(buildListPostsQuery({ platform: 'myspace' }).matchesNothing).toBe(true);
    expect(buildListPostsQuery({ platform: 'linkedin-abc123' }).matchesNothing).toBe(true);
    expect(buildListPostsQuery({ platform: 'link' }).matchesNothing).toBe(true);
  });

  it('errors come in the spec order: status before sortBy before dates', () => {
    expect(errorOf(() => buildListPostsQuery({ status: 'x', sortBy: 'y', fromDate: 'z' })).message).toMatch(/^Invalid status/);
    expect(errorOf(() => buildListPostsQuery({ sortBy: 'y', fromDate: 'z' })).message).toMatch(/^Invalid sortBy/);
  });

  it('pagination numbers', () => {
    expect(paginate(1, 20, 0)).toEqual({ page: 1, limit: 20, totalItems: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false });
    expect(paginate(2, 20, 45)).toEqual({ page: 2, limit: 20, totalItems: 45, totalPages: 3, hasNextPage: true, hasPrevPage: true });
    expect(paginate(3, 20, 45).hasNextPage).toBe(false);
  });
});
