import { deriveGroupStatus } from './group-status';

describe('deriveGroupStatus', () => {
  it('is published when every platform post was published', () => {
    expect(deriveGroupStatus([{ status: 'published' }, { status: 'published' }])).toBe('published');
  });
  it('is failed when every platform post failed', () => {
    expect(deriveGroupStatus([{ status: 'failed' }, { status: 'failed' }])).toBe('failed');
  });
  it('is partially_published for a mix', () => {
    expect(deriveGroupStatus([{ status: 'published' }, { status: 'failed' }])).toBe('partially_published');
  });
  it('is partially_published when the only failure left live thread parts', () => {
    expect(deriveGroupStatus([{ status: 'failed', partiallyLive: true }])).toBe('partially_published');
    expect(deriveGroupStatus([{ status: 'failed', partiallyLive: true }, { status: 'failed' }])).toBe('partially_published');
  });
  it('counts an unpublished post as published (it went out), so a retried sibling can finish the group', () => {
    expect(deriveGroupStatus([{ status: 'unpublished' }, { status: 'published' }])).toBe('published');
    expect(deriveGroupStatus([{ status: 'unpublished' }, { status: 'failed' }])).toBe('partially_published');
  });
  it('is null while any platform post is still open', () => {
    for (const open of ['scheduled', 'pending', 'processing'] as const) {
      expect(deriveGroupStatus([{ status: 'published' }, { status: open }])).toBeNull();
    }
  });
  it('is null for a group without platform posts', () => {
    expect(deriveGroupStatus([])).toBeNull();
  });
  it('handles a single platform post', () => {
    expect(deriveGroupStatus([{ status: 'published' }])).toBe('published');
    expect(deriveGroupStatus([{ status: 'failed' }])).toBe('failed');
  });
});
