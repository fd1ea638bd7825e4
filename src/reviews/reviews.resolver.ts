import { Args, Field, GraphQLISODateTime, ID, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { RequiresRole } from '../auth/team-roles';
import { ReviewsService } from './reviews.service';
import type { ReviewLinkRecord } from './schemas/review-link.schema';

@ObjectType('ReviewDecision')
export class ReviewDecisionModel {
  @Field(() => GraphQLISODateTime) at: Date;
  @Field({ description: 'approved | commented' }) decision: string;
  @Field(() => String, { nullable: true }) comment: string | null;
  @Field(() => String, { nullable: true, description: 'The name the reviewer gave' }) name: string | null;
}

@ObjectType('ReviewLink')
export class ReviewLinkModel {
  @Field(() => ID) id: string;
  @Field(() => ID) postGroupId: string;
  @Field(() => GraphQLISODateTime) expiresAt: Date;
  @Field(() => GraphQLISODateTime, { nullable: true }) revokedAt: Date | null;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field({ description: 'Neither revoked nor expired' }) active: boolean;
  @Field(() => [ReviewDecisionModel], { description: 'Newest first' }) decisions: ReviewDecisionModel[];
}

@ObjectType('CreatedReviewLink', { description: 'The URL is shown once: only its hash is kept' })
export class CreatedReviewLinkModel {
  @Field(() => ReviewLinkModel) reviewLink: ReviewLinkModel;
  @Field() url: string;
}

const toModel = (l: ReviewLinkRecord): ReviewLinkModel => ({
  id: String(l._id),
  postGroupId: String(l.postGroupId),
  expiresAt: l.expiresAt,
  revokedAt: l.revokedAt ?? null,
  createdAt: l.createdAt,
  active: !l.revokedAt && l.expiresAt.getTime() > Date.now(),
  decisions: [...(l.decisions ?? [])].reverse(),
});

/** Review links for people outside the team (docs/teams.md): editors and above make and revoke them. */
@Resolver()
@GqlSessionAuth()
export class ReviewsResolver {
  constructor(private readonly reviews: ReviewsService) {}

  @Query(() => [ReviewLinkModel], { complexity: ({ childComplexity }) => 1 + childComplexity * 50 })
  async reviewLinks(@Ctx() ctx: RequestContext, @Args('postGroupId', { type: () => ID }) postGroupId: string): Promise<ReviewLinkModel[]> {
    return (await this.reviews.ofPost(ctx, postGroupId)).map(toModel);
  }

  @RequiresRole('editor')
  @Mutation(() => CreatedReviewLinkModel, { description: 'A link for someone outside the team to see the post per network and approve or comment' })
  async createReviewLink(
    @Ctx() ctx: RequestContext,
    @Args('postGroupId', { type: () => ID }) postGroupId: string,
    @Args('expiresInHours', { type: () => Int, nullable: true }) expiresInHours?: number | null,
  ): Promise<CreatedReviewLinkModel> {
    const { link, url } = await this.reviews.create(ctx, postGroupId, expiresInHours);
    return { reviewLink: toModel(link), url };
  }

  @RequiresRole('editor')
  @Mutation(() => Boolean)
  async revokeReviewLink(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.reviews.revoke(ctx, id);
    return true;
  }
}
