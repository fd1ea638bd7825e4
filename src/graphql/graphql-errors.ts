import { ApolloServerErrorCode, unwrapResolverError } from '@apollo/server/errors';
import { Logger } from '@nestjs/common';
import type { GraphQLFormattedError } from 'graphql';
import { ApiError, ClientFault } from '../common/api-error';
import { QUERY_LIMIT_MESSAGE, QUERY_TOO_COMPLEX } from './query-limits';

const logger = new Logger('GraphQL');

/** Where the dashboard's GraphQL endpoint listens. */
export const GRAPHQL_PATH = '/graphql';

/**
 * A refusal of a GraphQL request before Apollo reads it (the HTTP body: not JSON, too deep, too
 * large, another media type) in GraphQL's error shape, with Apollo's code for a malformed request.
 */
export function graphQLRequestRefusal(status: number, message: string): { errors: GraphQLFormattedError[] } {
  const code = status < 500 ? ApolloServerErrorCode.BAD_REQUEST : ApolloServerErrorCode.INTERNAL_SERVER_ERROR;
  return { errors: [{ message, extensions: { code } }] };
}

/** The one mapping from an ApiError status to a GraphQL `extensions.code`. */
export function graphQLCodeFor(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_USER_INPUT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return 'INTERNAL_SERVER_ERROR';
  }
}

/**
 * Apollo `formatError`: an ApiError keeps its message and gets its code (plus any extra body
 * fields under `extensions`; a body with its own `code`, the limit-exceeded body, keeps that
 * code); a ClientFault is NOT_FOUND; Apollo's own errors (syntax, validation, CSRF) pass through;
 * anything else is logged and masked as `Internal server error`.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof ApiError) {
    return {
      message: original.message,
      locations: formatted.locations,
      path: formatted.path,
      // A limit refusal keeps its own code (PLATFORM_NOT_AVAILABLE, …) beside the body's fields.
      extensions: {
        ...original.body,
        code: original.graphqlCode ?? (typeof original.body.code === 'string' ? original.body.code : graphQLCodeFor(original.status)),
      },
    };
  }
  // An id that can name nothing of the user's (a malformed one): as any id that is not theirs.
  if (original instanceof ClientFault) {
    return { message: original.notFound, locations: formatted.locations, path: formatted.path, extensions: { code: graphQLCodeFor(404) } };
  }
  // The operation limits (query-limits.ts) get their own code, whichever stage refused them.
  if (QUERY_LIMIT_MESSAGE.test(formatted.message)) {
    return { message: formatted.message, locations: formatted.locations, extensions: { code: QUERY_TOO_COMPLEX } };
  }
  if (formatted.extensions?.code === 'INTERNAL_SERVER_ERROR' || !formatted.extensions?.code) {
    logger.error({ err: original }, 'Unhandled GraphQL error');
    return {
      message: 'Internal server error',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  }
  return formatted;
}
