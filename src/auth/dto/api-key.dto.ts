import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { AuthMessages } from '../auth.errors';
import { API_KEY_NAME_MAX } from '../sanitize-name';

/** create: absent/null/empty → `Default`; otherwise a string of at most 100 characters. */
function IsOptionalKeyName() {
  return ValidateBy({
    name: 'isOptionalKeyName',
    validator: {
      validate: (value: unknown) => value == null || (typeof value === 'string' && value.length <= API_KEY_NAME_MAX),
      defaultMessage: () => AuthMessages.createNameInvalid,
    },
  });
}

/** rename: a non-blank string (else `Name is required`) of at most 100 characters. */
function IsRequiredKeyName() {
  return ValidateBy({
    name: 'isRequiredKeyName',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= API_KEY_NAME_MAX,
      defaultMessage: (args?: ValidationArguments) =>
        typeof args?.value === 'string' && args.value.trim() !== '' ? AuthMessages.nameTooLong : AuthMessages.nameRequired,
    },
  });
}

export class CreateApiKeyDto {
  // `string | null` reflects as Object: the type is written out.
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: 'HTML is stripped; empty → `Default`' })
  @IsOptionalKeyName()
  name?: string | null;
}

export class RenameApiKeyDto {
  @ApiProperty({ maxLength: 100 })
  @IsRequiredKeyName()
  name: string;
}

export class ApiKeyResponseDto {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() keyPrefix: string;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) lastUsedAt: string | null;
}
