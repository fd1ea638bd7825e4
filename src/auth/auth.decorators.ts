import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiHeader, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { ErrorResponse } from '../common/error.response';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { AdminGuard } from './guards/admin.guard';
import { ApiKeyGuard } from './guards/api-key.guard';
import { SessionGuard } from './guards/session.guard';

/**
 * Everything under `/api/v1`: `x-api-key` (+ optional `x-service-user-id`, `x-service-client`).
 * Read the caller with `@Ctx() ctx: RequestContext`.
 */
export const ApiKeyAuth = () =>
  applyDecorators(
    // The request limit counts per key, so it runs once the key is known.
    UseGuards(ApiKeyGuard, RateLimitGuard),
    ApiSecurity('api-key'),
    ApiHeader({ name: 'x-service-user-id', required: false, description: 'Managed user to act for (workspace mode)' }),
    ApiHeader({ name: 'x-service-client', required: false, description: '`mcp` for MCP clients (needs MCP access)' }),
    ApiResponse({ status: 401, type: ErrorResponse, description: 'API key is required | Invalid API key | Invalid API key owner' }),
    ApiResponse({ status: 403, type: ErrorResponse, description: 'API access, MCP access or workspace refusals (docs/auth.md)' }),
    ApiResponse({
      status: 429,
      type: ErrorResponse,
      description: 'Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After)',
    }),
  );

/** Dashboard REST routes and GraphQL resolvers: the `sps_session` cookie. */
export const SessionAuth = () =>
  applyDecorators(
    UseGuards(SessionGuard),
    ApiCookieAuth('session'),
    ApiResponse({ status: 401, type: ErrorResponse, description: 'Authentication required (no valid sps_session cookie)' }),
  );

/** Same guard as SessionAuth, named for resolvers. */
export const GqlSessionAuth = () => UseGuards(SessionGuard);

/** A signed-in admin (includes the session check; REST and GraphQL). */
export const AdminOnly = () => applyDecorators(UseGuards(SessionGuard, AdminGuard), ApiCookieAuth('session'));
