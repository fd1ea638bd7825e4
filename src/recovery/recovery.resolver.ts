import { Args, ID, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { PlatformPostModel } from '../posts/models/post-group.model';
import { RetryPostResultModel, UnpublishPostResultModel, type UnpublishOutcomeModel } from './models/recovery.models';
import { RecoveryService, type UnpublishOutcome } from './recovery.service';

function toOutcomeModel(o: UnpublishOutcome): UnpublishOutcomeModel {
  return { ...o, unpublishedAt: o.unpublishedAt ?? null, error: o.error ?? null };
}

/** Dashboard GraphQL for retry and unpublish: RecoveryService, as the REST routes (docs/recovery.md). */
@Resolver(() => PlatformPostModel)
@GqlSessionAuth()
export class RecoveryResolver {
  constructor(private readonly recovery: RecoveryService) {}

  @Mutation(() => RetryPostResultModel, { description: 'Failed platform posts of a group back to publish now (all failed ones when platformIds is absent)' })
  async retryPost(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('platformIds', { type: () => [String], nullable: true }) platformIds?: string[] | null,
    @Args('force', { type: () => Boolean, nullable: true, description: 'Also posts whose earlier outcome is unknown (may publish twice)' })
    force?: boolean | null,
  ): Promise<RetryPostResultModel> {
    const result = await this.recovery.retry(ctx, id, { platformIds: platformIds ?? undefined, force: force ?? undefined });
    return { postGroupId: result.postGroupId, retried: result.retried, warning: result.warning ?? null };
  }

  @Mutation(() => UnpublishPostResultModel, {
    description: "Deletes a group's published platform posts from their platforms; each result says how its platform answered",
  })
  async unpublishPost(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('platformIds', { type: () => [String], nullable: true }) platformIds?: string[] | null,
  ): Promise<UnpublishPostResultModel> {
    try {
      const result = await this.recovery.unpublish(ctx, id, { platformIds: platformIds ?? undefined });
      return { postGroupId: result.postGroupId, results: result.results.map(toOutcomeModel) };
    } catch (err) {
      // Every platform refused: the dashboard shows each reason rather than one error.
      if (err instanceof ApiError && err.status === 502 && Array.isArray(err.body.results)) {
        return { postGroupId: id, results: (err.body.results as UnpublishOutcome[]).map(toOutcomeModel) };
      }
      throw err;
    }
  }

  @ResolveField(() => Boolean, { description: "Whether this platform's API can delete the post (Unpublish is offered only then)" })
  canUnpublish(@Parent() post: PlatformPostModel): boolean {
    return this.recovery.canUnpublish(post.platform);
  }
}
