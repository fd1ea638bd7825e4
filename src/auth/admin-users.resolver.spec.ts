import { clampPage } from './admin-users.resolver';

describe('clampPage', () => {
  it('defaults to page 1, limit 20 and clamps the limit to 1-100', () => {
    expect(clampPage()).toEqual({ page: 1, limit: 20 });
    expect(clampPage(0, 0)).toEqual({ page: 1, limit: 1 });
    expect(clampPage(3, 500)).toEqual({ page: 3, limit: 100 });
    expect(clampPage(-2, null)).toEqual({ page: 1, limit: 20 });
  });
});
