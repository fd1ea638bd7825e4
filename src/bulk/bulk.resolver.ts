import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { RequiresRole } from '../auth/team-roles';
import { ApiError } from '../common/api-error';
import { BulkMessages } from './bulk.errors';
import { parseMode } from './bulk-rows';
import { BulkService, type BulkCreateResult, type BulkInput, type BulkValidation } from './bulk.service';
import { parseDelimiter } from './csv-rows';
import { BulkPostsInput } from './dto/bulk.inputs';
import { BulkCreateResultModel, BulkValidationModel } from './models/bulk.model';

/** A GraphQL row's fields without the nulls (null means not given, as an absent REST field). */
function given(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined));
}

/**
 * The dashboard's import (docs/bulk.md): the dry run to preview each row's problems, then the
 * import, through the same service as REST. The export is the session REST download
 * (`GET /bulk/export-posts`), a file rather than a GraphQL answer.
 */
@Resolver()
@GqlSessionAuth()
export class BulkResolver {
  constructor(private readonly bulk: BulkService) {}

  @RequiresRole('editor')
  @Mutation(() => BulkValidationModel, {
    description: "Dry run of bulkCreatePosts: each row's refusal or what it would store, and validate-post's verdict per account; creates nothing",
  })
  async validateBulkPosts(@Ctx() ctx: RequestContext, @Args('input', { type: () => BulkPostsInput }) input: BulkPostsInput): Promise<BulkValidation> {
    return this.bulk.validate(ctx, await this.rowsOf(input));
  }

  @RequiresRole('editor')
  @Mutation(() => BulkCreateResultModel, {
    description:
      "Creates the rows (create-post's rules, limits counted across the batch): all or nothing (a refusal is BAD_USER_INPUT with extensions.errors per row) unless mode is 'partial'",
  })
  async bulkCreatePosts(
    @Ctx() ctx: RequestContext,
    @Args('input', { type: () => BulkPostsInput }) input: BulkPostsInput,
    @Args('idempotencyKey', {
      type: () => String,
      nullable: true,
      description: 'A repeat with the same key and rows answers as the first, creating nothing again',
    })
    idempotencyKey?: string | null,
  ): Promise<BulkCreateResult> {
    const mode = parseMode(input.mode);
    return this.bulk.create(ctx, await this.rowsOf(input), mode, idempotencyKey ?? undefined);
  }

  private async rowsOf(input: BulkPostsInput): Promise<BulkInput> {
    const csv = input.csv ?? undefined;
    if ((csv !== undefined) === !!input.rows) throw ApiError.badRequest(BulkMessages.rowsOrCsv);
    if (csv !== undefined) return this.bulk.rowsFromCsv([Buffer.from(csv, 'utf8')], parseDelimiter(input.delimiter));
    return this.bulk.rowsFromJson(input.rows?.map(given));
  }
}
