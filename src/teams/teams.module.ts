import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LimitMailer } from '../limits/limit-mailer';
import { TeamInvite, TeamInviteSchema } from './schemas/team-invite.schema';
import { TeamSettings, TeamSettingsSchema } from './schemas/team-settings.schema';
import { TeamSettingsRepository } from './team-settings.repository';
import { TeamInvitesRepository } from './team-invites.repository';
import { TeamInvitesController } from './teams.controller';
import { TeamsResolver } from './teams.resolver';
import { TeamsService } from './teams.service';

/**
 * Teams: invitations, members' roles and the account switcher. Memberships themselves live with
 * the sessions in the auth module, which checks a member's role on every operation.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: TeamInvite.name, schema: TeamInviteSchema },
      { name: TeamSettings.name, schema: TeamSettingsSchema },
    ]),
  ],
  controllers: [TeamInvitesController],
  providers: [TeamInvitesRepository, TeamSettingsRepository, TeamsService, TeamsResolver, LimitMailer],
  exports: [TeamsService],
})
export class TeamsModule {}
