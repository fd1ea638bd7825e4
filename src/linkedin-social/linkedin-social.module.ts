import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { LinkedInSocialController } from './linkedin-social.controller';
import { LinkedInSocialService } from './linkedin-social.service';

/** Reactions and comments on LinkedIn posts (docs/linkedin-social.md), for REST and the MCP tools. */
@Module({
  imports: [ConnectionsModule, PlatformsModule],
  controllers: [LinkedInSocialController],
  providers: [LinkedInSocialService],
  exports: [LinkedInSocialService],
})
export class LinkedInSocialModule {}
