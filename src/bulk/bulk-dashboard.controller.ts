import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { SessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { BulkService } from './bulk.service';
import { EXPORT_CSV_DESCRIPTION, ExportPostsQueryDto, ExportPostsResponse } from './dto/bulk.dto';
import { exportAnswer } from './export-answer';

/** The dashboard's export download (session cookie): a file, which a GraphQL answer is not. */
@ApiTags('bulk (dashboard)')
@SessionAuth()
@ApiExtraModels(ExportPostsResponse)
@Controller('bulk')
export class BulkDashboardController {
  constructor(private readonly bulk: BulkService) {}

  @Get('export-posts')
  @FailureMessage('Failed to export posts')
  @ApiOperation({ summary: 'GET /api/v1/bulk/export-posts for the signed-in dashboard (same filters, formats and columns)' })
  @ApiResponse({
    status: 200,
    description: 'The export, as a download',
    content: {
      'text/csv': { schema: { type: 'string', description: EXPORT_CSV_DESCRIPTION } },
      'application/json': { schema: { $ref: getSchemaPath(ExportPostsResponse) } },
    },
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: "Invalid status… | Invalid sortBy… | Invalid fromDate format | Invalid toDate format | format must be 'csv' or 'json'",
  })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to export posts' })
  async exportPosts(@Ctx() ctx: RequestContext, @Query() query: ExportPostsQueryDto): Promise<StreamableFile> {
    const format = query.format ?? 'csv';
    return exportAnswer(format, await this.bulk.exportStream(ctx, query, format));
  }
}
