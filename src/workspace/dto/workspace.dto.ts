import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNumber, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsNonBlankString, WhenPresent } from '../../common/validation/field-rules';
import { DEFAULT_LINK_DAYS, MAX_LINK_DAYS, WorkspaceMessages } from '../workspace.errors';

/** POST /api/v1/workspace/users */
export class CreateManagedUserDto {
  @IsNonBlankString(WorkspaceMessages.emailRequired)
  @ApiProperty({ description: 'The managed user’s email (unique; stored lower-cased)', example: 'client@example.com' })
  username: string;

  @WhenPresent()
  @MaxLength(100, { message: WorkspaceMessages.invalidDisplayName })
  @IsString({ message: WorkspaceMessages.invalidDisplayName })
  // `T | null` reflects as Object: the types of this file's nullable fields are written out.
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Defaults to the email', maxLength: 100 })
  displayName?: string | null;
}

/** POST /api/v1/workspace/users/:userId/connection-url */
export class ConnectionUrlDto {
  @WhenPresent()
  @IsBoolean({ message: WorkspaceMessages.invalidRotate })
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    default: false,
    description: 'true: a new link, the previous one stops working; false: the still-valid link is returned again',
  })
  rotate?: boolean | null;

  // Positive, fractions allowed, at most a year (a bearer link should not outlive its purpose).
  @WhenPresent()
  @Max(MAX_LINK_DAYS, { message: WorkspaceMessages.expiresInDaysTooLong })
  @Min(Number.MIN_VALUE, { message: WorkspaceMessages.invalidExpiresInDays })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: WorkspaceMessages.invalidExpiresInDays })
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    default: DEFAULT_LINK_DAYS,
    minimum: 0,
    exclusiveMinimum: true,
    maximum: MAX_LINK_DAYS,
    description: 'Days until the link expires (positive, at most 365)',
  })
  expiresInDays?: number | null;
}

export class ManagedUserResponse {
  @ApiProperty({ example: '665f1c2b9d3e4a0012345678' }) _id: string;
  @ApiProperty({ example: 'client@example.com' }) username: string;
  @ApiProperty({ example: 'Client Ltd' }) displayName: string;
  @ApiProperty({ example: 'managed' }) role: 'managed';
  @ApiProperty({ example: 100, description: 'Shown for compatibility; not enforced (the owner’s plan limits apply)' }) dailyPostsLeft: number;
  @ApiProperty({ type: String, nullable: true, description: 'The current connection link, null when none is valid' }) connectionsPageUrl: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) connectionsPageTokenExpiresAt: string | null;
}

export class ManagedUsersResponse {
  @ApiProperty({ type: [ManagedUserResponse] }) users: ManagedUserResponse[];
}

export class ManagedUserCreatedResponse {
  @ApiProperty({ type: ManagedUserResponse }) user: ManagedUserResponse;
}

export class ManagedUserApiKeyResponse {
  @ApiProperty({ example: 'API key generated successfully' }) message: string;
  @ApiProperty({ description: 'The full key, shown only here' }) apiKey: string;
  @ApiProperty() userId: string;
}

export class ConnectionUrlResponse {
  @ApiProperty({ example: 'https://scheduler.example.com/connect/3q2-7wX…' }) url: string;
  @ApiProperty({ type: String, format: 'date-time' }) tokenExpiresAt: string;
}

export class DetachedResponse {
  @ApiProperty({ example: true }) success: true;
}
