import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { httpUrlOrNull } from '../../common/http-url';
import type { ConnectionRecord, ConnectionTestResult } from '../connections.service';
import { TOKEN_STATUSES, tokenStatusOf, type TokenStatus } from '../token-status';

export class ConnectionLastErrorResponse {
  @ApiProperty() message: string;
  @ApiProperty() occurredAt: string;
}

/** Exactly the spec's "Platform connection" fields: never tokens, ids or internal state. */
export class ConnectionResponse {
  @ApiProperty({ example: 'mastodon-109000001' }) platformId: string;
  @ApiProperty() username: string;
  @ApiProperty({ type: String, nullable: true }) displayName: string | null;
  @ApiProperty({ type: String, nullable: true }) profileImageUrl: string | null;
  @ApiProperty({ type: String, nullable: true }) profileUrl: string | null;
  @ApiProperty({ type: String, nullable: true }) accessTokenExpiresAt: string | null;
  @ApiProperty({ enum: TOKEN_STATUSES }) tokenStatus: TokenStatus;
  @ApiProperty({ type: String, nullable: true, example: '12d 4h' }) tokenExpiresIn: string | null;
  @ApiProperty({ type: String, nullable: true }) lastSuccessfulPost: string | null;
  @ApiProperty({ type: ConnectionLastErrorResponse, nullable: true }) lastError: ConnectionLastErrorResponse | null;
  @ApiPropertyOptional({
    enum: ['reauth_required'],
    description: 'Only on an account whose token the platform refused to renew: reconnect it before its posts can publish (docs/connections.md)',
  })
  health?: 'reauth_required';
  @ApiPropertyOptional({ type: String, nullable: true, description: "With health: the platform's words" }) healthReason?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'With health: when the refusal was seen' }) reauthRequiredAt?: string | null;
  @ApiPropertyOptional({
    description:
      'Only when a feature (reading metrics) found a permission missing: which to grant, in the platform’s words. Reconnect the account and allow it.',
  })
  missingPermission?: string;
}

export class ConnectionListResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: [ConnectionResponse] }) connections: ConnectionResponse[];
}

export class ConnectionTestResponse {
  @ApiProperty() platform: string;
  @ApiProperty() platformId: string;
  @ApiProperty() username: string;
  @ApiProperty({ enum: ['ok', 'error'] }) status: 'ok' | 'error';
  @ApiProperty() message: string;
  @ApiProperty({ type: [String] }) permissions: string[];
  @ApiProperty({ type: String, nullable: true }) tokenExpiresIn: string | null;
  @ApiProperty({ type: String, nullable: true }) lastSuccessfulPost: string | null;
  @ApiProperty({ type: ConnectionLastErrorResponse, nullable: true }) lastError: ConnectionLastErrorResponse | null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const lastErrorOf = (e: { message: string; occurredAt: Date } | null) => (e ? { message: e.message, occurredAt: e.occurredAt.toISOString() } : null);

export function toConnectionResponse(record: ConnectionRecord, now: Date = new Date()): ConnectionResponse {
  const { tokenStatus, tokenExpiresIn } = tokenStatusOf(record.accessTokenExpiresAt, now);
  return {
    platformId: record.platformId,
    username: record.username ?? '',
    displayName: record.displayName,
    profileImageUrl: httpUrlOrNull(record.profileImageUrl),
    profileUrl: httpUrlOrNull(record.profileUrl),
    accessTokenExpiresAt: iso(record.accessTokenExpiresAt),
    tokenStatus,
    tokenExpiresIn,
    lastSuccessfulPost: iso(record.lastSuccessfulPost),
    lastError: lastErrorOf(record.lastError),
    ...healthOf(record),
  };
}

/** Only where it needs attention, so a healthy entry has exactly the spec's fields. */
function healthOf(record: ConnectionRecord): Pick<ConnectionResponse, 'health' | 'healthReason' | 'reauthRequiredAt' | 'missingPermission'> {
  const missing = record.missingPermission ? { missingPermission: record.missingPermission } : {};
  if (record.health !== 'reauth_required') return missing;
  return { health: 'reauth_required', healthReason: record.healthReason, reauthRequiredAt: iso(record.reauthRequiredAt), ...missing };
}

export function toConnectionTestResponse(result: ConnectionTestResult): ConnectionTestResponse {
  return {
    platform: result.platform,
    platformId: result.platformId,
    username: result.username,
    status: result.status,
    message: result.message,
    permissions: result.permissions,
    tokenExpiresIn: result.tokenExpiresIn,
    lastSuccessfulPost: iso(result.lastSuccessfulPost),
    lastError: lastErrorOf(result.lastError),
  };
}
