import { ArgumentsHost, Catch, Logger, UseFilters } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ApiError, ClientFault } from './api-error';
import { ApiExceptionFilter } from './api-exception.filter';
import { ErrorResponse } from './error.response';

/** Where @nestjs/swagger keeps a route's `@ApiResponse`s (its `DECORATORS.API_RESPONSE`, not exported). */
const API_RESPONSES = 'swagger/apiResponse';

/**
 * Names the 500 message of a route (`Failed to list posts`): any error on the way through the
 * route (its guards, pipes and handler) that is not an ApiError becomes that message, and the
 * cause is logged, never sent; ApiErrors keep their own status and message.
 *
 * A route-scoped exception filter, which runs only when something was thrown. (It was an
 * interceptor, which put every request of these routes through rxjs: about 3% of a list request's
 * main-thread time.)
 *
 * It documents that 500 too (the route can always answer it), unless the route's own
 * `@ApiResponse({ status: 500 })`, written below it, says more.
 */
export const FailureMessage =
  (message: string): MethodDecorator & ClassDecorator =>
  (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    UseFilters(new FailureMessageFilter(message))(target as never, key as never, descriptor as never);
    const documented = (Reflect.getMetadata(API_RESPONSES, descriptor ? descriptor.value : target) ?? {}) as Record<string, unknown>;
    if (!documented['500']) ApiResponse({ status: 500, type: ErrorResponse, description: message })(target as never, key as never, descriptor as never);
    return descriptor as never;
  };

@Catch()
export class FailureMessageFilter extends ApiExceptionFilter {
  private readonly requests = new Logger('Request');

  constructor(private readonly message: string) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() === 'http' && !(exception instanceof ApiError)) {
      if (exception instanceof ClientFault) this.requests.warn(`${this.message}: ${exception.message}`);
      else this.requests.error({ err: exception }, this.message);
      return super.catch(ApiError.internal(this.message), host);
    }
    super.catch(exception, host);
  }
}
