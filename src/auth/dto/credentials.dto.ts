import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@app/rules';
import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { AuthMessages } from '../auth.errors';
import { EmailRules, PasswordRules } from './user-field.rules';

/** Register: sign-up's account rules (UsersService.create checks them again for its other callers). */
export class RegisterDto {
  @ApiProperty({ example: 'me@example.com', description: 'Stored trimmed and lower-cased' })
  @EmailRules()
  email: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH })
  @PasswordRules()
  password: string;
}

export class LoginDto {
  @ApiProperty()
  @IsString({ message: AuthMessages.credentialsRequired })
  email: string;

  @ApiProperty()
  @IsString({ message: AuthMessages.credentialsRequired })
  password: string;
}
