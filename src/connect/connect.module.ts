import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ConnectionsModule } from '../connections/connections.module';
import { LimitsModule } from '../limits/limits.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { PublishingModule } from '../publishing/publishing.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ConnectStatesRepository } from './connect-states.repository';
import { ConnectController } from './connect.controller';
import { ConnectResolver } from './connect.resolver';
import { ConnectService } from './connect.service';
import { MastodonAppsRepository } from './mastodon-apps.repository';
import { PendingConnectionsRepository } from './pending-connections.repository';
import { ConnectState, ConnectStateSchema } from './schemas/connect-state.schema';
import { MastodonApp, MastodonAppSchema } from './schemas/mastodon-app.schema';
import { PendingConnection, PendingConnectionSchema } from './schemas/pending-connection.schema';

/**
 * Connecting social accounts (docs/connect.md): OAuth and credential flows per platform, the
 * callback route and the dashboard's GraphQL surface. Connections are stored through
 * ConnectionsService; disconnecting fails scheduled posts through PublicationStateService and
 * writes `connection.disconnected` through WebhooksService.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ConnectState.name, schema: ConnectStateSchema },
      { name: PendingConnection.name, schema: PendingConnectionSchema },
      { name: MastodonApp.name, schema: MastodonAppSchema },
    ]),
    ConnectionsModule,
    LimitsModule,
    PublishingModule,
    PlatformsModule,
    WebhooksModule,
  ],
  controllers: [ConnectController],
  providers: [ConnectService, ConnectResolver, ConnectStatesRepository, PendingConnectionsRepository, MastodonAppsRepository],
  exports: [ConnectService],
})
export class ConnectModule {}
