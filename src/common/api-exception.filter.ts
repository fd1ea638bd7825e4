import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GRAPHQL_PATH, graphQLRequestRefusal } from '../graphql/graphql-errors';
import { ApiError, errorResponse, RetryLaterError, type ErrorResponse } from './api-error';

/**
 * The single place errors become HTTP answers: `{ "error": "<message>" }` plus any extra fields
 * of an ApiError. Framework exceptions keep their status with the same body shape; anything
 * unexpected is logged and answered 500 `Internal server error`. At the GraphQL endpoint the same
 * refusals (a body that is not JSON, too deep, too large) take GraphQL's shape, so a GraphQL client
 * reads them like Apollo's own.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception; // GraphQL formats its own errors
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, body } = this.toResponse(exception, request);
    if (reply.sent) return;
    const payload = request.url.split('?')[0] === GRAPHQL_PATH ? graphQLRequestRefusal(status, body.error) : body;
    if (exception instanceof RetryLaterError) void reply.header('retry-after', String(exception.retryAfterSeconds));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(payload);
  }

  private toResponse(exception: unknown, request: FastifyRequest): ErrorResponse {
    if (exception instanceof ApiError) return errorResponse(exception);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      let message = exception.message;
      if (status === HttpStatus.NOT_FOUND && message.startsWith('Cannot ')) {
        message = `Cannot ${request.method} ${request.url.split('?')[0]}`;
      } else if (typeof response === 'object' && response && 'message' in response) {
        const m = (response as { message: unknown }).message;
        message = Array.isArray(m) ? String(m[0]) : String(m);
      }
      return errorResponse(new ApiError(status, message));
    }
    const err = exception as { statusCode?: number; code?: string; message?: string };
    // Fastify's own client errors (bad JSON, body too large, unsupported media type).
    if (typeof err?.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return errorResponse(new ApiError(err.statusCode, err.message ?? 'Bad request'));
    }
    this.logger.error({ err: exception }, 'Unhandled error');
    return errorResponse(exception);
  }
}
