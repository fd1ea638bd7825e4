import { Field, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import { WhenPresent } from '../../common/validation/field-rules';
import { EmailRules } from './user-field.rules';

/** Profile fields the user may change; a field left out (or null) stays as it is. Checked by the global pipe. */
@InputType()
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: 'New sign-in email (lower-cased, unique); needs currentPassword' })
  @WhenPresent()
  @EmailRules()
  email?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The current password, required to change the email (checked under the sign-in throttle)',
  })
  // Checked by AuthService.changeEmail, which says what is missing in the dashboard's words.
  @Allow()
  currentPassword?: string | null;
}
