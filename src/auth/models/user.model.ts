import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

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
