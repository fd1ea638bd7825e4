import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthMessages } from '../auth/auth.errors';
import { executionRequest } from '../auth/guards/execution-request';
import { getRequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';

/**
 * After the API-key guard, before the body is checked: only a key owner with workspace access
 * (or an admin) reaches the workspace routes, so a refused caller learns nothing from a 400.
 */
@Injectable()
export class WorkspaceOwnerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const ctx = getRequestContext(executionRequest(context));
    if (!ctx) throw ApiError.unauthorized(AuthMessages.apiKeyRequired);
    if (!ctx.ownerUser.workspacesEnabled && !ctx.ownerUser.isAdmin) throw ApiError.forbidden(AuthMessages.workspaceDisabled);
    return true;
  }
}
