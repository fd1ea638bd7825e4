import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/** An account's team rules; absent: the defaults (no approval needed). */
@Schema({ collection: 'team_settings', timestamps: true })
export class TeamSettings {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, unique: true })
  accountId: Types.ObjectId;

  /** Editors' posts wait for an admin's or the owner's approval before they are scheduled. */
  @Prop({ type: Boolean, default: false })
  requireApproval: boolean;
}

export const TeamSettingsSchema = SchemaFactory.createForClass(TeamSettings);
export type TeamSettingsRecord = TeamSettings & { _id: Types.ObjectId };
