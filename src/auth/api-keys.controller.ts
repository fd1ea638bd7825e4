import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeysService, type ApiKeyView, type CreatedApiKey } from './api-keys.service';
import { AuthMessages } from './auth.errors';
import { SessionAuth } from './auth.decorators';
import { CreateApiKeyDto, RenameApiKeyDto } from './dto/api-key.dto';
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
  async list(@Ctx() ctx: RequestContext) {
    return { apiKeys: (await this.apiKeys.list(ctx.userId)).map(toResponse) };
  }

  @Post()
  async create(@Ctx() ctx: RequestContext, @Body() dto: CreateApiKeyDto) {
    const key: CreatedApiKey = await this.apiKeys.create(ctx.userId, dto.name);
    return { message: AuthMessages.keyCreated, apiKey: { ...toResponse(key), rawKey: key.rawKey } };
  }

  @Patch(':keyId')
  async rename(@Param('keyId', KeyIdPipe) keyId: string, @Ctx() ctx: RequestContext, @Body() dto: RenameApiKeyDto) {
    return { message: AuthMessages.keyUpdated, apiKey: toResponse(await this.apiKeys.rename(ctx.userId, keyId, dto.name)) };
  }

  @Delete(':keyId')
  @HttpCode(200)
  async revoke(@Param('keyId', KeyIdPipe) keyId: string, @Ctx() ctx: RequestContext) {
    await this.apiKeys.revoke(ctx.userId, keyId);
    return { message: AuthMessages.keyRevoked };
  }
}
