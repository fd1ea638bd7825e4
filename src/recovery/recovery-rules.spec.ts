import { Types } from 'mongoose';
import { ApiError } from '../common/api-error';
import type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';
import { parseRecoveryRequest, postedIdsOf, selectRetryTargets, selectUnpublishTargets } from './recovery-rules';

const post = (platformId: string, status: PlatformPostRecord['status'], extra: Partial<PlatformPostRecord> = {}): PlatformPostRecord =>
  ({ _id: new Types.ObjectId(), platformId, platform: platformId.split('-')[0], status, ...extra }) as PlatformPostRecord;

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('parseRecoveryRequest', () => {
  it('takes an absent body as every eligible post, without force', () => {
    expect(parseRecoveryRequest(undefined, { force: true })).toEqual({ force: false });
    expect(parseRecoveryRequest({ platformIds: null }, { force: true })).toEqual({ force: false });
  });
  it('keeps each id once and force only where the operation has it', () => {
    expect(parseRecoveryRequest({ platformIds: ['x-1', 'x-1', 'm-2'], force: true }, { force: true })).toEqual({ platformIds: ['x-1', 'm-2'], force: true });
    expect(parseRecoveryRequest({ force: true }, { force: false })).toEqual({ force: false });
  });
  it.each([[[]], ['x-1'], [[1]], [['']], [Array.from({ length: 51 }, (_, i) => `x-${i}`)]])('refuses platformIds %j', (platformIds) => {
    expect(refusal(() => parseRecoveryRequest({ platformIds }, { force: true }))).toEqual({
      status: 400,
      message: 'platformIds must be a non-empty array of platform IDs',
    });
  });
  it('refuses a force that is not a boolean', () => {
    expect(refusal(() => parseRecoveryRequest({ force: 'true' }, { force: true })).message).toBe('force must be true or false');
  });
});

describe('selectRetryTargets', () => {
  const failed = post('twitter-1', 'failed', { error: { code: 'INVALID_CONTENT' } as PlatformPostRecord['error'] });
  const unknown = post('telegram-2', 'failed', { error: { code: 'PUBLISH_OUTCOME_UNKNOWN' } as PlatformPostRecord['error'] });
  const published = post('mastodon-3', 'published');

  it('takes every failed post by default, never a published one', () => {
    expect(selectRetryTargets([failed, published], { force: false })).toEqual([{ post: failed, forced: false }]);
  });
  it('names posts by compound or bare id', () => {
    expect(selectRetryTargets([failed, published], { platformIds: ['1'], force: false })).toEqual([{ post: failed, forced: false }]);
  });
  it('refuses a named published post and an id outside the group', () => {
    expect(refusal(() => selectRetryTargets([failed, published], { platformIds: ['mastodon-3'], force: false })).message).toBe(
      'Only failed posts can be retried: the post on mastodon-3 is published',
    );
    expect(refusal(() => selectRetryTargets([failed], { platformIds: ['linkedin-9'], force: false })).message).toBe(
      'Platform not in this post group: linkedin-9',
    );
  });
  it('refuses when nothing failed', () => {
    expect(refusal(() => selectRetryTargets([published], { force: false }))).toEqual({
      status: 400,
      message: 'Nothing to retry: no post of this group has failed',
    });
  });
  it('an unknown outcome needs force, and is then marked forced', () => {
    expect(refusal(() => selectRetryTargets([failed, unknown], { force: false })).status).toBe(409);
    expect(selectRetryTargets([failed, unknown], { force: true })).toEqual([
      { post: failed, forced: false },
      { post: unknown, forced: true },
    ]);
  });
});

describe('selectUnpublishTargets and postedIdsOf', () => {
  it('takes published posts only', () => {
    const live = post('x-1', 'published');
    expect(selectUnpublishTargets([live, post('m-2', 'failed')], { force: false })).toEqual([live]);
    expect(refusal(() => selectUnpublishTargets([post('m-2', 'unpublished')], { force: false })).message).toBe(
      'Nothing to unpublish: no post of this group is published',
    );
  });
  it("lists a reply chain's live parts in order, else the one id", () => {
    expect(postedIdsOf({ postedId: 'a', threadParts: [{ content: '1', postedId: 'a' }, { content: '2', postedId: 'b' }, { content: '3' }] })).toEqual([
      'a',
      'b',
    ]);
    expect(postedIdsOf({ postedId: 'a' })).toEqual(['a']);
  });
});
