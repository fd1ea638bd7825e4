import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LimitMailer } from '../limits/limit-mailer';
import { PlatformsModule } from '../platforms/platforms.module';
import { ConnectionsController } from './connections.controller';
import { ConnectionsRepository } from './connections.repository';
import { ConnectionsResolver } from './connections.resolver';
import { ConnectionsService } from './connections.service';
import { EncryptionKeyCheck } from './encryption-key-check';
import { InstanceSettingsRepository } from './instance-settings.repository';
import { PlatformConnection, PlatformConnectionSchema } from './schemas/connection.schema';
import { InstanceSetting, InstanceSettingSchema } from './schemas/instance-setting.schema';

/** Platform connections: stored tokens (encrypted), token status, health checks. Guards and
 * UsersService come from the global AuthModule; the mailer (the reauthorization e-mail) uses the
 * global mail transport, as the limits module's does. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PlatformConnection.name, schema: PlatformConnectionSchema },
      { name: InstanceSetting.name, schema: InstanceSettingSchema },
    ]),
    PlatformsModule,
  ],
  controllers: [ConnectionsController],
  providers: [ConnectionsRepository, InstanceSettingsRepository, ConnectionsService, ConnectionsResolver, EncryptionKeyCheck, LimitMailer],
  exports: [ConnectionsService],
})
export class ConnectionsModule {}
