import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiHeader, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { ErrorResponse } from '../common/error.response';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { AdminGuard } from './guards/admin.guard';
import { ApiKeyGuard } from './guards/api-key.guard';
import { SessionGuard } from './guards/session.guard';
import { SessionRequestGuard } from './guards/session-request.guard';
import { AuthMessages } from './auth.errors';
import { PersonalAction } from './team-roles';

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
    // The errors every API-key route can answer (spec, "Shared by all API-key endpoints"); a route's own 400 or 500 says more.
    ApiResponse({ status: 400, type: ErrorResponse, description: `${AuthMessages.invalidWorkspaceUserId} (x-service-user-id not a 24-character hex id)` }),
    ApiResponse({ status: 401, type: ErrorResponse, description: 'API key is required | Invalid API key | Invalid API key owner' }),
    ApiResponse({ status: 403, type: ErrorResponse, description: 'API access, MCP access or workspace refusals (docs/auth.md)' }),
    ApiResponse({
      status: 429,
      type: ErrorResponse,
      description: 'Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute (Retry-After)',
    }),
    ApiResponse({ status: 500, type: ErrorResponse, description: `${AuthMessages.internal} (an unexpected failure in authentication)` }),
  );

/**
 * A REST route a browser reaches with the dashboard's cookies (docs/auth.md, "Session routes"):
 * requests from other sites get 403, bodies must be JSON (415) unless `@OwnBodyFormat` says
 * otherwise. Included in `SessionAuth`; on its own for the routes that set the cookie.
 */
export const SessionRoute = () =>
  applyDecorators(
    UseGuards(SessionRequestGuard),
    ApiResponse({ status: 403, type: ErrorResponse, description: `${AuthMessages.crossSiteRequest} (Origin or Sec-Fetch-Site of another site)` }),
    ApiResponse({ status: 415, type: ErrorResponse, description: `${AuthMessages.jsonBodyRequired} (routes taking a JSON body)` }),
  );

/** Dashboard REST routes: the session route rules, then the `sps_session` cookie. */
export const SessionAuth = () =>
  applyDecorators(
    SessionRoute(),
    UseGuards(SessionGuard),
    ApiCookieAuth('session'),
    ApiResponse({ status: 401, type: ErrorResponse, description: 'Authentication required (no valid sps_session cookie)' }),
  );

/** Same guard as SessionAuth, named for resolvers. */
export const GqlSessionAuth = () => UseGuards(SessionGuard);

/** A signed-in admin (includes the session check; REST and GraphQL). Their own right, whichever account they act in. */
export const AdminOnly = () => applyDecorators(PersonalAction(), UseGuards(SessionGuard, AdminGuard), ApiCookieAuth('session'));
