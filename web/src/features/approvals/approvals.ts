import type { PostsAwaitingApprovalQuery } from '../../gql/graphql';

export type AwaitingPost = PostsAwaitingApprovalQuery['postsAwaitingApproval'][number];

/** At most this many characters of a rejection's comment (the service's limit). */
export const MAX_COMMENT = 2000;

// Approving or rejecting changes a post: the posts lists, the queue and the navigation's count are read again.
export const DECIDED = { additionalTypenames: ['PostGroup', 'Queue'] };
