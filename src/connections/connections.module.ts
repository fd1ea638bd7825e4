import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PlatformsModule } from '../platforms/platforms.module';
import { ConnectionsController } from './connections.controller';
import { ConnectionsRepository } from './connections.repository';
import { ConnectionsResolver } from './connections.resolver';
import { ConnectionsService } from './connections.service';
import { EncryptionKeyCheck } from './encryption-key-check';
import { PlatformConnection, PlatformConnectionSchema } from './schemas/connection.schema';

/** Platform connections: stored tokens (encrypted), token status, health checks. Guards and
 * UsersService come from the global AuthModule. */
@Module({
  imports: [MongooseModule.forFeature([{ name: PlatformConnection.name, schema: PlatformConnectionSchema }]), PlatformsModule],
  controllers: [ConnectionsController],
  providers: [ConnectionsRepository, ConnectionsService, ConnectionsResolver, EncryptionKeyCheck],
  exports: [ConnectionsService],
})
export class ConnectionsModule {}
