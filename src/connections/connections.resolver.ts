import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth/auth.decorators';
import { ConnectionsService } from './connections.service';
import { AdminCreateConnectionInput } from './dto/admin-create-connection.input';
import { ConnectionModel, toConnectionModel } from './models/connection.model';

/** Admin tooling: store a connection for a user (OAuth connect flows are out of scope here). */
@Resolver(() => ConnectionModel)
@AdminOnly()
export class ConnectionsResolver {
  constructor(private readonly connections: ConnectionsService) {}

  @Mutation(() => ConnectionModel)
  async adminCreateConnection(
    @Args('input', { type: () => AdminCreateConnectionInput }) input: AdminCreateConnectionInput,
  ): Promise<ConnectionModel> {
    return toConnectionModel(await this.connections.adminCreate(input));
  }
}
