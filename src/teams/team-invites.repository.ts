import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { MemberRole } from '../auth/team-roles';
import { Repository } from '../database/repository';
import { TeamInvite, type TeamInviteRecord } from './schemas/team-invite.schema';

@Injectable()
export class TeamInvitesRepository extends Repository<TeamInviteRecord> {
  constructor(@InjectModel(TeamInvite.name) model: Model<TeamInvite>) {
    super(model);
  }

  /** The account's invitation for `email`, made anew (a new token and expiry; an older link stops working). */
  async replace(invite: {
    accountId: string;
    email: string;
    role: MemberRole;
    tokenHash: string;
    expiresAt: Date;
    invitedBy: string;
  }): Promise<TeamInviteRecord> {
    return (await this.findOneAndUpdate(
      { accountId: this.oid(invite.accountId), email: invite.email },
      {
        $set: { role: invite.role, tokenHash: invite.tokenHash, expiresAt: invite.expiresAt, invitedBy: this.oid(invite.invitedBy), acceptedAt: null },
      },
      { upsert: true, returnDocument: 'after' },
    ))!;
  }

  findByTokenHash(tokenHash: string): Promise<TeamInviteRecord | null> {
    return this.findOne({ tokenHash: String(tokenHash) });
  }

  /** Open (not accepted) invitations of the account, newest first. */
  listOpen(accountId: string): Promise<TeamInviteRecord[]> {
    return this.find({ accountId: this.oid(accountId), acceptedAt: null }, { sort: { createdAt: -1, _id: -1 } });
  }

  /** Marks the invitation used; false when it was used meanwhile (a second accept). */
  async markAccepted(id: TeamInviteRecord['_id'], at: Date): Promise<boolean> {
    return (await this.updateOne({ _id: id, acceptedAt: null }, { $set: { acceptedAt: at } })).matched === 1;
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const _id = this.parseId(id);
    return _id ? (await this.deleteOne({ _id, accountId: this.oid(accountId), acceptedAt: null })) === 1 : false;
  }
}
