import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { AuthMessages } from '../auth.errors';
import { getRequestContext } from '../request-context';
import { executionRequest } from './execution-request';

/** After SessionGuard: the signed-in user must be an admin, else 403 `Admin access required`. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const ctx = getRequestContext(executionRequest(context));
    if (!ctx) throw ApiError.unauthorized(AuthMessages.authenticationRequired);
    if (!ctx.ownerUser.isAdmin) throw ApiError.forbidden(AuthMessages.adminRequired);
    return true;
  }
}
