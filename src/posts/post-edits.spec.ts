import { messageOf } from '@test/support/refusals';
import { assertEditable, diffPlatforms, parseDashboardUpdate } from './post-edits';
import { PostMessages } from './posts.errors';

describe('dashboard post edits (pure rules)', () => {
  it('nothing to change is REST update-post’s message', () => {
    expect(messageOf(() => parseDashboardUpdate({}))).toBe('Either status or scheduledTime must be provided');
    expect(messageOf(() => parseDashboardUpdate({ status: '', content: null }))).toBe('Either status or scheduledTime must be provided');
  });

  it('content and platforms use create-post’s messages', () => {
    expect(messageOf(() => parseDashboardUpdate({ content: '  ' }))).toBe('Content is required');
    expect(messageOf(() => parseDashboardUpdate({ platforms: [] }))).toBe('At least one platform is required');
    expect(messageOf(() => parseDashboardUpdate({ platforms: ['bluesky-did:plc:x'] }))).toBe('Invalid platform ID format: bluesky-did:plc:x');
    expect(messageOf(() => parseDashboardUpdate({ content: 'x', status: 'published' }))).toBe("Status must be either 'draft' or 'scheduled'");
  });

  it('parses edits and the schedule part together', () => {
    const parsed = parseDashboardUpdate({ content: 'new', platforms: ['linkedin-a', 'linkedin-a', 'twitter-b'], status: 'scheduled' });
    expect(parsed.edits).toEqual({ content: 'new', platformIds: ['linkedin-a', 'twitter-b'] });
    expect(parsed.schedule).toEqual({ status: 'scheduled', scheduledTime: undefined });
    expect(parseDashboardUpdate({ content: 'only' }).schedule).toBeUndefined();
  });

  it('edits only drafts and scheduled groups the engine has not taken', () => {
    expect(() => assertEditable({ status: 'draft' }, [{ status: 'pending' }])).not.toThrow();
    expect(() => assertEditable({ status: 'scheduled', processingStatus: 'pending' }, [{ status: 'scheduled', attemptCount: 0 }])).not.toThrow();
    expect(messageOf(() => assertEditable({ status: 'published' }, []))).toBe('Cannot update post: post is currently in published status');
    expect(messageOf(() => assertEditable({ status: 'scheduled', processingStatus: 'processing' }, []))).toBe(PostMessages.editStarted);
    expect(messageOf(() => assertEditable({ status: 'scheduled' }, [{ status: 'processing' }]))).toBe(PostMessages.editStarted);
    // Back in the queue after a failed attempt: something may already be out (a thread part).
    expect(messageOf(() => assertEditable({ status: 'scheduled' }, [{ status: 'scheduled', attemptCount: 1 }]))).toBe(PostMessages.editStarted);
  });

  it('diffs the platform set', () => {
    const { add, remove } = diffPlatforms([{ platformId: 'a-1' }, { platformId: 'b-2' }], [{ platformId: 'b-2' }, { platformId: 'c-3' }]);
    expect(add).toEqual([{ platformId: 'c-3' }]);
    expect(remove).toEqual([{ platformId: 'a-1' }]);
  });
});
