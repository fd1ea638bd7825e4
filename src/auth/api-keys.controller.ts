import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponse } from '../common/error.response';
import { ApiKeysService, type ApiKeyView, type CreatedApiKey } from './api-keys.service';
import { AuthMessages } from './auth.errors';
import { SessionAuth } from './auth.decorators';
import { CreateApiKeyDto, RenameApiKeyDto } from './dto/api-key.dto';
import { ApiKeyCreatedResponse, ApiKeyListResponse, ApiKeyUpdatedResponse, MessageResponse } from './dto/auth.responses';
import { KeyIdPipe } from './key-id.pipe';
import { Ctx, type RequestContext } from './request-context';

function toResponse(key: ApiKeyView) {
  return {
    _id: key._id,
    name: key.name,
    keyPrefix: key.keyPrefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
  };
}

/** API key management: dashboard session only (an API key cannot reach these routes). */
@ApiTags('api-keys')
@SessionAuth()
@Controller('auth/api-keys')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Get()
  @ApiOperation({ summary: 'List your API keys (never the keys themselves)' })
  @ApiResponse({ status: 200, type: ApiKeyListResponse })
  async list(@Ctx() ctx: RequestContext) {
    return { apiKeys: (await this.apiKeys.list(ctx.userId)).map(toResponse) };
  }

  @Post()
  @ApiOperation({ summary: 'Create an API key; the answer is the only time the whole key is shown' })
  @ApiResponse({ status: 201, type: ApiKeyCreatedResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Name must be a string with maximum 100 characters | Maximum of 10 active API keys allowed' })
  @ApiResponse({ status: 403, type: ErrorResponse, description: 'Your current plan does not include API access' })
  async create(@Ctx() ctx: RequestContext, @Body() dto: CreateApiKeyDto) {
    const key: CreatedApiKey = await this.apiKeys.create(ctx.userId, dto.name);
    return { message: AuthMessages.keyCreated, apiKey: { ...toResponse(key), rawKey: key.rawKey } };
  }

  @Patch(':keyId')
  @ApiOperation({ summary: 'Rename an API key' })
  @ApiResponse({ status: 200, type: ApiKeyUpdatedResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Invalid key ID format | Name is required | Name must be maximum 100 characters' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'API key not found' })
  async rename(@Param('keyId', KeyIdPipe) keyId: string, @Ctx() ctx: RequestContext, @Body() dto: RenameApiKeyDto) {
    return { message: AuthMessages.keyUpdated, apiKey: toResponse(await this.apiKeys.rename(ctx.userId, keyId, dto.name)) };
  }

  @Delete(':keyId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke an API key' })
  @ApiResponse({ status: 200, type: MessageResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Invalid key ID format' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'API key not found' })
  async revoke(@Param('keyId', KeyIdPipe) keyId: string, @Ctx() ctx: RequestContext) {
    await this.apiKeys.revoke(ctx.userId, keyId);
    return { message: AuthMessages.keyRevoked };
  }
}
