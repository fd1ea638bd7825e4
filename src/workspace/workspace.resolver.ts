import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { validateInput } from '../common/validation/validate-input';
import { ConnectionUrlDto, CreateManagedUserDto } from './dto/workspace.dto';
import {
  ConnectionLinkInput,
  ConnectionLinkModel,
  CreateManagedUserInput,
  ManagedUserApiKeyModel,
  ManagedUserModel,
  toManagedUserModel,
} from './models/workspace.models';
import { WorkspaceService } from './workspace.service';

/** The workspace owner's GraphQL (dashboard session): the REST workspace routes' service and rules. */
@Resolver(() => ManagedUserModel)
@GqlSessionAuth()
export class WorkspaceResolver {
  constructor(private readonly workspace: WorkspaceService) {}

  @Query(() => [ManagedUserModel], { description: 'Your managed users (needs workspace access)' })
  async workspaceUsers(@Ctx() ctx: RequestContext): Promise<ManagedUserModel[]> {
    return (await this.workspace.list(ctx)).users.map(toManagedUserModel);
  }

  @Mutation(() => ManagedUserModel)
  async createWorkspaceUser(@Ctx() ctx: RequestContext, @Args('input', { type: () => CreateManagedUserInput }) input: CreateManagedUserInput) {
    return toManagedUserModel((await this.workspace.create(ctx, validateInput(CreateManagedUserDto, { ...input }))).user);
  }

  @Mutation(() => Boolean, { description: 'The user leaves your workspace (its record stays); its connection link stops working' })
  async detachWorkspaceUser(@Ctx() ctx: RequestContext, @Args('userId', { type: () => ID }) userId: string): Promise<boolean> {
    await this.workspace.detach(ctx, userId);
    return true;
  }

  @Mutation(() => ManagedUserApiKeyModel)
  async createWorkspaceUserApiKey(@Ctx() ctx: RequestContext, @Args('userId', { type: () => ID }) userId: string): Promise<ManagedUserApiKeyModel> {
    const { apiKey } = await this.workspace.issueApiKey(ctx, userId);
    return { userId, apiKey };
  }

  @Mutation(() => ConnectionLinkModel, { description: 'The user’s connection link: the still-valid one again unless rotate' })
  async createWorkspaceConnectionLink(
    @Ctx() ctx: RequestContext,
    @Args('userId', { type: () => ID }) userId: string,
    @Args('input', { type: () => ConnectionLinkInput, nullable: true }) input?: ConnectionLinkInput | null,
  ): Promise<ConnectionLinkModel> {
    const link = await this.workspace.connectionUrl(ctx, userId, validateInput(ConnectionUrlDto, { ...(input ?? {}) }));
    return { url: link.url, tokenExpiresAt: new Date(link.tokenExpiresAt) };
  }
}
