import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

@Schema({ _id: false })
export class ConnectionLastError {
  @Prop({ type: String, required: true })
  message: string;

  @Prop({ type: Date, required: true })
  occurredAt: Date;
}
const ConnectionLastErrorSchema = SchemaFactory.createForClass(ConnectionLastError);

/**
 * One authorised social account of a user. Tokens are stored only as AES-256-GCM ciphertext
 * (`src/crypto/token-cipher.ts`); the repository never selects them except for `getCredentials`.
 */
@Schema({ collection: 'platform_connections', timestamps: true })
export class PlatformConnection {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;

  /** One of the platforms there are (the spec's eleven or a plugin's): checked where names come in. */
  @Prop({ type: String, required: true })
  platform: string;

  /** Raw platform id (may contain colons or start with a minus sign). */
  @Prop({ type: String, required: true })
  externalId: string;

  /**
   * `compoundPlatformId(platform, externalId)`: `<platform>-<externalId>`, or an encoding of an id
   * create-post's pattern refuses (Bluesky DIDs). Stored so create-post ids match in one query.
   */
  @Prop({ type: String, required: true })
  platformId: string;

  @Prop({ type: String, default: null })
  username: string | null;

  @Prop({ type: String, default: null })
  displayName: string | null;

  @Prop({ type: String, default: null })
  profileImageUrl: string | null;

  @Prop({ type: String, default: null })
  profileUrl: string | null;

  @Prop({ type: String, required: true })
  accessTokenEncrypted: string;

  @Prop({ type: String, default: null })
  refreshTokenEncrypted: string | null;

  @Prop({ type: Date, default: null })
  accessTokenExpiresAt: Date | null;

  /** Mastodon instance / Bluesky PDS base URL. */
  @Prop({ type: String, default: null })
  instanceUrl: string | null;

  /** Telegram: `bot`, `channel`, ... */
  @Prop({ type: String, default: null })
  type: string | null;

  @Prop({ type: Date, default: null })
  lastSuccessfulPost: Date | null;

  @Prop({ type: ConnectionLastErrorSchema, default: null })
  lastError: ConnectionLastError | null;

  /** Token upkeep: the expiry a `token.expiring` event was sent for (once per token). */
  @Prop({ type: Date, default: null })
  expiringNotifiedFor: Date | null;

  /** Token upkeep: the instance working on this connection holds it until then. */
  @Prop({ type: Date, default: null })
  upkeepLeaseUntil: Date | null;

  createdAt: Date;
  updatedAt: Date;
}

export const PlatformConnectionSchema = SchemaFactory.createForClass(PlatformConnection);
// One connection per social account per user; the same account may be connected by two users.
PlatformConnectionSchema.index({ userId: 1, platform: 1, externalId: 1 }, { unique: true });
PlatformConnectionSchema.index({ userId: 1, platformId: 1 });
// Token upkeep scans across users by expiry.
PlatformConnectionSchema.index({ accessTokenExpiresAt: 1 });
