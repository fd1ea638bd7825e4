import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { UsersService } from '../auth/users.service';
import { PostApprovalModel, PostGroupModel, toPostGroupModel } from '../posts/models/post-group.model';
import { PostApprovalsService } from '../posts/post-approvals.service';
import { PostsService } from '../posts/posts.service';
import { ApprovalsService } from './approvals.service';

/** The dashboard's "Awaiting approval": the list, approve and reject (owner and admins). */
@Resolver(() => PostApprovalModel)
@GqlSessionAuth()
export class ApprovalsResolver {
  constructor(
    private readonly approvals: ApprovalsService,
    private readonly postApprovals: PostApprovalsService,
    private readonly posts: PostsService,
    private readonly users: UsersService,
  ) {}

  // Cost: the post's fields once per post it may list.
  @Query(() => [PostGroupModel], {
    description: 'Posts waiting for approval, oldest request first (limit 1 to 100, default 20)',
    complexity: ({ args, childComplexity }) => 1 + childComplexity * awaitingLimit(args.limit),
  })
  async postsAwaitingApproval(
    @Ctx() ctx: RequestContext,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number | null,
  ): Promise<PostGroupModel[]> {
    return (await this.postApprovals.awaiting(ctx, awaitingLimit(limit))).map(toPostGroupModel);
  }

  @Mutation(() => PostGroupModel, { description: 'Schedules the post as its editor asked (or queues it), with the usual checks' })
  async approvePost(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<PostGroupModel> {
    await this.approvals.approve(ctx, id);
    return toPostGroupModel((await this.posts.get(ctx, id)).group);
  }

  @Mutation(() => PostGroupModel, { description: 'Keeps the post a draft and tells its editor why' })
  async rejectPost(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('comment', { type: () => String, nullable: true }) comment?: string | null,
  ): Promise<PostGroupModel> {
    await this.approvals.reject(ctx, id, comment ?? null);
    return toPostGroupModel((await this.posts.get(ctx, id)).group);
  }

  @ResolveField(() => String, { nullable: true, description: 'E-mail of the editor who asked (null: no longer a user)' })
  async requestedByEmail(@Parent() approval: PostApprovalModel): Promise<string | null> {
    return (await this.users.findSummary(approval.requestedBy))?.email ?? null;
  }

  @ResolveField(() => String, { nullable: true, description: 'E-mail of the approver who decided' })
  async decidedByEmail(@Parent() approval: PostApprovalModel): Promise<string | null> {
    return approval.decidedBy ? ((await this.users.findSummary(approval.decidedBy))?.email ?? null) : null;
  }
}

/** 1 to 100, default 20. */
function awaitingLimit(raw: unknown): number {
  const n = Number(raw ?? 20);
  return Number.isInteger(n) ? Math.min(Math.max(n, 1), 100) : 20;
}
