import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database-info';
import { Repository, type CachedReads } from '../database/repository';
import { compoundPlatformId, RECOMPUTED_PLATFORM_IDS_FILTER } from './platform-id';
import { PlatformConnection } from './schemas/connection.schema';

/** A connection as the services see it: string ids, without its tokens or upkeep bookkeeping. */
export type ConnectionRecord = Omit<
  PlatformConnection,
  'userId' | 'accessTokenEncrypted' | 'refreshTokenEncrypted' | 'expiringNotifiedFor' | 'upkeepLeaseUntil' | 'refreshFailures' | 'upkeepNextAt'
> & { id: string; userId: string };

/** Who a connection is: fixed for its life but for the username, which its profile writes change. */
export type ConnectionIdentity = Pick<ConnectionRecord, 'id' | 'userId' | 'platform' | 'externalId' | 'platformId' | 'username'>;

/** A connection whose stored compound id is not the one `compoundPlatformId` gives now. */
export interface StalePlatformId {
  id: string;
  userId: string;
  from: string;
  to: string;
}

export type ConnectionSecrets = Pick<PlatformConnection, 'accessTokenEncrypted' | 'refreshTokenEncrypted'>;

export interface UpsertConnectionData {
  platform: string;
  externalId: string;
  username: string | null;
  displayName: string | null;
  profileImageUrl: string | null;
  profileUrl: string | null;
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string | null;
  accessTokenExpiresAt: Date | null;
  instanceUrl: string | null;
  type: string | null;
}

/** A connection with the ciphertext of its tokens, as publishing reads it. */
export interface ConnectionWithSecrets {
  record: ConnectionRecord;
  secrets: ConnectionSecrets;
}

/** How long a cached connection is kept without reading it again (the cache is exact: docs/deployment.md). */
export const CONNECTION_CACHE_MS = 30_000;

const WITHOUT_SECRETS = { accessTokenEncrypted: 0, refreshTokenEncrypted: 0 } as const;
/** What a (re)connect sets: fresh tokens, so no reauthorization is needed and no backoff holds. */
const HEALTHY = { health: 'ok', healthReason: null, reauthRequiredAt: null, missingPermission: null, refreshFailures: 0, upkeepNextAt: null } as const;
const IDENTITY = { userId: 1, platform: 1, externalId: 1, platformId: 1, username: 1 } as const;

type LeanConnection = Omit<PlatformConnection, 'userId'> & { _id: Types.ObjectId; userId: Types.ObjectId };

function toIdentity(doc: Pick<LeanConnection, '_id' | 'userId' | 'platform' | 'externalId' | 'platformId' | 'username'>): ConnectionIdentity {
  return {
    id: String(doc._id),
    userId: String(doc.userId),
    platform: doc.platform,
    externalId: doc.externalId,
    platformId: doc.platformId,
    username: doc.username ?? null,
  };
}

function toRecord(doc: LeanConnection): ConnectionRecord {
  return {
    ...toIdentity(doc),
    displayName: doc.displayName ?? null,
    profileImageUrl: doc.profileImageUrl ?? null,
    profileUrl: doc.profileUrl ?? null,
    accessTokenExpiresAt: doc.accessTokenExpiresAt ?? null,
    instanceUrl: doc.instanceUrl ?? null,
    type: doc.type ?? null,
    lastSuccessfulPost: doc.lastSuccessfulPost ?? null,
    lastError: doc.lastError ? { message: doc.lastError.message, occurredAt: doc.lastError.occurredAt } : null,
    health: doc.health === 'reauth_required' ? 'reauth_required' : 'ok',
    healthReason: doc.health === 'reauth_required' ? (doc.healthReason ?? null) : null,
    reauthRequiredAt: doc.health === 'reauth_required' ? (doc.reauthRequiredAt ?? null) : null,
    missingPermission: doc.missingPermission ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/**
 * The only code touching the connections collection; every query carries the owning userId.
 * Reads leave out the tokens unless they say so.
 */
@Injectable()
export class ConnectionsRepository extends Repository<LeanConnection> {
  /** Publishing's read of a connection and its token ciphertext, once per post. */
  private readonly withSecrets: CachedReads<ConnectionWithSecrets>;
  /**
   * The lookup of connections by platform id (the post endpoints, once per post; disconnect;
   * analytics). Only answers that found every id are kept: a refusal is never remembered.
   */
  private readonly identities: CachedReads<{ found: ConnectionIdentity[]; all: boolean }>;

  constructor(@InjectModel(PlatformConnection.name) model: Model<PlatformConnection>, @Inject(DATABASE_INFO) database: DatabaseInfo) {
    super(model, database);
    this.withSecrets = this.cache<ConnectionWithSecrets>({ consistency: 'next-read', ttlMs: CONNECTION_CACHE_MS, max: 10_000 });
    this.identities = this.cache<{ found: ConnectionIdentity[]; all: boolean }>({
      consistency: 'next-read',
      ttlMs: CONNECTION_CACHE_MS,
      max: 10_000,
      keep: (answer) => answer.all,
    });
  }

  async listByUser(userId: string): Promise<ConnectionRecord[]> {
    const docs = await this.find({ userId: this.oid(userId) }, { projection: WITHOUT_SECRETS, sort: { createdAt: 1, _id: 1 } });
    return docs.map(toRecord);
  }

  /** The user's connections with these platform ids (unknown ids and non-strings left out). */
  async findIdentities(userId: string, platformIds: string[]): Promise<ConnectionIdentity[]> {
    // Strings only: an object here would be an operator.
    const ids = [...new Set(platformIds.filter((id) => typeof id === 'string'))].sort();
    if (!ids.length) return [];
    const answer = await this.identities.read(`${userId}:${ids.join('\n')}`, async () => {
      const docs = await this.find<LeanConnection>({ userId: this.oid(userId), platformId: { $in: ids } }, { projection: IDENTITY });
      const found = docs.map(toIdentity);
      return { found, all: found.length === ids.length };
    });
    return answer?.found ?? [];
  }

  async findByAccount(userId: string, platform: string, externalId: string): Promise<ConnectionRecord | null> {
    const doc = await this.findOne({ userId: this.oid(userId), platform: String(platform), externalId: String(externalId) }, { projection: WITHOUT_SECRETS });
    return doc ? toRecord(doc) : null;
  }

  /**
   * test-connection's lookup: the connection of this platform whose compound id is
   * `<platform>-<id>`, else the one whose external id is `id` (the older form of an id with
   * characters create-post refuses, e.g. `bluesky-did:plc:…`).
   */
  async findByLooseId(userId: string, platform: string, id: string): Promise<ConnectionRecord | null> {
    const docs = await this.find(
      { userId: this.oid(userId), platform: String(platform), $or: [{ platformId: `${platform}-${id}` }, { externalId: String(id) }] },
      { projection: WITHOUT_SECRETS },
    );
    const doc = docs.find((d) => d.platformId === `${platform}-${id}`) ?? docs[0];
    return doc ? toRecord(doc) : null;
  }

  async findById(userId: string, id: string): Promise<ConnectionRecord | null> {
    const _id = this.parseId(id);
    const doc = _id ? await this.findOne({ _id, userId: this.oid(userId) }, { projection: WITHOUT_SECRETS }) : null;
    return doc ? toRecord(doc) : null;
  }

  /** A connection and the ciphertext of its tokens in one read (publishing only). */
  async findWithSecrets(userId: string, id: string): Promise<ConnectionWithSecrets | null> {
    const _id = this.parseId(id);
    if (!_id) return null;
    return this.withSecrets.read(`${userId}:${id}`, async () => {
      const doc = await this.findOne({ _id, userId: this.oid(userId) });
      if (!doc) return null;
      return { record: toRecord(doc), secrets: { accessTokenEncrypted: doc.accessTokenEncrypted, refreshTokenEncrypted: doc.refreshTokenEncrypted ?? null } };
    });
  }

  /** The ciphertext of one connection's tokens (publishing and health checks only). */
  async findSecrets(userId: string, id: string): Promise<ConnectionSecrets | null> {
    const _id = this.parseId(id);
    const doc = _id
      ? await this.findOne<ConnectionSecrets>({ _id, userId: this.oid(userId) }, { projection: { accessTokenEncrypted: 1, refreshTokenEncrypted: 1 } })
      : null;
    return doc ? { accessTokenEncrypted: doc.accessTokenEncrypted, refreshTokenEncrypted: doc.refreshTokenEncrypted ?? null } : null;
  }

  async countForUsers(userIds: string[]): Promise<number> {
    if (!userIds.length) return 0;
    return this.count({ userId: { $in: userIds.map((id) => this.oid(id)) } });
  }

  /**
   * Connecting the same account again (re-authorisation) replaces its tokens and profile in one
   * atomic upsert on the unique (userId, platform, externalId) key; history fields are kept, and
   * its health is `ok` again (fresh tokens: upkeep starts over).
   */
  async upsert(userId: string, data: UpsertConnectionData, options: { keepRefreshToken?: boolean } = {}): Promise<ConnectionRecord> {
    // keepRefreshToken: a reconnect whose provider sent no refresh token keeps the stored one.
    const { refreshTokenEncrypted, ...rest } = data;
    const keep = options.keepRefreshToken && !refreshTokenEncrypted;
    const doc = await this.findOneAndUpdate(
      { userId: this.oid(userId), platform: data.platform, externalId: data.externalId },
      {
        $set: { ...rest, ...(keep ? {} : { refreshTokenEncrypted }), platformId: compoundPlatformId(data.platform, data.externalId), ...HEALTHY },
        $setOnInsert: { lastSuccessfulPost: null, lastError: null, ...(keep ? { refreshTokenEncrypted: null } : {}) },
      },
      { upsert: true, returnDocument: 'after', projection: WITHOUT_SECRETS },
    );
    return toRecord(doc!);
  }

  /**
   * Connections, across users, whose stored compound id is not the one `compoundPlatformId` gives
   * (stored before the encoding of ids create-post refuses). Start-up only; reads just the
   * connections whose id may differ.
   */
  async findStalePlatformIds(): Promise<StalePlatformId[]> {
    const docs = await this.find<Pick<LeanConnection, '_id' | 'userId' | 'platform' | 'externalId' | 'platformId'>>(RECOMPUTED_PLATFORM_IDS_FILTER, {
      projection: { userId: 1, platform: 1, externalId: 1, platformId: 1 },
    });
    return docs
      .map((d) => ({ id: String(d._id), userId: String(d.userId), from: d.platformId, to: compoundPlatformId(d.platform, d.externalId) }))
      .filter((d) => d.from !== d.to);
  }

  /** Sets a connection's compound id from `from` to `to`; false when it no longer reads `from` (done already). */
  async renamePlatformId(userId: string, id: string, from: string, to: string): Promise<boolean> {
    const result = await this.updateOne({ _id: this.oid(id), userId: this.oid(userId), platformId: from }, { $set: { platformId: to } });
    return result.modified === 1;
  }

  /** Removes the connection and its tokens; true when it existed. */
  async delete(userId: string, id: string): Promise<boolean> {
    const _id = this.parseId(id);
    return !!_id && (await this.deleteOne({ _id, userId: this.oid(userId) })) === 1;
  }

  async recordError(userId: string, id: string, lastError: { message: string; occurredAt: Date }): Promise<ConnectionRecord | null> {
    return this.update(userId, id, { lastError });
  }

  /**
   * Several connections' `lastSuccessfulPost` in one command. `$max`: a stamp older than the
   * stored one (another instance's) changes nothing.
   */
  async recordSuccessfulPosts(stamps: Array<{ userId: string; connectionId: string; at: Date }>): Promise<void> {
    const valid = stamps.filter((s) => this.parseId(s.connectionId) && this.parseId(s.userId));
    await this.updateEach(valid.map((s) => ({ q: { _id: this.oid(s.connectionId), userId: this.oid(s.userId) }, u: { $max: { lastSuccessfulPost: s.at } } })));
  }

  /** Profile facts (and a fresher expiry) reported by a successful health check. */
  async updateProfile(
    userId: string,
    id: string,
    fields: Partial<Pick<ConnectionRecord, 'displayName' | 'profileImageUrl' | 'accessTokenExpiresAt'>>,
  ): Promise<ConnectionRecord | null> {
    return this.update(userId, id, fields);
  }

  async replaceTokens(
    userId: string,
    id: string,
    tokens: { accessTokenEncrypted: string; refreshTokenEncrypted?: string | null; accessTokenExpiresAt?: Date | null },
  ): Promise<void> {
    // A refresh that worked ends any backoff.
    const set: Record<string, unknown> = { accessTokenEncrypted: tokens.accessTokenEncrypted, refreshFailures: 0, upkeepNextAt: null };
    if (tokens.refreshTokenEncrypted !== undefined) set.refreshTokenEncrypted = tokens.refreshTokenEncrypted;
    if (tokens.accessTokenExpiresAt !== undefined) set.accessTokenExpiresAt = tokens.accessTokenExpiresAt;
    await this.updateOne({ _id: this.oid(id), userId: this.oid(userId) }, { $set: set });
  }

  /**
   * Token upkeep is the one job that spans users: connections whose token expires before
   * `before`, soonest first, but for those upkeep was told to leave alone until later than `now`
   * (a backoff) and those needing reauthorization with nothing left to announce. Not scoped to a
   * user by design; never reachable from a request.
   */
  async findExpiringAcrossUsers(before: Date, now: Date, limit: number): Promise<ConnectionRecord[]> {
    const docs = await this.find(
      {
        accessTokenExpiresAt: { $ne: null, $lt: before },
        $or: [{ upkeepNextAt: null, health: { $ne: 'reauth_required' } }, { upkeepNextAt: { $lte: now } }],
      },
      { projection: WITHOUT_SECRETS, sort: { accessTokenExpiresAt: 1 }, limit },
    );
    return docs.map(toRecord);
  }

  /** Records (or, with null, clears) the permission a feature found missing; false when nothing changed. */
  async setMissingPermission(userId: string, id: string, message: string | null): Promise<boolean> {
    const result = await this.updateOne(
      { _id: this.oid(id), userId: this.oid(userId), missingPermission: message === null ? { $ne: null } : { $ne: message } },
      { $set: { missingPermission: message } },
    );
    return result.modified === 1;
  }

  /**
   * The connection needs reauthorization; false when it already did (so its notices go out once).
   * `upkeepNextAt`: when upkeep should come back for its token.expiring notice (null: never).
   */
  async markReauthRequired(userId: string, id: string, reason: string, at: Date, upkeepNextAt: Date | null): Promise<boolean> {
    const result = await this.updateOne(
      { _id: this.oid(id), userId: this.oid(userId), health: { $ne: 'reauth_required' } },
      {
        $set: {
          health: 'reauth_required',
          healthReason: reason,
          reauthRequiredAt: at,
          refreshFailures: 0,
          upkeepNextAt,
          lastError: { message: `Token refresh failed: ${reason} (reconnect the account)`, occurredAt: at },
        },
      },
    );
    return result.modified === 1;
  }

  /**
   * A refresh failed for a passing reason: one more failure in a row, recorded as lastError, and
   * upkeep waits `delayOf(failures in a row)` before trying again. Returns when it will.
   */
  async recordRefreshFailure(
    userId: string,
    id: string,
    lastError: { message: string; occurredAt: Date },
    delayOf: (failures: number) => number,
  ): Promise<Date | null> {
    const _id = this.parseId(id);
    if (!_id) return null;
    const doc = await this.findOneAndUpdate<{ refreshFailures?: number }>(
      { _id, userId: this.oid(userId) },
      { $inc: { refreshFailures: 1 }, $set: { lastError } },
      { returnDocument: 'after', projection: { refreshFailures: 1 } },
    );
    if (!doc) return null;
    const next = new Date(lastError.occurredAt.getTime() + delayOf(doc.refreshFailures ?? 1));
    await this.updateOne({ _id, userId: this.oid(userId) }, { $set: { upkeepNextAt: next } });
    return next;
  }

  /** When token upkeep should look at the connection again (null: as soon as it is due, or never once it needs reauthorization). */
  async setUpkeepNextAt(userId: string, id: string, at: Date | null): Promise<void> {
    await this.updateOne({ _id: this.oid(id), userId: this.oid(userId) }, { $set: { upkeepNextAt: at } });
  }

  /** Takes the upkeep lease on a connection; false when another instance holds it. */
  async claimUpkeep(userId: string, id: string, now: Date, leaseMs: number): Promise<boolean> {
    const result = await this.updateOne(
      { _id: this.oid(id), userId: this.oid(userId), $or: [{ upkeepLeaseUntil: null }, { upkeepLeaseUntil: { $lt: now } }] },
      { $set: { upkeepLeaseUntil: new Date(now.getTime() + leaseMs) } },
    );
    return result.modified === 1;
  }

  /** Records that `token.expiring` went out for this expiry; false when it already had. */
  async markExpiringNotified(userId: string, id: string, expiresAt: Date): Promise<boolean> {
    const result = await this.updateOne(
      { _id: this.oid(id), userId: this.oid(userId), expiringNotifiedFor: { $ne: expiresAt } },
      { $set: { expiringNotifiedFor: expiresAt } },
    );
    return result.modified === 1;
  }

  private async update(userId: string, id: string, set: Record<string, unknown>): Promise<ConnectionRecord | null> {
    const _id = this.parseId(id);
    const doc = _id
      ? await this.findOneAndUpdate({ _id, userId: this.oid(userId) }, { $set: set }, { returnDocument: 'after', projection: WITHOUT_SECRETS })
      : null;
    return doc ? toRecord(doc) : null;
  }
}
