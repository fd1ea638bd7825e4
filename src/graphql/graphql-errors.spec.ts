import { GraphQLError } from 'graphql';
import { ApiError } from '../common/api-error';
import { formatGraphQLError, graphQLCodeFor, graphQLRequestRefusal } from './graphql-errors';

describe('GraphQL error mapping', () => {
  it.each([
    [400, 'BAD_USER_INPUT'],
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [429, 'TOO_MANY_REQUESTS'],
    [500, 'INTERNAL_SERVER_ERROR'],
    [502, 'INTERNAL_SERVER_ERROR'],
  ])('maps %i to %s', (status, code) => expect(graphQLCodeFor(status)).toBe(code));

  it('keeps an ApiError message and adds its code', () => {
    const error = new GraphQLError('wrapped', { originalError: ApiError.forbidden('Admin access required'), path: ['x'] });
    expect(formatGraphQLError({ message: 'wrapped', path: ['x'] }, error)).toEqual({
      message: 'Admin access required',
      path: ['x'],
      locations: undefined,
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it("keeps a limit refusal's own code and body fields", () => {
    const limit = ApiError.forbidden('Platform not available', { code: 'PLATFORM_NOT_AVAILABLE', limit: 5, planName: 'Starter' });
    const error = new GraphQLError('wrapped', { originalError: limit, path: ['createPost'] });
    expect(formatGraphQLError({ message: 'wrapped', path: ['createPost'] }, error).extensions).toEqual({
      code: 'PLATFORM_NOT_AVAILABLE',
      limit: 5,
      planName: 'Starter',
    });
  });

  it('masks unexpected errors', () => {
    const error = new GraphQLError('boom', { originalError: new Error('db down') });
    const out = formatGraphQLError({ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, error);
    expect(out.message).toBe('Internal server error');
  });

  it('passes Apollo errors with their own codes through', () => {
    const formatted = { message: 'Cannot query field', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
    expect(formatGraphQLError(formatted, new GraphQLError('Cannot query field'))).toBe(formatted);
  });

  it("shapes a refusal of the HTTP request like Apollo's own: BAD_REQUEST for the client's, masked code for the server's", () => {
    expect(graphQLRequestRefusal(415, 'Unsupported Media Type')).toEqual({
      errors: [{ message: 'Unsupported Media Type', extensions: { code: 'BAD_REQUEST' } }],
    });
    expect(graphQLRequestRefusal(500, 'Internal server error').errors[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
  });
});
