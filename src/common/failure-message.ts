import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, Observable } from 'rxjs';
import { ApiError, ClientFault } from './api-error';

const FAILURE_MESSAGE = 'failureMessage';

/**
 * Names the 500 message of a route (`Failed to list posts`): any error that is not an ApiError
 * becomes that message, and the cause is logged, never sent.
 */
export const FailureMessage = (message: string) => SetMetadata(FAILURE_MESSAGE, message);

@Injectable()
export class FailureMessageInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Request');
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const message = this.reflector.get<string | undefined>(FAILURE_MESSAGE, context.getHandler());
    if (!message) return next.handle();
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (err instanceof ApiError) throw err;
        if (err instanceof ClientFault) this.logger.warn(`${message}: ${err.message}`);
        else this.logger.error({ err }, message);
        throw ApiError.internal(message);
      }),
    );
  }
}
