import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { AuthMessages } from '../auth.errors';

/** Register: the service checks the email shape and the password length (same rules as admin create). */
export class RegisterDto {
  @ApiProperty({ example: 'me@example.com' })
  @IsString({ message: AuthMessages.invalidEmail })
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsString({ message: AuthMessages.invalidPassword })
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
