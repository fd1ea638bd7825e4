import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import {
  ConnectionUrlDto,
  ConnectionUrlResponse,
  CreateManagedUserDto,
  DetachedResponse,
  ManagedUserApiKeyResponse,
  ManagedUserCreatedResponse,
  ManagedUsersResponse,
} from './dto/workspace.dto';
import { WorkspaceMessages as M } from './workspace.errors';
import { WorkspaceOwnerGuard } from './workspace-owner.guard';
import { WorkspaceService } from './workspace.service';

const USER_ID = { name: 'userId', description: 'A managed user of this key’s owner' };
const NOT_ENABLED = { status: 403, type: ErrorResponse, description: 'Workspace access is not enabled for this key' };
const NOT_MANAGED = { status: 404, type: ErrorResponse, description: M.notManaged };

/** `/api/v1/workspace/users` (the owner's API key; docs/workspace.md). */
// Decorators apply bottom-up: the owner check runs after ApiKeyAuth's guards.
@UseGuards(WorkspaceOwnerGuard)
@ApiTags('workspace')
@ApiKeyAuth()
@ApiResponse(NOT_ENABLED)
@Controller('api/v1/workspace/users')
export class WorkspaceController {
  constructor(private readonly workspace: WorkspaceService) {}

  @Get()
  @ApiOperation({ summary: 'The users this key’s owner manages' })
  @ApiResponse({ status: 200, type: ManagedUsersResponse })
  list(@Ctx() ctx: RequestContext) {
    return this.workspace.list(ctx);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a managed user (it cannot sign in; act for it with x-service-user-id)' })
  @ApiResponse({ status: 201, type: ManagedUserCreatedResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${M.emailRequired} | A valid email is required | ${M.invalidDisplayName}` })
  @ApiResponse({ status: 409, type: ErrorResponse, description: M.emailTaken })
  create(@Ctx() ctx: RequestContext, @Body() body: CreateManagedUserDto) {
    return this.workspace.create(ctx, body);
  }

  @Delete(':userId')
  @ApiOperation({ summary: 'Detach a managed user: the record stays, the association and its connection link go' })
  @ApiParam(USER_ID)
  @ApiResponse({ status: 200, type: DetachedResponse })
  @ApiResponse(NOT_MANAGED)
  detach(@Ctx() ctx: RequestContext, @Param('userId') userId: string) {
    return this.workspace.detach(ctx, userId);
  }

  @Post(':userId/api-key')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new API key for the managed user (its previous keys stop working)' })
  @ApiParam(USER_ID)
  @ApiResponse({ status: 200, type: ManagedUserApiKeyResponse })
  @ApiResponse(NOT_MANAGED)
  issueApiKey(@Ctx() ctx: RequestContext, @Param('userId') userId: string) {
    return this.workspace.issueApiKey(ctx, userId);
  }

  @Post(':userId/connection-url')
  @HttpCode(200)
  @ApiOperation({ summary: 'The managed user’s connection link (a page where it connects its accounts)' })
  @ApiParam(USER_ID)
  @ApiBody({ type: ConnectionUrlDto, required: false })
  @ApiResponse({ status: 200, type: ConnectionUrlResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${M.invalidRotate} | ${M.invalidExpiresInDays}` })
  @ApiResponse(NOT_MANAGED)
  connectionUrl(@Ctx() ctx: RequestContext, @Param('userId') userId: string, @Body() body: ConnectionUrlDto) {
    return this.workspace.connectionUrl(ctx, userId, body ?? {});
  }
}
