import { Controller, Get, Headers, HttpCode, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { BulkImportReader } from './bulk-import.reader';
import { BulkService, type BulkCreateResult, type BulkValidation } from './bulk.service';
import {
  BULK_REQUEST_BODY,
  BulkCreatePostsDto,
  BulkCreateResponse,
  BulkRefusalResponse,
  BulkValidationResponse,
  ExportPostsQueryDto,
  ExportPostsResponse,
} from './dto/bulk.dto';
import { exportAnswer, ExportPostsRoute } from './export-answer';

const MODE_QUERY = {
  name: 'mode',
  required: false,
  enum: ['all', 'partial'],
  description: 'For a CSV body (a JSON body says it in `mode`); default all',
} as const;
const DELIMITER_QUERY = {
  name: 'delimiter',
  required: false,
  enum: ['comma', 'semicolon', 'tab'],
  description: "CSV only: the field delimiter; default: the header line's most frequent of , ; and tab",
} as const;
const FILE_REFUSALS =
  'rows must be an array… | Too many rows… | mode must be… | delimiter must be… | The CSV file is not valid UTF-8 text… | The CSV file is UTF-16 text… | The CSV header has no content or accounts column… | The CSV file could not be read… | Too many media URLs… | Invalid Idempotency-Key header';

/**
 * The bulk routes for integrators (docs/bulk.md): import many posts at once, its dry run, and the
 * export. Same key, rate limit, entitlements and error body as every /api/v1 route.
 */
@ApiTags('bulk')
@ApiKeyAuth()
@ApiHeader({ name: 'x-api-key', required: true, description: 'API key' })
@ApiExtraModels(BulkCreatePostsDto, ExportPostsResponse)
@Controller('api/v1/bulk')
export class BulkController {
  constructor(
    private readonly bulk: BulkService,
    private readonly reader: BulkImportReader,
  ) {}

  @Post('create-posts')
  @HttpCode(200)
  @FailureMessage('Failed to import posts')
  @ApiOperation({
    summary: 'Create up to 1,000 posts at once: JSON rows or a CSV file, checked as create-post checks them, all or nothing unless mode is partial',
    requestBody: BULK_REQUEST_BODY,
  })
  @ApiQuery(MODE_QUERY)
  @ApiQuery(DELIMITER_QUERY)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Optional (1-255 visible ASCII characters): a repeat within 24 h with the same rows returns the first response and creates nothing again',
  })
  @ApiResponse({ status: 200, type: BulkCreateResponse, description: 'Every row created; in partial mode, the valid ones (see results)' })
  @ApiResponse({
    status: 400,
    type: BulkRefusalResponse,
    description: `No posts were created: N of M rows have problems (errors: each row with create-post's message) | ${FILE_REFUSALS}`,
  })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description: 'Idempotency-Key reused with a different request body | still in progress | The account changed while the import ran…',
  })
  @ApiResponse({ status: 413, type: ErrorResponse, description: 'The CSV file is larger than 10 MB… (a JSON body: the 10 MB body limit)' })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to import posts' })
  async createPosts(
    @Ctx() ctx: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('mode') mode?: string,
    @Query('delimiter') delimiter?: string,
    // Under @ApiHeader's own name: the document lists the header once, optional (Nest reads it lowercased).
    @Headers('Idempotency-Key') idempotencyKey?: string,
  ): Promise<BulkCreateResult> {
    const input = await this.reader.read(request, reply, { mode, delimiter });
    return this.bulk.create(ctx, input.rows, input.mode, idempotencyKey);
  }

  @Post('validate-posts')
  @HttpCode(200)
  @FailureMessage('Failed to validate posts')
  @ApiOperation({
    summary: "bulk/create-posts' dry run: each row's refusal or what it would store, with validate-post's verdict per account; nothing is created",
    requestBody: BULK_REQUEST_BODY,
  })
  @ApiQuery(DELIMITER_QUERY)
  @ApiResponse({ status: 200, type: BulkValidationResponse, description: 'Also when rows would be refused: see each result' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: FILE_REFUSALS })
  @ApiResponse({ status: 413, type: ErrorResponse, description: 'The CSV file is larger than 10 MB…' })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to validate posts' })
  async validatePosts(
    @Ctx() ctx: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('delimiter') delimiter?: string,
  ): Promise<BulkValidation> {
    const input = await this.reader.read(request, reply, { delimiter });
    return this.bulk.validate(ctx, input.rows);
  }

  @Get('export-posts')
  @ExportPostsRoute("Every post group matching list-posts' filters, streamed as CSV (re-importable) or JSON, with each account's outcome and latest metrics")
  async exportPosts(@Ctx() ctx: RequestContext, @Query() query: ExportPostsQueryDto): Promise<StreamableFile> {
    return exportAnswer(query.format ?? 'csv', await this.bulk.exportStream(ctx, query, query.format ?? 'csv'));
  }
}
