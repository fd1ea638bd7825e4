import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/api-error';
import { ApiKeyAuthService, type ApiIdentity } from '../api-key-auth.service';
import { AuthMessages } from '../auth.errors';
import { getRequestContext, setRequestContext } from '../request-context';
import { API_STRATEGIES, PASSPORT, type Authenticator } from './passport';

/**
 * Runs the strategy `api-key` of this app's passport (ApiKeyStrategy, which leaves the request
 * context on the request); its ApiErrors pass through with their spec messages, anything else is
 * a 500. An embedding app's strategies (`extensions.apiStrategies`) are tried first, in order: one
 * that `fail`s passes the request on to the next; one that succeeds names the user (ApiIdentity),
 * who then goes through the same checks as a key's owner.
 *
 * It calls `authenticate` itself with a callback that captures only the request: a callback that
 * closes over the guard (as @nestjs/passport's `AuthGuard` does) kept each request's objects alive
 * past the young generation's collections (docs/performance.md).
 *
 * The middleware's `next` (a strategy's `pass()`, which `api-key` never calls) is refused like a
 * missing user: no request gets through without a request context.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly strategies: string | string[];

  constructor(
    @Inject(PASSPORT) private readonly passport: Authenticator,
    @Inject(API_STRATEGIES) extra: string[],
    private readonly auth: ApiKeyAuthService,
  ) {
    this.strategies = extra.length ? [...extra, 'api-key'] : 'api-key';
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const user = await authenticate(this.passport, this.strategies, request, http.getResponse());
    if (getRequestContext(request)) return true;
    // An embedding app's strategy identified the caller.
    const identity = user as Partial<ApiIdentity>;
    if (typeof identity.userId !== 'string') throw ApiError.internal(AuthMessages.internal);
    setRequestContext(request, await this.auth.authenticateIdentity({ userId: identity.userId }, request.headers));
    return true;
  }
}

function authenticate(passport: Authenticator, strategies: string | string[], request: unknown, response: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const done = (err: unknown, user: unknown): void => {
      if (err instanceof ApiError) reject(err);
      else if (err || !user) reject(ApiError.internal(AuthMessages.internal));
      else resolve(user);
    };
    passport.authenticate(strategies, { session: false }, done)(request, response, (err?: unknown) => done(err, false));
  });
}
