import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, Kind, type DocumentNode } from 'graphql';
import { resolveSession } from '../auth/guards/session.guard';
import { MembershipsService } from '../auth/memberships.service';
import { SessionsService } from '../auth/sessions.service';
import { AppConfig } from '../config/app-config.service';
import { formatGraphQLError, GRAPHQL_PATH } from './graphql-errors';
import { QUERY_LIMITS, queryCostPlugin, queryLimitRules } from './query-limits';
import type { HasLoaders } from './request-loaders';

export interface GraphQLContext extends HasLoaders {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** True when an operation asks for `__schema` or `__type` at its top level. */
function isIntrospection(document: DocumentNode): boolean {
  return document.definitions.some(
    (d) =>
      d.kind === Kind.OPERATION_DEFINITION &&
      d.selectionSet.selections.some((s) => s.kind === Kind.FIELD && (s.name.value === '__schema' || s.name.value === '__type')),
  );
}

/**
 * Every operation is for signed-in sessions (sign-in itself is REST, /auth/login): without a
 * session nothing executes (401, no `data`). Outside production introspection stays open, for
 * GraphiQL and code generators.
 */
function sessionsOnly(sessions: SessionsService, memberships: MembershipsService, production: boolean): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (!production && isIntrospection(document)) return;
          if (!(await resolveSession(contextValue.req, sessions, memberships))) {
            throw new GraphQLError('Authentication required', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
          }
        },
      };
    },
  };
}

/**
 * The dashboard's GraphQL endpoint (`/graphql`): code-first, schema in memory, every resolver in
 * the app (each guards itself with `@GqlSessionAuth()` / `@AdminOnly()`), Apollo CSRF
 * prevention on, stack traces never sent.
 */
@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      inject: [AppConfig, SessionsService, MembershipsService],
      useFactory: (config: AppConfig, sessions: SessionsService, memberships: MembershipsService): ApolloDriverConfig => ({
        path: GRAPHQL_PATH,
        autoSchemaFile: true,
        sortSchema: true,
        csrfPrevention: true,
        introspection: true,
        includeStacktraceInErrorResponses: false,
        graphiql: !config.isProduction,
        plugins: [sessionsOnly(sessions, memberships, config.isProduction), queryCostPlugin()],
        // Bounded before execution: parsing stops past maxTokens, validation checks depth, aliases and cost.
        parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
        validationRules: queryLimitRules(),
        // A fresh loader map per request: batching within one operation, no cache across requests.
        context: (req: FastifyRequest, reply: FastifyReply): GraphQLContext => ({ req, reply, loaders: new Map() }),
        formatError: formatGraphQLError,
      }),
    }),
  ],
})
export class AppGraphQLModule {}
