import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { POST_GROUP_STATUSES } from '@app/rules';
import type { PostsService } from '../../posts/posts.service';
import { validateInput } from '../../common/validation/validate-input';
import { CreatePostDto } from '../../posts/dto/create-post.dto';
import { UpdatePostDto } from '../../posts/dto/update-post.dto';
import { ListPostsQueryDto } from '../../posts/dto/list-posts.query.dto';
import { DEFAULT_SORT_KEY, LIST_SORT_KEYS } from '../../posts/list-posts.query';
import { toListPostsResponse, toPostDetail, toPostLogsResponse } from '../../posts/posts.mapper';
import { toUpdatePostInput } from '../../posts/post-rules';
import { textEditsOf } from '../../posts/post-edits';
import { McpIdempotencyService } from '../mcp-idempotency.service';
import { defined, idempotencyKeyParam, runTool, type ToolScope, registerTool } from './tool-kit';

/** Text per account (create_post, update_post): an object of strings, checked by the posts rules. */
const contentOverridesParam = z.record(z.unknown()).optional();
const postGroupId = z.string().describe('Post group id (24 hexadecimal characters), as returned by create_post or list_posts');
const isoTime =
  'ISO 8601 UTC time (`YYYY-MM-DDTHH:mm:ss.sssZ`, without milliseconds, or with `+00:00`). A time in the past becomes now; the service may move it later to keep a minimum spacing between posts of one account (the stored time is returned).';

export interface PostsToolDeps {
  posts: PostsService;
  idempotency: McpIdempotencyService;
  /** Every platform there is (the spec's eleven, then plugins'). */
  platformNames: readonly string[];
}

export function registerPostsTools(server: McpServer, scope: ToolScope, deps: PostsToolDeps): void {
  const { ctx } = scope;
  const { posts, idempotency, platformNames } = deps;

  registerTool(
    server,
    'list_posts',
    {
      title: 'List posts',
      description:
        'List post groups, newest first by default, with their per-platform status and media URLs. Filters and pagination as REST GET /api/v1/list-posts.',
      inputSchema: {
        status: z
          .string()
          .optional()
          .describe(`Exact group status, one of ${POST_GROUP_STATUSES.join(', ')} (published does not match partially_published)`),
        platform: z
          .string()
          .optional()
          .describe(`Bare platform name, case-insensitive: ${platformNames.join(', ')}. Unknown names return an empty list.`),
        fromDate: z.string().optional().describe('Inclusive lower bound on scheduledTime (any date string); excludes drafts without a time'),
        toDate: z.string().optional().describe('Inclusive upper bound on scheduledTime (any date string)'),
        page: z.union([z.number(), z.string()]).optional().describe('Page number, default 1 (values below 1 become 1)'),
        limit: z.union([z.number(), z.string()]).optional().describe('Page size 1-100, default 20 (0 or none gives 20; others clamped)'),
        sortBy: z
          .string()
          .optional()
          .describe(`Sort field: ${LIST_SORT_KEYS.join(', ')} (default ${DEFAULT_SORT_KEY})`),
        sortOrder: z.string().optional().describe('asc or desc (default; any other value counts as desc)'),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'list_posts', 'Failed to list posts', async (args: Record<string, unknown>) =>
      toListPostsResponse(await posts.list(ctx, validateInput(ListPostsQueryDto, defined(args)), 'summaries')),
    ),
  );

  registerTool(
    server,
    'get_post',
    {
      title: 'Get a post',
      description: 'One post group with its status, content and platform posts (per-platform status, published URL, error).',
      inputSchema: { postGroupId },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_post', 'Failed to fetch post group', async (args: { postGroupId: string }) => {
      const { group, platformPosts } = await posts.get(ctx, args.postGroupId);
      return toPostDetail(group, platformPosts);
    }),
  );

  registerTool(
    server,
    'create_post',
    {
      title: 'Create a post',
      description:
        'Create a post group on one or more connected accounts (see list_connections for platformIds). Without scheduledTime it is a draft (nothing is published; schedule it later with update_post). With scheduledTime it is scheduled and published at that time. Recommended for media: create a draft, call get_upload_url, PUT the file, then update_post with status=scheduled. Returns { success, postGroupId }. Plan limits apply (the error then carries the limit-exceeded body).',
      inputSchema: {
        content: z.string().describe('Post text (required, not blank). On twitter and threads long text is split into a thread.'),
        platforms: z
          .array(z.string())
          .describe(
            'Compound platform ids `<platform>-<id>` of your connections, exactly as list_connections gives them, e.g. ["linkedin-abc123"] (pattern ^[a-z]+-[a-zA-Z0-9_-]+$, which every listed id matches)',
          ),
        scheduledTime: z.string().nullable().optional().describe(`${isoTime} Omit (or null) to create a draft.`),
        platformSettings: z
          .record(z.unknown())
          .optional()
          .describe(
            'Optional per-platform settings merged over defaults; only tiktok {viewerSetting, allowComments, allowDuet, allowStitch, commercialContent, brandOrganic, brandedContent}, instagram {videoType: REELS|STORIES}, youtube {privacy: public|unlisted|private, title}, threads {replyControl} are kept',
          ),
        contentOverrides: contentOverridesParam.describe(
          'Optional text per account: keys are compound ids from platforms (e.g. "twitter-123") or a chosen account\'s platform name ("twitter"); an account\'s key wins over its platform\'s. Each text follows content\'s rules; on twitter and threads a long override is split into its own thread.',
        ),
        firstComment: z
          .string()
          .optional()
          .describe(
            "Optional comment published under the post right after it succeeds (twitter, threads, bluesky, mastodon: a reply; linkedin, facebook, instagram, youtube: a comment). Refused when a chosen platform takes none (tiktok, pinterest, telegram) or it exceeds a platform's text limit.",
          ),
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(scope, 'create_post', 'Failed to create post group', async (args: { idempotencyKey?: string } & Record<string, unknown>) => {
      const { idempotencyKey, ...body } = args;
      // The posts module's Idempotency-Key (shared with REST create-post for the same user),
      // checked by the same rule and message as the other tools' idempotencyKey.
      const key = idempotencyKey === undefined ? undefined : idempotency.checkKey(idempotencyKey);
      return posts.create(ctx, validateInput(CreatePostDto, defined(body)), key);
    }),
  );

  registerTool(
    server,
    'update_post',
    {
      title: 'Schedule, reschedule or unschedule a post',
      description:
        "Change a draft or scheduled post group: status=scheduled schedules it (at scheduledTime, else its existing time, else now), status=draft moves it back to draft (keeps the time), scheduledTime alone reschedules. Content and platforms cannot be changed. Only draft and scheduled groups can be updated. Scheduling runs the plan's limit checks.",
      inputSchema: {
        postGroupId,
        status: z.string().nullable().optional().describe('draft or scheduled (empty or null: not given)'),
        scheduledTime: z.string().nullable().optional().describe(`${isoTime} Empty or null: not given.`),
        contentOverrides: contentOverridesParam
          .nullable()
          .describe(
            "Replaces every text override (keys: the post's compound ids or platform names); {} or null clears them, so each account publishes the post's content.",
          ),
        firstComment: z.string().nullable().optional().describe('Sets the first comment; null or "" removes it.'),
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(
      scope,
      'update_post',
      'Failed to update post',
      (args: { postGroupId: string; status?: string | null; scheduledTime?: string | null; idempotencyKey?: string } & Record<string, unknown>) => {
        const { postGroupId: id, idempotencyKey, ...body } = args;
        return idempotency.run(ctx.userId, 'update_post', idempotencyKey, { postGroupId: id, ...body }, () => {
          const dto = validateInput(UpdatePostDto, defined(body));
          return posts.update(ctx, id, { schedule: toUpdatePostInput(dto), edits: textEditsOf(dto) });
        });
      },
    ),
  );

  registerTool(
    server,
    'delete_post',
    {
      title: 'Delete a post',
      description: 'Delete a post group in any status, with its platform posts, logs and media. Already published posts stay on the platforms.',
      inputSchema: { postGroupId },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    runTool(scope, 'delete_post', 'Failed to delete post group', (args: { postGroupId: string }) => posts.delete(ctx, args.postGroupId)),
  );

  registerTool(
    server,
    'get_post_logs',
    {
      title: 'Get publish logs of a post',
      description:
        'Publish log of a post group, oldest first (first 100): scheduled, processing, publish_attempted, publish_succeeded, publish_failed (with error, httpStatus, metadata.errorCode/retryable), status_changed; first_comment_attempted, first_comment_published, first_comment_failed for a first comment.',
      inputSchema: { postGroupId },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_post_logs', 'Failed to get post logs', async (args: { postGroupId: string }) =>
      toPostLogsResponse(await posts.logsOf(ctx, args.postGroupId)),
    ),
  );
}
