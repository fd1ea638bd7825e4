import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LimitMailer } from '../limits/limit-mailer';
import { TeamInvite, TeamInviteSchema } from './schemas/team-invite.schema';
import { TeamInvitesRepository } from './team-invites.repository';
import { TeamInvitesController } from './teams.controller';
import { TeamsResolver } from './teams.resolver';
import { TeamsService } from './teams.service';

/**
 * Teams: invitations, members' roles and the account switcher. Memberships themselves live with
 * the sessions in the auth module, which checks a member's role on every operation.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: TeamInvite.name, schema: TeamInviteSchema }])],
  controllers: [TeamInvitesController],
  providers: [TeamInvitesRepository, TeamsService, TeamsResolver, LimitMailer],
  exports: [TeamsService],
})
export class TeamsModule {}
