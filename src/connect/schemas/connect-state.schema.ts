import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

/**
 * One started authorisation, server-side: found by the SHA-256 of the `state` sent to the
 * provider, used once (the callback that reads it marks it used and drops its verifier), valid
 * ten minutes, bound to the user it connects for and to the browser that started it (SHA-256 of
 * its binding cookie). A used state stays until its TTL, so a replay still knows its `returnTo`.
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

  /** The PKCE verifier must reach the token endpoint in clear, so it is encrypted, not hashed; null once used. */
  @Prop({ type: String, default: null })
  codeVerifierEncrypted: string | null;

  @Prop({ type: String, required: true })
  returnTo: string;

  @Prop({ type: String, default: null })
  instanceUrl: string | null;

  @Prop({ type: Date, required: true })
  expiresAt: Date;

  /** When the callback spent it; null while it can still be used. */
  @Prop({ type: Date, default: null })
  usedAt: Date | null;

  createdAt: Date;
}

export const ConnectStateSchema = SchemaFactory.createForClass(ConnectState);
// Starts go away on their own an hour after expiry (the callback checks expiresAt itself, and in
// that hour tells an expired or spent state from an unknown one).
ConnectStateSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
