import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';
import { MEMBER_ROLES, type MemberRole } from '../../auth/team-roles';

/** An invitation to an account: only the SHA-256 of its token is kept. */
@Schema({ collection: 'team_invites', timestamps: { createdAt: true, updatedAt: false } })
export class TeamInvite {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, index: true })
  accountId: Types.ObjectId;

  /** Normalized (trimmed, lower-cased). */
  @Prop({ type: String, required: true })
  email: string;

  @Prop({ type: String, required: true, enum: MEMBER_ROLES })
  role: MemberRole;

  @Prop({ type: String, required: true, unique: true })
  tokenHash: string;

  @Prop({ type: Date, required: true })
  expiresAt: Date;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  invitedBy: Types.ObjectId;

  @Prop({ type: Date, default: null })
  acceptedAt: Date | null;

  createdAt: Date;
}

export const TeamInviteSchema = SchemaFactory.createForClass(TeamInvite);
// One open invitation per address and account: a new one replaces it.
TeamInviteSchema.index({ accountId: 1, email: 1 }, { unique: true });
export type TeamInviteRecord = TeamInvite & { _id: Types.ObjectId };
