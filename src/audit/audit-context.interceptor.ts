import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { executionRequest } from '../auth/guards/execution-request';
import { getRequestContext } from '../auth/request-context';
import { auditContext } from './audit-context';

/** Runs each handler with its request context in `auditContext` (after the guards set it). */
@Injectable()
export class AuditContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const type = context.getType<string>();
    const ctx = type === 'http' || type === 'graphql' ? getRequestContext(executionRequest(context)) : undefined;
    if (!ctx) return next.handle();
    return new Observable((subscriber) => auditContext.run(ctx, () => next.handle().subscribe(subscriber)));
  }
}
