import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('ApiKey')
export class ApiKeyModel {
  @Field(() => ID) id: string;
  @Field(() => String) name: string;
  @Field(() => String) keyPrefix: string;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastUsedAt: Date | null;
  @Field(() => String, { nullable: true, description: "E-mail of the team member who made it (null: the account's owner, or made over REST)" })
  createdByEmail?: string | null;
}

/** Only the create mutation returns the full key, once. */
@ObjectType('CreatedApiKey')
export class CreatedApiKeyModel extends ApiKeyModel {
  @Field(() => String) rawKey: string;
}
