import type { INestApplicationContext } from '@nestjs/common';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { join } from 'node:path';

/** The committed schema of the dashboard API, at the repository root. */
export const SCHEMA_FILE = join(__dirname, '..', '..', 'schema.gql');

const HEADER = '# The dashboard GraphQL schema, generated from the code by `npm run schema` (do not edit by hand).\n\n';

/** The file's exact text for a schema: sorted, so it only changes when the API does. */
export function renderSchema(schema: GraphQLSchema): string {
  return `${HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
}

/** The schema of an initialised app (GraphQLModule builds it during init). */
export function appSchemaText(app: INestApplicationContext): string {
  return renderSchema(app.get(GraphQLSchemaHost).schema);
}
