import { ApiError } from '../common/api-error';
import { toolError, toolResult } from './tool-result';

describe('toolResult / toolError', () => {
  it('returns the REST body as JSON text and as structuredContent', () => {
    const r = toolResult({ success: true, postGroupId: 'abc' });
    expect(r.isError).toBeUndefined();
    expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual({ success: true, postGroupId: 'abc' });
    expect(r.structuredContent).toEqual({ success: true, postGroupId: 'abc' });
  });

  it('carries the REST message, extra body fields and status of an ApiError', () => {
    const r = toolError(ApiError.forbidden('Post limit reached', { code: 'POST_LIMIT_REACHED', limit: 100 }), 'Failed to create post group');
    expect(r.isError).toBe(true);
    expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual({
      error: 'Post limit reached',
      code: 'POST_LIMIT_REACHED',
      limit: 100,
      status: 403,
    });
  });

  it('hides unexpected errors behind the route failure message', () => {
    const r = toolError(new Error('Cast to ObjectId failed for secret stuff'), 'Failed to fetch post group');
    expect(r.structuredContent).toEqual({ error: 'Failed to fetch post group', status: 500 });
    expect((r.content[0] as { text: string }).text).not.toContain('secret');
  });
});
