import { HttpStatus } from '@nestjs/common';

/**
 * The one error type services throw for anything a client should see. `message` is the spec's
 * exact text; `body` adds fields beside `error` (the limit-exceeded body, analytics `errors`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    /** GraphQL `extensions.code` when the status's generic code says too little (`CONNECTIONS_OVER_LIMIT`). */
    readonly graphqlCode?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static badRequest(message: string, body?: Record<string, unknown>): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, message, body);
  }
  static unauthorized(message: string): ApiError {
    return new ApiError(HttpStatus.UNAUTHORIZED, message);
  }
  static forbidden(message: string, body?: Record<string, unknown>): ApiError {
    return new ApiError(HttpStatus.FORBIDDEN, message, body);
  }
  static notFound(message: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, message);
  }
  static conflict(message: string): ApiError {
    return new ApiError(HttpStatus.CONFLICT, message);
  }
  static internal(message = 'Internal server error'): ApiError {
    return new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, message);
  }
}

/** A 429 that says when to try again: REST answers carry it as `Retry-After` (the exception filter). */
export class RetryLaterError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}

/** What every transport sends for a failure: the HTTP status and `{ error, ...extra }`. */
export interface ErrorResponse {
  status: number;
  body: { error: string } & Record<string, unknown>;
}

/**
 * The one error body builder (REST filter, raw media and MCP routes, MCP tool errors): an
 * ApiError keeps its status, message and extra fields; anything else is a 500 with `fallback`
 * (the route's failure message), its cause for the caller to log.
 */
export function errorResponse(err: unknown, fallback = 'Internal server error'): ErrorResponse {
  if (err instanceof ApiError) return { status: err.status, body: { error: err.message, ...err.body } };
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: fallback } };
}

/**
 * A client mistake the spec answers on REST with a route's 500 message (a malformed post group id
 * in get-post, update-post, delete-post, post-logs; MCP answers as REST). The status stays as the
 * spec fixes it, but it is logged at warn, without a stack: nothing is wrong with the server. The
 * dashboard's GraphQL answers it as `NOT_FOUND` with `notFound`, as any id that is not yours.
 */
export class ClientFault extends Error {
  constructor(
    message: string,
    readonly notFound: string,
  ) {
    super(message);
    this.name = 'ClientFault';
  }
}
