import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { AppConfig } from '../config/app-config.service';
import { ConnectionModel, toConnectionModel } from '../connections/models/connection.model';
import type { GraphQLContext } from '../graphql/graphql.module';
import { ensureBrowserBinding } from './browser-binding';
import { ConnectService } from './connect.service';
import { ConnectCredentialsInput, StartConnectionInput } from './dto/connect.inputs';
import { ConnectablePlatformModel, ConnectionStartModel, ConnectOutcomeModel, PendingConnectionModel } from './models/connect.models';

/** Connecting accounts from the dashboard session: the session user connects for themself. */
@Resolver()
@GqlSessionAuth()
export class ConnectResolver {
  constructor(
    private readonly connect: ConnectService,
    private readonly config: AppConfig,
  ) {}

  @Query(() => [ConnectablePlatformModel])
  connectablePlatforms(): ConnectablePlatformModel[] {
    return this.connect.connectablePlatforms().map((p) => ({ ...p, fields: [...p.fields] }));
  }

  @Query(() => PendingConnectionModel, { nullable: true })
  pendingConnection(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<PendingConnectionModel | null> {
    return this.connect.pending(ctx.userId, id);
  }

  @Query(() => ConnectOutcomeModel, {
    nullable: true,
    description:
      "What to show for the outcome parameters a connection attempt put in the page's address (connected, error, message, sig); null when there is nothing to announce",
  })
  connectOutcome(
    @Ctx() ctx: RequestContext,
    @Args('connected', { type: () => String, nullable: true }) connected?: string | null,
    @Args('error', { type: () => String, nullable: true }) error?: string | null,
    @Args('message', { type: () => String, nullable: true }) message?: string | null,
    @Args('sig', { type: () => String, nullable: true }) sig?: string | null,
  ): ConnectOutcomeModel | null {
    return this.connect.readOutcome(ctx.userId, {
      connected: connected ?? undefined,
      error: error ?? undefined,
      message: message ?? undefined,
      sig: sig ?? undefined,
    });
  }

  @Mutation(() => ConnectionStartModel)
  startConnection(
    @Ctx() ctx: RequestContext,
    @Context() gql: GraphQLContext,
    @Args('input', { type: () => StartConnectionInput }) input: StartConnectionInput,
  ): Promise<ConnectionStartModel> {
    const browser = ensureBrowserBinding(gql.req, gql.reply, this.config.isProduction);
    return this.connect.start(ctx.userId, input, browser);
  }

  @Mutation(() => [ConnectionModel])
  async completeConnection(
    @Ctx() ctx: RequestContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('externalIds', { type: () => [String] }) externalIds: string[],
  ): Promise<ConnectionModel[]> {
    return (await this.connect.completePending(ctx.userId, id, externalIds)).map((r) => toConnectionModel(r));
  }

  @Mutation(() => ConnectionModel)
  async connectWithCredentials(
    @Ctx() ctx: RequestContext,
    @Args('input', { type: () => ConnectCredentialsInput }) input: ConnectCredentialsInput,
  ): Promise<ConnectionModel> {
    return toConnectionModel(await this.connect.connectWithCredentials(ctx.userId, input));
  }

  @Mutation(() => Boolean)
  disconnectConnection(@Ctx() ctx: RequestContext, @Args('platformId') platformId: string): Promise<boolean> {
    return this.connect.disconnect(ctx.userId, platformId);
  }
}
