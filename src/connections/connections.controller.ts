import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { ConnectionsService } from './connections.service';
import { ConnectionListResponse, ConnectionTestResponse, toConnectionResponse, toConnectionTestResponse } from './dto/connection.response';
import { ConnectionMessages } from './connections.errors';

@ApiTags('connections')
@ApiKeyAuth()
@Controller('api/v1')
export class ConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @Get('platform-connections')
  @FailureMessage('Failed to fetch platform connections')
  @ApiOperation({ summary: 'List the connected platform accounts' })
  @ApiOkResponse({ type: ConnectionListResponse })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to fetch platform connections' })
  async list(@Ctx() ctx: RequestContext): Promise<ConnectionListResponse> {
    const now = new Date();
    const records = await this.connections.list(ctx.userId);
    return { success: true, connections: records.map((r) => toConnectionResponse(r, now)) };
  }

  @Post('test-connection/:platformId')
  @HttpCode(200)
  @FailureMessage('Failed to test connection')
  @ApiOperation({ summary: 'Check that a connection still works (a call to the platform)' })
  @ApiOkResponse({ type: ConnectionTestResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Invalid platformId format' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: ConnectionMessages.notFound })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to test connection' })
  async test(@Ctx() ctx: RequestContext, @Param('platformId') platformId: string): Promise<ConnectionTestResponse> {
    return toConnectionTestResponse(await this.connections.testConnection(ctx.userId, platformId));
  }
}
