import type { ApolloServerPlugin } from '@apollo/server';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  GraphQLError,
  getVariableValues,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
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
  /**
   * Fields the cost count visits, fragments expanded each time they are spread: past it the count
   * stops (graphql-query-complexity's own bound) and the operation is refused as too complex.
   */
  maxCostedFields: 10_000,
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
 *
 * It costs only an operation that can run. Apollo itself refuses, with 400 and before any
 * resolver, an operation it could not pick (an unknown `operationName`, several operations and
 * none named: `OPERATION_RESOLUTION_FAILURE`) and variables that do not fit their declared types
 * (`BAD_USER_INPUT`, every mistake listed): left to it, those keep Apollo's own answers instead of
 * the library's uncoded errors, which came out as 500s.
 */
export function queryCostPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation, schema }) {
          if (!operation) return;
          const variables = request.variables ?? {};
          if (getVariableValues(schema, operation.variableDefinitions ?? [], variables).errors) return;
          const cost = operationCost(schema, document, operation, variables);
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

/**
 * The cost of the operation Apollo will run (named, so the library skips the others). What the
 * library still throws comes from the request, never the server: past its field bound the
 * operation is too complex; anything else is an argument the variables make invalid (a null for a
 * non-null argument that has a default, `@include(if: $v)` with `$v` null), the caller's mistake.
 */
function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): number {
  try {
    return getComplexity({
      schema,
      query: document,
      operationName: operation.name?.value,
      variables,
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
      maxQueryNodes: QUERY_LIMITS.maxCostedFields,
    });
  } catch (err) {
    if (!(err instanceof GraphQLError)) throw err;
    if (/maximum allowed number of nodes/.test(err.message)) {
      throw new GraphQLError(`Query is too complex: more than ${QUERY_LIMITS.maxCostedFields} fields once its fragments are expanded`, {
        extensions: { code: QUERY_TOO_COMPLEX, http: { status: 400 } },
      });
    }
    throw new GraphQLError(err.message, { nodes: err.nodes, extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
  }
}
