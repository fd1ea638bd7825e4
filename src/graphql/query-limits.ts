import type { ApolloServerPlugin } from '@apollo/server';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/**
 * Bounds on one GraphQL operation, all checked before anything executes (docs/graphql.md). The
 * dashboard's own queries stay far below them; a hostile one is refused for the price of parsing.
 */
export const QUERY_LIMITS = {
  /** Tokens in the document: parsing itself stops past it (so 50,000 aliases never finish parsing). */
  maxTokens: 2_000,
  /** Nesting of selections. */
  maxDepth: 10,
  /** Aliases in one operation. */
  maxAliases: 30,
  /** Cost: each field 1, list fields their page size (see the field's `complexity`), summed. */
  maxCost: 1_000,
} as const;

export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

/** Messages of the limits, so the error formatter can give them their own code. */
export const QUERY_LIMIT_MESSAGE = /^(Query is too complex|Query depth limit|Aliases limit|Syntax Error: Document contains more tha[nt] \d+ tokens)/;

const tooComplex = (message: string) => new GraphQLError(message, { extensions: { code: QUERY_TOO_COMPLEX } });

/**
 * graphql-armor throws its refusals by default, which Apollo answers as an internal error: report
 * them as validation errors instead, without the misleading "Syntax Error: " prefix.
 */
const armorOptions = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(tooComplex(error.message.replace(/^Syntax Error: /, '')))],
};

/** Validation rules (run by Apollo before execution) for depth and aliases. */
export function queryLimitRules(): ValidationRule[] {
  return [
    // Introspection (GraphiQL's query nests ~12 levels through TypeRef) is bounded by tokens and cost.
    maxDepthRule({ n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, ...armorOptions }) as unknown as ValidationRule,
    maxAliasesRule({ n: QUERY_LIMITS.maxAliases, ...armorOptions }) as unknown as ValidationRule,
  ];
}

/**
 * The cost check, as an Apollo plugin rather than a validation rule: it needs the request's
 * variables (graphql-query-complexity's documented Apollo integration). Runs once the operation is
 * resolved, before execution.
 */
export function queryCostPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          const cost = getComplexity({
            schema,
            query: document,
            operationName: request.operationName ?? undefined,
            variables: request.variables ?? {},
            estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
          });
          if (cost > QUERY_LIMITS.maxCost) {
            throw new GraphQLError(`Query is too complex: cost ${cost}, at most ${QUERY_LIMITS.maxCost} allowed`, {
              extensions: { code: QUERY_TOO_COMPLEX, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
