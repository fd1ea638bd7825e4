import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/api-error';
import { AuthMessages } from '../auth.errors';
import { getRequestContext, setRequestContext, type RequestContext, type UserSummary } from '../request-context';
import { readSessionToken } from '../session-cookie';
import { SessionsService } from '../sessions.service';
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

/** Resolves the session cookie once per request and leaves the context on it. */
export async function resolveSession(request: FastifyRequest, sessions: SessionsService): Promise<RequestContext | null> {
  const existing = getRequestContext(request);
  if (existing?.client === 'dashboard') return existing;
  const token = readSessionToken(request);
  const user = token ? await sessions.resolve(token) : null;
  if (!user) return null;
  const context = sessionContext(user);
  setRequestContext(request, context);
  return context;
}

/** Dashboard routes and resolvers: a valid session cookie, else 401 `Authentication required`. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = executionRequest(context);
    if (!(await resolveSession(request, this.sessions))) throw ApiError.unauthorized(AuthMessages.authenticationRequired);
    return true;
  }
}
