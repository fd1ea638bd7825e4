import { Field, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';

/** Profile fields the user may change; a field left out stays as it is. */
@InputType()
export class UpdateProfileInput {
  // `@Allow()` keeps it through the whitelisting pipe; UsersService checks it (sign-up's messages).
  @Field(() => String, { nullable: true, description: 'New sign-in email (lower-cased, unique)' }) @Allow() email?: string | null;
}
