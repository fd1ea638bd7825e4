import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';
import { MEMBER_ROLES, type MemberRole } from '../team-roles';

/**
 * A person's place in another user's account: the account (its owner's user id, which scopes
 * every record of the account) and the role they act in it with. The owner has no membership.
 */
@Schema({ collection: 'memberships', timestamps: true })
export class Membership {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  accountId: Types.ObjectId;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, index: true })
  userId: Types.ObjectId;

  @Prop({ type: String, required: true, enum: MEMBER_ROLES })
  role: MemberRole;

  /** Who invited them (the owner or an admin). */
  @Prop({ type: MongooseSchema.Types.ObjectId, default: null })
  invitedBy: Types.ObjectId | null;

  createdAt: Date;
  updatedAt: Date;
}

export const MembershipSchema = SchemaFactory.createForClass(Membership);
MembershipSchema.index({ accountId: 1, userId: 1 }, { unique: true });
export type MembershipRecord = Membership & { _id: Types.ObjectId };
