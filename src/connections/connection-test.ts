import { httpUrlOrNull } from '../common/http-url';
import type { ValidationResult } from '../platforms/platform-adapter';
import type { ConnectionRecord } from './connections.repository';
import { tokenStatusOf } from './token-status';

/** test-connection's answer (before the REST/GraphQL mapping). */
export interface ConnectionTestResult {
  platform: string;
  platformId: string;
  username: string;
  status: 'ok' | 'error';
  message: string;
  permissions: string[];
  tokenExpiresIn: string | null;
  lastSuccessfulPost: Date | null;
  lastError: { message: string; occurredAt: Date } | null;
}

type TestedConnection = Pick<ConnectionRecord, 'platform' | 'platformId' | 'username' | 'lastSuccessfulPost' | 'lastError' | 'accessTokenExpiresAt'>;

/** No health validator for the platform (Pinterest, or an adapter that is not registered). */
export function untestableResult(record: TestedConnection): ConnectionTestResult {
  return {
    platform: record.platform,
    platformId: record.platformId,
    username: 'unknown',
    status: 'error',
    message: `Unknown platform: ${record.platform}`,
    permissions: [],
    tokenExpiresIn: null,
    lastSuccessfulPost: null,
    lastError: null,
  };
}

/**
 * An error answer: a refusal before any call (e.g. Telegram channels), or a failed validation
 * with the `lastError` it recorded.
 */
export function errorResult(record: TestedConnection, message: string, lastError: TestedConnection['lastError'], now: Date): ConnectionTestResult {
  return {
    platform: record.platform,
    platformId: record.platformId,
    lastSuccessfulPost: record.lastSuccessfulPost,
    username: record.username ?? '',
    status: 'error',
    message,
    permissions: [],
    tokenExpiresIn: tokenStatusOf(record.accessTokenExpiresAt, now).tokenExpiresIn,
    lastError,
  };
}

/** What a passed validation refreshes on the connection: the profile and the reported expiry. */
export function profileUpdateOf(result: ValidationResult): { displayName?: string; profileImageUrl?: string; accessTokenExpiresAt?: Date } {
  const profileImageUrl = httpUrlOrNull(result.profileImageUrl);
  return {
    ...(result.displayName != null ? { displayName: result.displayName } : {}),
    ...(profileImageUrl ? { profileImageUrl } : {}),
    ...(result.tokenExpiresAt ? { accessTokenExpiresAt: result.tokenExpiresAt } : {}),
  };
}

/** A passed validation, on the connection as it is after the profile update. */
export function passedResult(record: TestedConnection, result: ValidationResult, current: TestedConnection, now: Date): ConnectionTestResult {
  return {
    platform: record.platform,
    platformId: record.platformId,
    lastSuccessfulPost: record.lastSuccessfulPost,
    username: result.username || record.username || '',
    status: 'ok',
    message: result.message,
    permissions: result.permissions,
    tokenExpiresIn: tokenStatusOf(current.accessTokenExpiresAt, now).tokenExpiresIn,
    lastError: current.lastError,
  };
}
