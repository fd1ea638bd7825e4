import { ApiProperty } from '@nestjs/swagger';
import { PLAN_NAMES } from '../../limits/plans';

/** Documentation of the dashboard auth answers (built by the controllers' explicit mappers). */
export class UserResponse {
  @ApiProperty({ example: '665f1c2b9d3e4a0012345678' }) id: string;
  @ApiProperty({ example: 'you@example.com' }) email: string;
  @ApiProperty({ enum: PLAN_NAMES }) plan: string;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The owner, for a managed (workspace) user' }) parentUserId: string | null;
  @ApiProperty() workspacesEnabled: boolean;
  @ApiProperty() apiAccess: boolean;
  @ApiProperty() mcpAccess: boolean;
  @ApiProperty() seats: number;
}

export class SessionUserResponse {
  @ApiProperty({ type: UserResponse }) user: UserResponse;
}

export class MessageResponse {
  @ApiProperty({ example: 'Logged out' }) message: string;
}

export class ApiKeyResponse {
  @ApiProperty({ example: '665f1c2b9d3e4a0012345678' }) _id: string;
  @ApiProperty({ example: 'CI key' }) name: string;
  @ApiProperty({ example: 'sk_mwu7a27r_4713caee618c' }) keyPrefix: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastUsedAt: string | null;
}

export class CreatedApiKeyResponse extends ApiKeyResponse {
  @ApiProperty({ description: 'The whole key, shown only in this answer' }) rawKey: string;
}

export class ApiKeyListResponse {
  @ApiProperty({ type: [ApiKeyResponse] }) apiKeys: ApiKeyResponse[];
}

export class ApiKeyCreatedResponse {
  @ApiProperty({ example: 'API key created successfully' }) message: string;
  @ApiProperty({ type: CreatedApiKeyResponse }) apiKey: CreatedApiKeyResponse;
}

export class ApiKeyUpdatedResponse {
  @ApiProperty({ example: 'API key updated successfully' }) message: string;
  @ApiProperty({ type: ApiKeyResponse }) apiKey: ApiKeyResponse;
}
