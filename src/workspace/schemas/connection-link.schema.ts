import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

/**
 * A managed user's connection link (`/connect/<token>`): one per user, replaced on rotation.
 * The token is looked up by its SHA-256 and kept encrypted (TokenCipher) so the owner can be
 * shown the same link again; it is never stored in clear.
 */
@Schema({ collection: 'workspace_connection_links', timestamps: true })
export class ConnectionLink {
  /** The managed user the link connects accounts for. */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, unique: true })
  userId: Types.ObjectId;

  /** The workspace owner who made it: the link stops working when the user leaves that owner. */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, index: true })
  ownerId: Types.ObjectId;

  @Prop({ type: String, required: true, unique: true })
  tokenHash: string;

  @Prop({ type: String, required: true })
  tokenEncrypted: string;

  @Prop({ type: Date, required: true })
  expiresAt: Date;

  createdAt: Date;
  updatedAt: Date;
}

export const ConnectionLinkSchema = SchemaFactory.createForClass(ConnectionLink);

export type ConnectionLinkRecord = ConnectionLink & { _id: Types.ObjectId };
