import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

/**
 * One started authorisation, server-side: found by the SHA-256 of the `state` sent to the
 * provider, used once (deleted by the callback that reads it), valid ten minutes, bound to the
 * user it connects for and to the browser that started it (SHA-256 of its binding cookie).
 */
@Schema({ collection: 'connect_states', timestamps: { createdAt: true, updatedAt: false } })
export class ConnectState {
  @Prop({ type: String, required: true, unique: true })
  stateHash: string;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: String, required: true })
  platform: string;

  @Prop({ type: String, required: true })
  browserHash: string;

  /** The PKCE verifier must reach the token endpoint in clear, so it is encrypted, not hashed. */
  @Prop({ type: String, required: true })
  codeVerifierEncrypted: string;

  @Prop({ type: String, required: true })
  returnTo: string;

  @Prop({ type: String, default: null })
  instanceUrl: string | null;

  @Prop({ type: Date, required: true })
  expiresAt: Date;

  createdAt: Date;
}

export const ConnectStateSchema = SchemaFactory.createForClass(ConnectState);
// Abandoned starts go away on their own an hour after expiry (the callback checks expiresAt
// itself, and tells an expired state from an unknown one in that hour).
ConnectStateSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
