import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('RetriedPost')
export class RetriedPostModel {
  @Field(() => ID) postId: string;
  @Field() platform: string;
  @Field({ description: 'Compound connection id' }) platformId: string;
  @Field({ description: 'When the engine takes it up (ISO 8601)' }) scheduledTime: string;
  @Field({ description: 'Its earlier outcome was unknown: it may publish twice' }) forced: boolean;
}

@ObjectType('RetryPostResult')
export class RetryPostResultModel {
  @Field(() => ID) postGroupId: string;
  @Field(() => [RetriedPostModel]) retried: RetriedPostModel[];
  @Field(() => String, { nullable: true, description: 'Set on a forced retry: the post may publish twice' }) warning: string | null;
}

@ObjectType('RecoveryError')
export class RecoveryErrorModel {
  @Field() code: string;
  @Field() message: string;
  @Field({
    description:
      'auth_expired | permission_missing | rate_limited | content_rejected | media_rejected | platform_unavailable | network | outcome_unknown | configuration | unknown',
  })
  category: string;
  @Field() hint: string;
}

@ObjectType('UnpublishOutcome')
export class UnpublishOutcomeModel {
  @Field(() => ID) postId: string;
  @Field() platform: string;
  @Field() platformId: string;
  @Field({ description: 'unpublished, or published when the platform refused' }) status: string;
  @Field(() => String, { nullable: true }) unpublishedAt: string | null;
  @Field(() => RecoveryErrorModel, { nullable: true }) error: RecoveryErrorModel | null;
}

@ObjectType('UnpublishPostResult')
export class UnpublishPostResultModel {
  @Field(() => ID) postGroupId: string;
  @Field(() => [UnpublishOutcomeModel]) results: UnpublishOutcomeModel[];
}
