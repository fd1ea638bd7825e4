import { clampLimit, clampPage, paginate } from './list-posts.query';

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

  it('pagination numbers', () => {
    expect(paginate(1, 20, 0)).toEqual({ page: 1, limit: 20, totalItems: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false });
    expect(paginate(2, 20, 45)).toEqual({ page: 2, limit: 20, totalItems: 45, totalPages: 3, hasNextPage: true, hasPrevPage: true });
    expect(paginate(3, 20, 45).hasNextPage).toBe(false);
  });
});
