import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../../common/api-error';
import { AuthMessages } from '../auth.errors';

/** Runs the `api-key` strategy; its ApiErrors pass through with their spec messages. */
@Injectable()
export class ApiKeyGuard extends AuthGuard('api-key') {
  override handleRequest<TUser>(err: unknown, user: TUser): TUser {
    if (err instanceof ApiError) throw err;
    if (err || !user) throw ApiError.internal(AuthMessages.internal);
    return user;
  }
}
