import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { AuditPageResponse, toAuditEntryModel } from './audit.models';
import { AUDIT_ACTOR_TYPES, AuditMessages, AuditService } from './audit.service';

/** `/api/v1/audit-log` (API key): the account's audit log, paged and filtered (docs/audit.md). */
@ApiTags('audit')
@ApiKeyAuth()
@Controller('api/v1/audit-log')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'Who did what in the account, newest first' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100 (default 50)' })
  @ApiQuery({ name: 'action', required: false, type: String, description: 'e.g. post.created' })
  @ApiQuery({ name: 'actorType', required: false, enum: AUDIT_ACTOR_TYPES })
  @ApiQuery({ name: 'from', required: false, type: String, description: 'ISO 8601' })
  @ApiQuery({ name: 'to', required: false, type: String, description: 'ISO 8601' })
  @ApiResponse({ status: 200, type: AuditPageResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: [
      AuditMessages.pageInvalid,
      AuditMessages.limitInvalid,
      AuditMessages.actorTypeInvalid,
      AuditMessages.dateInvalid('from'),
      AuditMessages.actionInvalid,
    ].join(' | '),
  })
  async list(@Ctx() ctx: RequestContext, @Query() query: Record<string, unknown>) {
    const result = await this.audit.list(ctx, query);
    return {
      success: true,
      ...result,
      entries: result.entries.map((e) => {
        const m = toAuditEntryModel(e);
        return { ...m, at: m.at.toISOString() };
      }),
    };
  }
}
