import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/** `ok`, or `reauth_required` once a refresh was refused for good (docs/connections.md, "Health"). */
export const CONNECTION_HEALTH_STATES = ['ok', 'reauth_required'] as const;
export type ConnectionHealth = (typeof CONNECTION_HEALTH_STATES)[number];

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

  /**
   * `reauth_required`: a token refresh was refused for good; nothing refreshes the connection
   * until it is connected again (which sets `ok`). Absent on connections stored before: `ok`.
   */
  @Prop({ type: String, enum: CONNECTION_HEALTH_STATES, default: 'ok' })
  health: ConnectionHealth;

  /** Why the connection needs reauthorization (the platform's words), with `health`. */
  @Prop({ type: String, default: null })
  healthReason: string | null;

  /** When the refused refresh was seen, with `health`. */
  @Prop({ type: Date, default: null })
  reauthRequiredAt: Date | null;

  /**
   * A permission the account did not grant that a feature needs (reading its metrics), in the
   * platform's words with the permission named; cleared when it works again or on reconnect.
   */
  @Prop({ type: String, default: null })
  missingPermission: string | null;

  /** Token upkeep: refreshes that failed in a row for a passing reason (the backoff's exponent). */
  @Prop({ type: Number, default: 0 })
  refreshFailures: number;

  /**
   * Token upkeep leaves the connection alone until then: after a passing refresh failure (the
   * backoff), or, for one needing reauthorization, until its token.expiring notice is due. Null:
   * now, or never for a connection needing reauthorization whose notice is done.
   */
  @Prop({ type: Date, default: null })
  upkeepNextAt: Date | null;

  createdAt: Date;
  updatedAt: Date;
}

export const PlatformConnectionSchema = SchemaFactory.createForClass(PlatformConnection);
// One connection per social account per user; the same account may be connected by two users.
PlatformConnectionSchema.index({ userId: 1, platform: 1, externalId: 1 }, { unique: true });
PlatformConnectionSchema.index({ userId: 1, platformId: 1 });
// Token upkeep scans across users by expiry.
PlatformConnectionSchema.index({ accessTokenExpiresAt: 1 });
