import type { PlatformPostStatus } from '@app/rules';
import type { PostDetailQuery } from '../../gql/graphql';

/** A status as words (`partially_published` → "partially published"). */
export const statusWords = (status: string) => status.replace('_', ' ');

/** One platform post as the post detail reads it. */
export type PlatformPost = NonNullable<PostDetailQuery['post']>['platformPosts'][number];

/** Platform post states in which the publishing engine has neither claimed nor tried it. */
const UNSTARTED: readonly PlatformPostStatus[] = ['pending', 'scheduled'];

/**
 * The service’s edit rule, so that "Edit texts" is offered only where a save can succeed: a draft or
 * scheduled post of which the engine has taken nothing (no claim, no attempt). The service still
 * decides, and its refusal is shown.
 */
export function textsEditable(post: Pick<NonNullable<PostDetailQuery['post']>, 'status' | 'processingStatus' | 'platformPosts'>): boolean {
  return (
    (post.status === 'draft' || post.status === 'scheduled') &&
    post.processingStatus === 'pending' &&
    post.platformPosts.every((pp) => (UNSTARTED as readonly string[]).includes(pp.status) && pp.attemptCount === 0)
  );
}

/**
 * A team editor's draft waiting for, or sent back by, an approver (docs/teams.md), as the posts
 * list and detail show it; null for any other post (an approved one is scheduled as usual).
 */
export function approvalBadge(approval: { state: string; comment?: string | null } | null | undefined): { label: string; color: string } | null {
  if (approval?.state === 'pending') return { label: 'Awaiting approval', color: 'yellow' };
  if (approval?.state === 'rejected') return { label: approval.comment ? `Rejected: ${approval.comment}` : 'Rejected', color: 'red' };
  return null;
}
