import { Field, GraphQLISODateTime, ID, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import { GraphQLJSON } from 'graphql-scalars';

// `@Allow()` keeps each field through the global whitelisting pipe; the values are checked against
// the REST DTOs (`validateInput`: PostsFilter → ListPostsQueryDto, CreatePostInput → CreatePostDto,
// UpdatePostInput → DashboardUpdatePostDto), so every transport refuses the same input the same way.

@InputType()
export class PostsFilter {
  @Field(() => String, { nullable: true, description: 'draft | scheduled | published | failed | partially_published' })
  @Allow()
  status?: string | null;
  @Field(() => String, { nullable: true, description: 'Bare platform name (case-insensitive)' }) @Allow() platform?: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'scheduledTime at or after' }) @Allow() fromDate?: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'scheduledTime at or before' }) @Allow() toDate?: Date | null;
  @Field(() => String, { nullable: true, description: 'createdAt (default) | updatedAt | scheduledTime' }) @Allow() sortBy?: string | null;
  @Field(() => String, { nullable: true, description: 'asc | desc (default)' }) @Allow() sortOrder?: string | null;
}

/** The alt text of one of createPost's `mediaIds` (checked as get-upload-url's `altText`, and against the chosen platforms' limits). */
@InputType()
export class MediaAltTextInput {
  @Field(() => ID) @Allow() mediaId: string;
  @Field({ description: '"" leaves the file without alt text' }) @Allow() altText: string;
}

@InputType()
export class CreatePostInput {
  @Field() @Allow() content: string;
  @Field(() => [String], { description: 'Compound connection ids `<platform>-<id>`, as `connections` lists them' }) @Allow() platforms: string[];
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Absent: a draft. Past times become now.' })
  @Allow()
  scheduledTime?: Date | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'Per-platform settings object (merged over the defaults)' })
  @Allow()
  platformSettings?: unknown;
  @Field(() => [ID], { nullable: true, description: 'Your uploaded media (createUploadUrl without postGroupId) to attach' })
  @Allow()
  mediaIds?: string[] | null;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      "Text per account: compound id of `platforms` (or a chosen account's platform name) → that account's text; an account's key wins over its platform's",
  })
  @Allow()
  contentOverrides?: unknown;
  @Field(() => String, { nullable: true, description: 'Comment published under the post right after it succeeds; refused for platforms that take none' })
  @Allow()
  firstComment?: string | null;
  @Field(() => [MediaAltTextInput], {
    nullable: true,
    description: 'Alt text per attached file (each mediaId one of mediaIds), sent where the platform takes alt text',
  })
  @Allow()
  mediaAltTexts?: MediaAltTextInput[] | null;
}

@InputType()
export class UpdatePostInput {
  @Field(() => String, { nullable: true, description: 'draft | scheduled' }) @Allow() status?: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) @Allow() scheduledTime?: Date | null;
  @Field(() => String, { nullable: true, description: 'New content (draft or scheduled groups not yet being published)' })
  @Allow()
  content?: string | null;
  @Field(() => [String], { nullable: true, description: 'New set of compound connection ids (same condition)' })
  @Allow()
  platforms?: string[] | null;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      'Replaces every text override (same condition); {} or null clears them. Omitted: overrides kept (a content edit leaves overridden accounts as they are)',
  })
  @Allow()
  contentOverrides?: unknown;
  @Field(() => String, { nullable: true, description: 'Sets the first comment (same condition); null or "" removes it; omitted: unchanged' })
  @Allow()
  firstComment?: string | null;
}
