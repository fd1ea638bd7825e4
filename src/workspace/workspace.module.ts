import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ConnectModule } from '../connect/connect.module';
import { ConnectionsModule } from '../connections/connections.module';
import { ConnectPageController } from './connect-page.controller';
import { ConnectionLinksRepository } from './connection-links.repository';
import { ConnectionLink, ConnectionLinkSchema } from './schemas/connection-link.schema';
import { WorkspaceController } from './workspace.controller';
import { WorkspaceResolver } from './workspace.resolver';
import { WorkspaceService } from './workspace.service';

/**
 * Workspaces (docs/workspace.md): managed users, their API keys and connection links, over REST
 * (owner's API key), MCP and GraphQL (owner's session), and the hosted page a link opens.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: ConnectionLink.name, schema: ConnectionLinkSchema }]), ConnectModule, ConnectionsModule],
  controllers: [WorkspaceController, ConnectPageController],
  providers: [WorkspaceService, ConnectionLinksRepository, WorkspaceResolver],
  exports: [WorkspaceService],
})
export class WorkspaceModule {}
