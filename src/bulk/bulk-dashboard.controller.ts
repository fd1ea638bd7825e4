import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import { SessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { BulkService } from './bulk.service';
import { ExportPostsQueryDto, ExportPostsResponse } from './dto/bulk.dto';
import { exportAnswer, ExportPostsRoute } from './export-answer';

/** The dashboard's export download (session cookie): a file, which a GraphQL answer is not. */
@ApiTags('bulk (dashboard)')
@SessionAuth()
@ApiExtraModels(ExportPostsResponse)
@Controller('bulk')
export class BulkDashboardController {
  constructor(private readonly bulk: BulkService) {}

  @Get('export-posts')
  @ExportPostsRoute('GET /api/v1/bulk/export-posts for the signed-in dashboard (same filters, formats and columns)')
  async exportPosts(@Ctx() ctx: RequestContext, @Query() query: ExportPostsQueryDto): Promise<StreamableFile> {
    const format = query.format ?? 'csv';
    return exportAnswer(format, await this.bulk.exportStream(ctx, query, format));
  }
}
