import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ConnectionsService } from './connections.service';
import { AdminCreateConnectionInput } from './dto/admin-create-connection.input';
import { ConnectionModel, ConnectionTestResultModel, toConnectionModel } from './models/connection.model';

/** Connections the cost estimate assumes per user (seats on paid plans are usually few). */
export const CONNECTIONS_COST_ESTIMATE = 20;

/**
 * Dashboard GraphQL for connections: the signed-in user's list and health check (same service as
 * GET platform-connections and POST test-connection), and the admin tooling that stores a
 * connection for a user. Guards are per operation: the admin one needs an admin session.
 */
@Resolver(() => ConnectionModel)
export class ConnectionsResolver {
  constructor(private readonly service: ConnectionsService) {}

  @Query(() => [ConnectionModel], { complexity: ({ childComplexity }) => 1 + childComplexity * CONNECTIONS_COST_ESTIMATE })
  @GqlSessionAuth()
  async connections(@Ctx() ctx: RequestContext): Promise<ConnectionModel[]> {
    const now = new Date();
    return (await this.service.list(ctx.userId)).map((r) => toConnectionModel(r, now));
  }

  @Mutation(() => ConnectionTestResultModel, { description: 'A call to the platform with the stored token (REST test-connection)' })
  @GqlSessionAuth()
  async testConnection(@Ctx() ctx: RequestContext, @Args('platformId') platformId: string): Promise<ConnectionTestResultModel> {
    return this.service.testConnection(ctx.userId, platformId);
  }

  @Mutation(() => ConnectionModel)
  @AdminOnly()
  async adminCreateConnection(@Args('input', { type: () => AdminCreateConnectionInput }) input: AdminCreateConnectionInput): Promise<ConnectionModel> {
    return toConnectionModel(await this.service.adminCreate(input));
  }
}
