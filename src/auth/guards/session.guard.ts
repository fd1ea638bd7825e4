import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/api-error';
import { AuthMessages } from '../auth.errors';
import { MembershipsService } from '../memberships.service';
import { getRequestContext, setRequestContext, type RequestContext, type UserSummary } from '../request-context';
import { readSessionToken } from '../session-cookie';
import { SessionsService } from '../sessions.service';
import { requiredRoleOf, roleAllows, TEAM_ROLE_METADATA, TeamRoleMessages, type RequiredRole } from '../team-roles';
import { executionRequest } from './execution-request';

export function sessionContext(user: UserSummary): RequestContext {
  return {
    userId: user.id,
    ownerId: user.id,
    ownerUser: user,
    billingOwnerUser: user,
    actingUser: user,
    keyPrefix: null,
    isWorkspace: false,
    client: 'dashboard',
    entitlements: { apiAccess: user.apiAccess, mcpAccess: user.mcpAccess },
  };
}

/**
 * Resolves the session cookie once per request and leaves the context on it. A session switched
 * to a team account acts as that account, with the member's role; a membership that is gone
 * (removed, or the account deleted) falls back to the person's own account.
 */
export async function resolveSession(request: FastifyRequest, sessions: SessionsService, memberships: MembershipsService): Promise<RequestContext | null> {
  const existing = getRequestContext(request);
  if (existing?.client === 'dashboard') return existing;
  const token = readSessionToken(request);
  const resolved = token ? await sessions.resolve(token) : null;
  if (!resolved) return null;
  const team = resolved.accountId ? await memberships.accountFor(resolved.user, resolved.accountId) : null;
  const context = team ? { ...sessionContext(team.account), member: { role: team.role, user: resolved.user } } : sessionContext(resolved.user);
  setRequestContext(request, context);
  return context;
}

/**
 * Dashboard routes and resolvers: a valid session cookie, else 401 `Authentication required`.
 * A team member's role is checked here, on every operation: its `@RequiresRole`, else `viewer`
 * for reads and `admin` for writes (docs/teams.md).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    private readonly memberships: MembershipsService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = executionRequest(context);
    const ctx = await resolveSession(request, this.sessions, this.memberships);
    if (!ctx) throw ApiError.unauthorized(AuthMessages.authenticationRequired);
    if (ctx.member) {
      const annotated = this.reflector.getAllAndOverride<RequiredRole | 'self' | undefined>(TEAM_ROLE_METADATA, [context.getHandler(), context.getClass()]);
      const required = requiredRoleOf(annotated, operationKind(context));
      if (required !== 'self' && !roleAllows(ctx.member.role, required)) throw ApiError.forbidden(TeamRoleMessages.forbidden(ctx.member.role, required));
    }
    return true;
  }
}

/** A GraphQL query or a GET/HEAD reads; mutations and other methods write. */
function operationKind(context: ExecutionContext): 'read' | 'write' {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getInfo<{ operation: { operation: string } }>().operation.operation === 'query' ? 'read' : 'write';
  }
  const method = context.switchToHttp().getRequest<FastifyRequest>().method;
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
