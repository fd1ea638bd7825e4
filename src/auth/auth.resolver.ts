import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { ApiKeysService, type ApiKeyView } from './api-keys.service';
import { GqlSessionAuth } from './auth.decorators';
import { ApiKeyModel, CreatedApiKeyModel } from './models/api-key.model';
import { toUserModel, UserModel } from './models/user.model';
import { Ctx, type RequestContext } from './request-context';
import { UsersService } from './users.service';

function toModel(key: ApiKeyView): ApiKeyModel {
  return { id: key._id, name: key.name, keyPrefix: key.keyPrefix, createdAt: key.createdAt, lastUsedAt: key.lastUsedAt };
}

/** Dashboard GraphQL: the signed-in user and its API keys (same service and rules as REST). */
@Resolver()
@GqlSessionAuth()
export class AuthResolver {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly users: UsersService,
  ) {}

  @Query(() => UserModel)
  me(@Ctx() ctx: RequestContext): UserModel {
    return toUserModel(ctx.ownerUser);
  }

  // Cost (query-limits.ts): the key's fields, once per key it may list (at most 10 active).
  @Query(() => [ApiKeyModel], { complexity: ({ childComplexity }) => 1 + childComplexity * 10 })
  async apiKeys(@Ctx() ctx: RequestContext): Promise<ApiKeyModel[]> {
    const keys = await this.keys.listWithAuthors(ctx.userId);
    const authors = new Map<string, string | null>();
    for (const id of new Set(keys.map((k) => k.createdBy).filter((id): id is string => id !== null))) {
      authors.set(id, (await this.users.findSummary(id))?.email ?? null);
    }
    return keys.map((k) => ({ ...toModel(k), createdByEmail: k.createdBy ? (authors.get(k.createdBy) ?? null) : null }));
  }

  @Mutation(() => CreatedApiKeyModel)
  async createApiKey(@Ctx() ctx: RequestContext, @Args('name', { type: () => String, nullable: true }) name?: string | null): Promise<CreatedApiKeyModel> {
    const key = await this.keys.create(ctx.userId, name, ctx.member?.user.id ?? null);
    return { ...toModel(key), rawKey: key.rawKey };
  }

  @Mutation(() => ApiKeyModel)
  async renameApiKey(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('name', { type: () => String }) name: string,
  ): Promise<ApiKeyModel> {
    return toModel(await this.keys.rename(ctx.userId, id, name));
  }

  @Mutation(() => Boolean, { description: 'Soft delete; the key stops working on the next request' })
  async revokeApiKey(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.keys.revoke(ctx.userId, id);
    return true;
  }
}
