import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

@Schema({ _id: false })
export class PendingAccount {
  @Prop({ type: String, required: true }) externalId: string;
  @Prop({ type: String, required: true }) username: string;
  @Prop({ type: String, default: null }) displayName: string | null;
  @Prop({ type: String, default: null }) profileImageUrl: string | null;
  @Prop({ type: String, default: null }) profileUrl: string | null;
  @Prop({ type: String, required: true }) kind: string;
  @Prop({ type: String, required: true }) accessTokenEncrypted: string;
  @Prop({ type: String, default: null }) refreshTokenEncrypted: string | null;
  @Prop({ type: Date, default: null }) accessTokenExpiresAt: Date | null;
  @Prop({ type: String, default: null }) instanceUrl: string | null;
  @Prop({ type: String, default: null }) type: string | null;
}
const PendingAccountSchema = SchemaFactory.createForClass(PendingAccount);

/**
 * Accounts one authorisation gave access to, waiting for the person to choose (pages,
 * organisations, channels). Tokens encrypted like connections'; completed at most once; gone
 * after ten minutes.
 */
@Schema({ collection: 'pending_connections', timestamps: { createdAt: true, updatedAt: false } })
export class PendingConnection {
  /** Random, unguessable id (the `?pending=` value). */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: String, required: true })
  platform: string;

  @Prop({ type: [PendingAccountSchema], default: [] })
  accounts: PendingAccount[];

  @Prop({ type: Date, required: true })
  expiresAt: Date;

  createdAt: Date;
}

export const PendingConnectionSchema = SchemaFactory.createForClass(PendingConnection);
PendingConnectionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
