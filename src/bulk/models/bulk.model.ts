import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-scalars';

@ObjectType('BulkRowResult', { description: 'One row of an import: created (postGroupId) or refused (error)' })
export class BulkRowResultModel {
  @Field(() => Int, { description: '1 for the first row (CSV: the first record after the header)' }) row: number;
  @Field(() => Int, { nullable: true, description: 'CSV: the line its record starts on' }) line?: number;
  @Field() success: boolean;
  @Field(() => ID, { nullable: true }) postGroupId?: string;
  @Field(() => String, { nullable: true, description: 'draft | scheduled' }) status?: string;
  @Field(() => String, { nullable: true, description: 'The stored time (ISO 8601)' }) scheduledTime?: string;
  @Field(() => Int, { nullable: true, description: 'The status create-post would answer' }) httpStatus?: number;
  @Field(() => String, { nullable: true, description: "create-post's message" }) error?: string;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The limit-exceeded fields of a plan-limit refusal' }) details?: Record<string, unknown>;
}

@ObjectType('BulkCreateResult')
export class BulkCreateResultModel {
  @Field() mode: string;
  @Field(() => Int) total: number;
  @Field(() => Int) created: number;
  @Field(() => Int) failed: number;
  @Field(() => [BulkRowResultModel]) results: BulkRowResultModel[];
}

@ObjectType('BulkPlatformVerdict', { description: "validate-post's verdict for one account" })
export class BulkPlatformVerdictModel {
  @Field() platformId: string;
  @Field() platform: string;
  @Field() ok: boolean;
  @Field(() => Int) parts: number;
  @Field(() => Boolean, { nullable: true }) contentOverridden?: boolean;
  @Field(() => [String]) problems: string[];
  @Field(() => [String]) warnings: string[];
}

@ObjectType('BulkRowPreview', { description: "One row of a dry run: create-post's answer in this batch, and validate-post's verdicts" })
export class BulkRowPreviewModel {
  @Field(() => Int) row: number;
  @Field(() => Int, { nullable: true }) line?: number;
  @Field({ description: 'create-post would create it, after the rows before it' }) success: boolean;
  @Field({ description: 'And every account would publish it' }) valid: boolean;
  @Field(() => String, { nullable: true }) status?: string;
  @Field(() => String, { nullable: true }) scheduledTime?: string;
  @Field(() => Int, { nullable: true }) httpStatus?: number;
  @Field(() => String, { nullable: true }) error?: string;
  @Field(() => GraphQLJSON, { nullable: true }) details?: Record<string, unknown>;
  @Field(() => [BulkPlatformVerdictModel], { nullable: true }) platforms?: BulkPlatformVerdictModel[];
}

@ObjectType('BulkValidation')
export class BulkValidationModel {
  @Field({ description: 'Every row would be created and published as it is' }) valid: boolean;
  @Field(() => Int) total: number;
  @Field(() => Int) accepted: number;
  @Field(() => Int) refused: number;
  @Field(() => [BulkRowPreviewModel]) results: BulkRowPreviewModel[];
}
