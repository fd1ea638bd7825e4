import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('AdminUser')
export class AdminUserModel {
  @Field(() => ID) id: string;
  @Field(() => String) email: string;
  @Field(() => String) plan: string;
  @Field(() => Boolean) isAdmin: boolean;
  @Field(() => ID, { nullable: true }) parentUserId: string | null;
  @Field(() => Boolean) workspacesEnabled: boolean;
  /** Effective values (override, else the plan's). */
  @Field(() => Boolean) apiAccess: boolean;
  @Field(() => Boolean) mcpAccess: boolean;
  @Field(() => Int) seats: number;
  @Field(() => GraphQLISODateTime) createdAt: Date;
}

@ObjectType('AdminUserPage')
export class AdminUserPageModel {
  @Field(() => [AdminUserModel]) items: AdminUserModel[];
  @Field(() => Int) page: number;
  @Field(() => Int) limit: number;
  @Field(() => Int) total: number;
}
