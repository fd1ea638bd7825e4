import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';
import { UserModel } from './user.model';

/** A user as the admin queries show it: the `User` fields (entitlements effective) and its creation time. */
@ObjectType('AdminUser')
export class AdminUserModel extends UserModel {
  @Field(() => GraphQLISODateTime) createdAt: Date;
}

@ObjectType('AdminUserPage')
export class AdminUserPageModel {
  @Field(() => [AdminUserModel]) items: AdminUserModel[];
  @Field(() => Int) page: number;
  @Field(() => Int) limit: number;
  @Field(() => Int) total: number;
  @Field(() => Int) totalPages: number;
}
