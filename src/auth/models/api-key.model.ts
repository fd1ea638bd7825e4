import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('ApiKey')
export class ApiKeyModel {
  @Field(() => ID) id: string;
  @Field(() => String) name: string;
  @Field(() => String) keyPrefix: string;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastUsedAt: Date | null;
}

/** Only the create mutation returns the full key, once. */
@ObjectType('CreatedApiKey')
export class CreatedApiKeyModel extends ApiKeyModel {
  @Field(() => String) rawKey: string;
}
