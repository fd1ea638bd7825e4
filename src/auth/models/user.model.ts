import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { UserSummary } from '../request-context';

/** The signed-in user (`me`). */
@ObjectType('User')
export class UserModel {
  @Field(() => ID) id: string;
  @Field(() => String) email: string;
  @Field(() => String) plan: string;
  @Field(() => Boolean) isAdmin: boolean;
  @Field(() => ID, { nullable: true }) parentUserId: string | null;
  @Field(() => Boolean) workspacesEnabled: boolean;
  @Field(() => Boolean) apiAccess: boolean;
  @Field(() => Boolean) mcpAccess: boolean;
  @Field(() => Int) seats: number;
}

export function toUserModel(u: UserSummary): UserModel {
  return {
    id: u.id,
    email: u.email,
    plan: u.plan,
    isAdmin: u.isAdmin,
    parentUserId: u.parentUserId,
    workspacesEnabled: u.workspacesEnabled,
    apiAccess: u.apiAccess,
    mcpAccess: u.mcpAccess,
    seats: u.seats,
  };
}
