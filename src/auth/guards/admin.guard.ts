import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { AuthMessages } from '../auth.errors';
import { getRequestContext, personOf } from '../request-context';
import { executionRequest } from './execution-request';

/** After SessionGuard: the signed-in person must be an admin (their own flag, not a team account's), else 403 `Admin access required`. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const ctx = getRequestContext(executionRequest(context));
    if (!ctx) throw ApiError.unauthorized(AuthMessages.authenticationRequired);
    if (!personOf(ctx).isAdmin) throw ApiError.forbidden(AuthMessages.adminRequired);
    return true;
  }
}
