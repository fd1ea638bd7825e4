import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';
import { UserModel } from './user.model';

/** A user as the admin queries show it: the `User` fields (entitlements effective), its creation time and the admin's overrides. */
@ObjectType('AdminUser')
export class AdminUserModel extends UserModel {
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => Boolean, { nullable: true, description: 'The admin override of API access; null: the plan decides' }) apiAccessOverride: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'The admin override of MCP access; null: the plan decides' }) mcpAccessOverride: boolean | null;
}

@ObjectType('AdminUserPage')
export class AdminUserPageModel {
  @Field(() => [AdminUserModel]) items: AdminUserModel[];
  @Field(() => Int) page: number;
  @Field(() => Int) limit: number;
  @Field(() => Int) total: number;
  @Field(() => Int) totalPages: number;
}
