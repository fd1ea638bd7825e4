import { Field, ID, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import { GraphQLJSON } from 'graphql-scalars';

// Every field is nullable and `@Allow()`ed: a row is checked by create-post's rules (bulk-rows.ts),
// so a bad row gets create-post's message in its result instead of failing the whole operation.

@InputType({ description: "One post of an import: create-post's fields, `accounts` for its platforms" })
export class BulkPostRowInput {
  @Field(() => String, { nullable: true }) @Allow() content?: string | null;
  @Field(() => [String], { nullable: true, description: 'Compound connection ids `<platform>-<id>`' }) @Allow() accounts?: string[] | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 UTC, the word `queue` (next free queue slot), or absent: a draft' })
  @Allow()
  scheduledTime?: string | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'Text per account, as createPost' }) @Allow() contentOverrides?: unknown;
  @Field(() => String, { nullable: true }) @Allow() firstComment?: string | null;
  @Field(() => GraphQLJSON, { nullable: true }) @Allow() platformSettings?: unknown;
  @Field(() => [String], { nullable: true, description: 'Files the service fetches (public http(s) addresses)' }) @Allow() mediaUrls?: string[] | null;
  @Field(() => [ID], { nullable: true, description: 'Your uploaded media (createUploadUrl without postGroupId)' }) @Allow() mediaIds?: string[] | null;
}

@InputType({ description: 'The rows of an import (rows), or a CSV file as text (csv): exactly one of them' })
export class BulkPostsInput {
  @Field(() => [BulkPostRowInput], { nullable: true }) @Allow() rows?: BulkPostRowInput[] | null;
  @Field(() => String, { nullable: true, description: 'A CSV file (header line, then one post per record), as bulk/create-posts takes it' })
  @Allow()
  csv?: string | null;
  @Field(() => String, { nullable: true, description: 'CSV only: comma, semicolon or tab (default: detected)' }) @Allow() delimiter?: string | null;
  @Field(() => String, { nullable: true, description: "bulkCreatePosts: 'all' (default: nothing unless every row) or 'partial'" })
  @Allow()
  mode?: string | null;
}
