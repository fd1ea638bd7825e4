import { Client, cacheExchange, fetchExchange, mapExchange } from 'urql';

/**
 * The GraphQL client (urql, document cache): POST only, since the server's CSRF prevention
 * refuses GET queries without a preflight header; cookies are same-origin. A 401 from any
 * operation means the session is gone: `onUnauthenticated` sends the person to sign in.
 */
export function createGraphQLClient(onUnauthenticated: () => void): Client {
  return new Client({
    url: '/graphql',
    preferGetMethod: false,
    requestPolicy: 'cache-and-network',
    fetchOptions: { credentials: 'same-origin' },
    exchanges: [
      cacheExchange,
      mapExchange({
        onError(error) {
          if (error.graphQLErrors.some((e) => e.extensions?.code === 'UNAUTHENTICATED') || error.response?.status === 401) {
            onUnauthenticated();
          }
        },
      }),
      fetchExchange,
    ],
  });
}

/** The message to show for a failed operation: the server's own words, without urql's prefix. */
export function errorMessage(error: { graphQLErrors?: ReadonlyArray<{ message: string }>; networkError?: Error; message: string }): string {
  if (error.graphQLErrors?.length) return error.graphQLErrors.map((e) => e.message).join('; ');
  if (error.networkError) return 'The service cannot be reached. Check your connection and try again.';
  return error.message;
}
