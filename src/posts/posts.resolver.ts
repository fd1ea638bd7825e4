import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import type { GraphQLContext } from '../graphql/graphql.module';
import { groupedBy, requestLoader } from '../graphql/request-loaders';
import { CreatePostInput, PostsFilter, UpdatePostInput } from './dto/post.inputs';
import { CreatePostDto } from './dto/create-post.dto';
import { ListPostsQueryDto } from './dto/list-posts.query.dto';
import { validateInput } from '../common/validation/validate-input';
import { clampLimit } from './list-posts.query';
import { parseDashboardUpdate } from './post-edits';
import {
  PlatformPostModel,
  PostGroupModel,
  PostLogModel,
  PostPageModel,
  toPlatformPostModel,
  toPostGroupModel,
  toPostLogModel,
} from './models/post-group.model';
import { POST_LOGS_LIMIT, PostsService } from './posts.service';
import type { PlatformPostRecord } from './schemas/platform-post.schema';
import type { PostLogRecord } from './schemas/post-log.schema';
import { RequiresRole } from '../auth/team-roles';
import { PostApprovalsService } from './post-approvals.service';

/** Platform posts per group the cost estimate assumes (a typical post targets a few connections). */
export const PLATFORM_POSTS_COST_ESTIMATE = 5;
/** Log entries per group the cost estimate assumes (a few per platform post; at most POST_LOGS_LIMIT are returned). */
export const LOGS_COST_ESTIMATE = 10;

/** A DateTime argument Nest parsed into an invalid Date is the REST format error, not a crash. */
function isoOf(value: Date | null | undefined, message: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Number.isNaN(value.getTime())) throw ApiError.badRequest(message);
  return value.toISOString();
}

/**
 * Dashboard GraphQL for post groups: the REST service's rules, limits and messages (PostsService);
 * platform posts and logs are resolved per field through request-scoped DataLoaders, so a page
 * costs a fixed number of queries.
 */
@Resolver(() => PostGroupModel)
@GqlSessionAuth()
export class PostsResolver {
  constructor(
    private readonly service: PostsService,
    private readonly approvals: PostApprovalsService,
  ) {}

  // Cost: the page's fields once per item it may hold (list-posts' limit clamp).
  @Query(() => PostPageModel, { complexity: ({ args, childComplexity }) => 1 + childComplexity * clampLimit(args.limit) })
  async posts(
    @Ctx() ctx: RequestContext,
    @Args('filter', { type: () => PostsFilter, nullable: true }) filter?: PostsFilter | null,
    @Args('page', { type: () => Int, nullable: true }) page?: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number | null,
  ): Promise<PostPageModel> {
    const query = validateInput(ListPostsQueryDto, { ...filter, page, limit });
    const { items, pagination } = await this.service.list(ctx, query, 'records');
    return { items: items.map(toPostGroupModel), ...pagination };
  }

  @Query(() => PostGroupModel, { nullable: true, description: 'NOT_FOUND for an id that is not one of your post groups' })
  async post(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<PostGroupModel> {
    return toPostGroupModel((await this.service.get(ctx, id)).group);
  }

  @RequiresRole('editor')
  @Mutation(() => PostGroupModel)
  async createPost(@Ctx() ctx: RequestContext, @Args('input', { type: () => CreatePostInput }) input: CreatePostInput): Promise<PostGroupModel> {
    const body = {
      content: input.content,
      platforms: input.platforms,
      scheduledTime: isoOf(input.scheduledTime, 'Invalid scheduled time format'),
      platformSettings: input.platformSettings ?? undefined,
      contentOverrides: input.contentOverrides ?? undefined,
      firstComment: input.firstComment ?? undefined,
    };
    const dto = validateInput(CreatePostDto, body);
    const media = { mediaIds: input.mediaIds ?? undefined, mediaAltTexts: input.mediaAltTexts ?? undefined };
    // A team editor's post waits for approval where the account requires it (docs/teams.md).
    const postGroupId = (await this.approvals.needsApproval(ctx))
      ? await this.approvals.createAwaitingApproval(ctx, dto, media, { queue: false })
      : (await this.service.create(ctx, dto, undefined, media)).postGroupId;
    return toPostGroupModel((await this.service.get(ctx, postGroupId)).group);
  }

  @RequiresRole('editor')
  @Mutation(() => PostGroupModel)
  async updatePost(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('input', { type: () => UpdatePostInput }) input: UpdatePostInput,
  ): Promise<PostGroupModel> {
    const change = parseDashboardUpdate({
      status: input.status ?? undefined,
      scheduledTime: isoOf(input.scheduledTime, 'Invalid scheduled time format'),
      content: input.content,
      platforms: input.platforms,
      contentOverrides: input.contentOverrides,
      firstComment: input.firstComment,
    });
    if (await this.approvals.needsApproval(ctx)) await this.approvals.updateAwaitingApproval(ctx, id, change);
    else await this.service.update(ctx, id, change);
    return toPostGroupModel((await this.service.get(ctx, id)).group);
  }

  @RequiresRole('editor')
  @Mutation(() => Boolean, { description: 'The group, its platform posts, logs and media (any status)' })
  async deletePost(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.service.delete(ctx, id);
    return true;
  }

  @ResolveField(() => [PlatformPostModel], { complexity: ({ childComplexity }) => 1 + childComplexity * PLATFORM_POSTS_COST_ESTIMATE })
  async platformPosts(@Parent() group: PostGroupModel, @Ctx() ctx: RequestContext, @Context() gql: GraphQLContext): Promise<PlatformPostModel[]> {
    const loader = requestLoader<string, PlatformPostRecord[]>(gql, 'platformPosts', async (ids) =>
      groupedBy(ids, await this.service.platformPostsOfGroups(ctx.userId, [...ids]), (p) => String(p.postGroupId)),
    );
    return (await loader.load(group.id)).map(toPlatformPostModel);
  }

  @ResolveField(() => [PostLogModel], {
    description: `Publish log, oldest first (the first ${POST_LOGS_LIMIT})`,
    complexity: ({ childComplexity }) => 1 + childComplexity * LOGS_COST_ESTIMATE,
  })
  async logs(@Parent() group: PostGroupModel, @Ctx() ctx: RequestContext, @Context() gql: GraphQLContext): Promise<PostLogModel[]> {
    const loader = requestLoader<string, PostLogRecord[]>(gql, 'postLogs', async (ids) => {
      const byGroup = await this.service.logsOfGroups(ctx.userId, [...ids]);
      return ids.map((id) => byGroup.get(id) ?? []);
    });
    return (await loader.load(group.id)).map(toPostLogModel);
  }
}
