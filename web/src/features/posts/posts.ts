import type { PostDetailQuery } from '../../gql/graphql';

/** A status as words (`partially_published` → "partially published"). */
export const statusWords = (status: string) => status.replace('_', ' ');

/** One platform post as the post detail reads it. */
export type PlatformPost = NonNullable<PostDetailQuery['post']>['platformPosts'][number];
