import { Field, InputType } from '@nestjs/graphql';
import { WhenPresent } from '../../common/validation/field-rules';
import { EmailRules } from './user-field.rules';

/** Profile fields the user may change; a field left out (or null) stays as it is. Checked by the global pipe. */
@InputType()
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: 'New sign-in email (lower-cased, unique)' })
  @WhenPresent()
  @EmailRules()
  email?: string | null;
}
