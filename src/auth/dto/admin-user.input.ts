import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Allow } from 'class-validator';

// `@Allow()` keeps each field through the global whitelisting ValidationPipe; UsersService checks
// them with CreateUserDto / UpdateUserDto (`validateInput`: the rules sign-up and managed users
// share), then the parent's existence.

@InputType()
export class AdminCreateUserInput {
  @Field(() => String) @Allow() email: string;
  @Field(() => String) @Allow() password: string;
  @Field(() => String, { nullable: true, description: 'starter | pro | premium (default starter)' }) @Allow() plan?: string;
  @Field(() => Boolean, { nullable: true }) @Allow() isAdmin?: boolean;
  @Field(() => ID, { nullable: true }) @Allow() parentUserId?: string;
  @Field(() => Boolean, { nullable: true }) @Allow() workspacesEnabled?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Override; omitted = the plan value' }) @Allow() apiAccess?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Override; omitted = the plan value' }) @Allow() mcpAccess?: boolean;
  @Field(() => Int, { nullable: true, description: 'Paid plans: connection seats (default 1)' }) @Allow() seats?: number;
}

@InputType()
export class AdminUpdateUserInput {
  @Field(() => String, { nullable: true }) @Allow() plan?: string;
  @Field(() => Boolean, { nullable: true }) @Allow() isAdmin?: boolean;
  @Field(() => ID, { nullable: true, description: 'null detaches the user from its owner' }) @Allow() parentUserId?: string | null;
  @Field(() => Boolean, { nullable: true }) @Allow() workspacesEnabled?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'null resets to the plan value' }) @Allow() apiAccess?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'null resets to the plan value' }) @Allow() mcpAccess?: boolean | null;
  @Field(() => Int, { nullable: true }) @Allow() seats?: number;
}
