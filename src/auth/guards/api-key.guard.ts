import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { AuthMessages } from '../auth.errors';
import { PASSPORT, type Authenticator } from './passport';

/**
 * Runs the strategy `api-key` of this app's passport (ApiKeyStrategy, which leaves the request
 * context on the request); its ApiErrors pass through with their spec messages, anything else is
 * a 500.
 *
 * It calls `authenticate` itself with a callback that captures only the request: a callback that
 * closes over the guard (as @nestjs/passport's `AuthGuard` does) kept each request's objects alive
 * past the young generation's collections (docs/performance.md).
 *
 * The middleware's `next` (a strategy's `pass()`, which `api-key` never calls) is refused like a
 * missing user: no request gets through without the strategy's request context.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(@Inject(PASSPORT) private readonly passport: Authenticator) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    return authenticate(this.passport, http.getRequest(), http.getResponse());
  }
}

function authenticate(passport: Authenticator, request: unknown, response: unknown): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const done = (err: unknown, user: unknown): void => {
      if (err instanceof ApiError) reject(err);
      else if (err || !user) reject(ApiError.internal(AuthMessages.internal));
      else resolve(true);
    };
    passport.authenticate('api-key', { session: false }, done)(request, response, (err?: unknown) => done(err, false));
  });
}
