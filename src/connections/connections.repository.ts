import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type ClientSession } from 'mongoose';
import type { PlatformName } from '@app/rules';
import { PlatformConnection } from './schemas/connection.schema';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database.module';
import { isObjectIdString } from '../database/object-id';
import { ProcessReadCache } from '../database/process-read-cache';
import { Transactions } from '../database/transactions';
import { compoundPlatformId, RECOMPUTED_PLATFORM_IDS_FILTER } from './platform-id';

/** A connection as the services see it: string ids, without its tokens or upkeep bookkeeping. */
export type ConnectionRecord = Omit<
  PlatformConnection,
  'userId' | 'accessTokenEncrypted' | 'refreshTokenEncrypted' | 'expiringNotifiedFor' | 'upkeepLeaseUntil'
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
  platform: PlatformName;
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

/**
 * How old a cached connection may be: the backstop for writes by other clients (mongosh). Longer
 * than the API keys' 5 s: a stale token has no security effect (the platform refuses it), and an
 * account posting every few seconds re-read its connection for most posts at 5 s.
 */
export const CONNECTION_CACHE_MS = 30_000;

const WITHOUT_SECRETS = { accessTokenEncrypted: 0, refreshTokenEncrypted: 0 } as const;
const IDENTITY = { userId: 1, platform: 1, externalId: 1, platformId: 1, username: 1 } as const;

type LeanConnection = Omit<PlatformConnection, 'userId'> & { _id: Types.ObjectId; userId: Types.ObjectId };

/** `$max` of two stamps, as the database applies it. */
function laterOf(stored: Date | null, at: Date): Date {
  return stored && stored.getTime() >= at.getTime() ? stored : at;
}

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
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

const oid = (id: string) => new Types.ObjectId(id);

/** The only code touching the connections collection; every query carries the owning userId. */
@Injectable()
export class ConnectionsRepository {
  /**
   * Publishing's read of a connection and its token ciphertext, once per post: on the embedded
   * database only, emptied by every write here that could change it (ProcessReadCache). Its
   * `lastSuccessfulPost` write does not empty it (credentials do not use that field) and, unless
   * something else wrote the collection meanwhile, carries its entries over the write counter's
   * move (`carryOver`), so publishing's own stamps do not make every connection reload.
   */
  private readonly withSecrets: ProcessReadCache<ConnectionWithSecrets>;
  /**
   * The lookup of connections by platform id (findOwned: the post endpoints, once per post, a
   * quarter of create-post's round trips, issue 19; disconnect; analytics): cached the same way,
   * emptied by the same writes, which include every write of a username and every delete.
   */
  private readonly identities: ProcessReadCache<{ found: ConnectionIdentity[]; all: boolean }>;

  constructor(
    @InjectModel(PlatformConnection.name) private readonly model: Model<PlatformConnection>,
    @Inject(DATABASE_INFO) database: DatabaseInfo,
  ) {
    const version = database.writeVersion?.(model.collection.collectionName);
    this.withSecrets = new ProcessReadCache<ConnectionWithSecrets>({ enabled: database.embedded, ttlMs: CONNECTION_CACHE_MS, max: 10_000, version });
    // Only answers that found every id are kept: a refusal is never remembered, so a connection
    // stored meanwhile by any means (mongosh included) is found by the next post.
    this.identities = new ProcessReadCache({ enabled: database.embedded, ttlMs: CONNECTION_CACHE_MS, max: 10_000, version, keep: (answer) => answer.all });
  }

  /**
   * The profile reads go through the driver (lean documents, as Mongoose's `lean()` gave them,
   * without its per-query casting: a share of each create-post; issue 19), in the caller's
   * transaction when there is one.
   */
  private readOptions(): { projection: typeof WITHOUT_SECRETS; session: ClientSession | undefined } {
    return { projection: WITHOUT_SECRETS, session: Transactions.current() };
  }

  /** After each write that may change a connection's credentials or identity (inside a transaction, again once it ends). */
  private written(): void {
    this.withSecrets.invalidate(Transactions.current());
    this.identities.invalidate(Transactions.current());
  }

  async listByUser(userId: string): Promise<ConnectionRecord[]> {
    const docs = await this.model.collection.find<LeanConnection>({ userId: oid(userId) }, { ...this.readOptions(), sort: { createdAt: 1, _id: 1 } }).toArray();
    return docs.map(toRecord);
  }

  /** The user's connections with these platform ids (unknown ids and non-strings left out). */
  async findIdentities(userId: string, platformIds: string[]): Promise<ConnectionIdentity[]> {
    // Strings only: without Mongoose's casting an object here would be an operator.
    const ids = [...new Set(platformIds.filter((id) => typeof id === 'string'))].sort();
    if (!ids.length) return [];
    // Inside a transaction the read must see the transaction's own writes: not from the cache.
    if (Transactions.current()) return this.loadIdentities(userId, ids);
    const answer = await this.identities.read(`${userId}:${ids.join('\n')}`, async () => {
      const found = await this.loadIdentities(userId, ids);
      return { found, all: found.length === ids.length };
    });
    return answer?.found ?? [];
  }

  private async loadIdentities(userId: string, platformIds: string[]): Promise<ConnectionIdentity[]> {
    const docs = await this.model.collection
      .find<LeanConnection>({ userId: oid(userId), platformId: { $in: platformIds } }, { ...this.readOptions(), projection: IDENTITY })
      .toArray();
    return docs.map(toIdentity);
  }

  async findOne(userId: string, platform: string, externalId: string): Promise<ConnectionRecord | null> {
    const doc = await this.model.collection.findOne<LeanConnection>({ userId: oid(userId), platform, externalId }, this.readOptions());
    return doc ? toRecord(doc) : null;
  }

  /**
   * test-connection's lookup: the connection of this platform whose compound id is
   * `<platform>-<id>`, else the one whose external id is `id` (the older form of an id with
   * characters create-post refuses, e.g. `bluesky-did:plc:…`).
   */
  async findByLooseId(userId: string, platform: string, id: string): Promise<ConnectionRecord | null> {
    const docs = await this.model.collection
      .find<LeanConnection>({ userId: oid(userId), platform, $or: [{ platformId: `${platform}-${id}` }, { externalId: id }] }, this.readOptions())
      .toArray();
    const doc = docs.find((d) => d.platformId === `${platform}-${id}`) ?? docs[0];
    return doc ? toRecord(doc) : null;
  }

  async findById(userId: string, id: string): Promise<ConnectionRecord | null> {
    if (!isObjectIdString(id)) return null;
    const doc = await this.model.collection.findOne<LeanConnection>({ _id: oid(id), userId: oid(userId) }, this.readOptions());
    return doc ? toRecord(doc) : null;
  }

  /** A connection and the ciphertext of its tokens in one read (publishing only). */
  async findWithSecrets(userId: string, id: string): Promise<ConnectionWithSecrets | null> {
    if (!isObjectIdString(id)) return null;
    // Inside a transaction the read must see the transaction's own writes: not from the cache.
    if (Transactions.current()) return this.loadWithSecrets(userId, id);
    return this.withSecrets.read(`${userId}:${id}`, () => this.loadWithSecrets(userId, id));
  }

  private async loadWithSecrets(userId: string, id: string): Promise<ConnectionWithSecrets | null> {
    const doc = await this.model.findOne({ _id: oid(id), userId: oid(userId) }).lean<LeanConnection>();
    if (!doc) return null;
    return { record: toRecord(doc), secrets: { accessTokenEncrypted: doc.accessTokenEncrypted, refreshTokenEncrypted: doc.refreshTokenEncrypted ?? null } };
  }

  /** The ciphertext of one connection's tokens (publishing and health checks only). */
  async findSecrets(userId: string, id: string): Promise<ConnectionSecrets | null> {
    if (!isObjectIdString(id)) return null;
    const doc = await this.model
      .findOne({ _id: oid(id), userId: oid(userId) }, { accessTokenEncrypted: 1, refreshTokenEncrypted: 1 })
      .lean<Pick<PlatformConnection, 'accessTokenEncrypted' | 'refreshTokenEncrypted'>>();
    return doc ? { accessTokenEncrypted: doc.accessTokenEncrypted, refreshTokenEncrypted: doc.refreshTokenEncrypted ?? null } : null;
  }

  async countForUsers(userIds: string[]): Promise<number> {
    if (!userIds.length) return 0;
    return this.model.countDocuments({ userId: { $in: userIds.map(oid) } });
  }

  /**
   * Connecting the same account again (re-authorisation) replaces its tokens and profile in one
   * atomic upsert on the unique (userId, platform, externalId) key; history fields are kept.
   */
  async upsert(userId: string, data: UpsertConnectionData, options: { keepRefreshToken?: boolean } = {}): Promise<ConnectionRecord> {
    // keepRefreshToken: a reconnect whose provider sent no refresh token keeps the stored one.
    const { refreshTokenEncrypted, ...rest } = data;
    const keep = options.keepRefreshToken && !refreshTokenEncrypted;
    const doc = await this.model
      .findOneAndUpdate(
        { userId: oid(userId), platform: data.platform, externalId: data.externalId },
        {
          $set: { ...rest, ...(keep ? {} : { refreshTokenEncrypted }), platformId: compoundPlatformId(data.platform, data.externalId) },
          $setOnInsert: { lastSuccessfulPost: null, lastError: null, ...(keep ? { refreshTokenEncrypted: null } : {}) },
        },
        { upsert: true, returnDocument: 'after', projection: WITHOUT_SECRETS },
      )
      .lean<LeanConnection>();
    this.written();
    return toRecord(doc!);
  }

  /**
   * Connections, across users, whose stored compound id is not the one `compoundPlatformId` gives
   * (stored before the encoding of ids create-post refuses). Start-up only; reads just the
   * connections whose id may differ.
   */
  async findStalePlatformIds(): Promise<StalePlatformId[]> {
    const docs = await this.model.collection
      .find<Pick<LeanConnection, '_id' | 'userId' | 'platform' | 'externalId' | 'platformId'>>(RECOMPUTED_PLATFORM_IDS_FILTER, {
        projection: { userId: 1, platform: 1, externalId: 1, platformId: 1 },
      })
      .toArray();
    return docs
      .map((d) => ({ id: String(d._id), userId: String(d.userId), from: d.platformId, to: compoundPlatformId(d.platform, d.externalId) }))
      .filter((d) => d.from !== d.to);
  }

  /** Sets a connection's compound id from `from` to `to`; false when it no longer reads `from` (done already). */
  async renamePlatformId(userId: string, id: string, from: string, to: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: oid(id), userId: oid(userId), platformId: from }, { $set: { platformId: to } });
    this.written();
    return result.modifiedCount === 1;
  }

  /** Removes the connection and its tokens; true when it existed. */
  async delete(userId: string, id: string): Promise<boolean> {
    if (!isObjectIdString(id)) return false;
    const result = await this.model.deleteOne({ _id: oid(id), userId: oid(userId) });
    this.written();
    return result.deletedCount === 1;
  }

  async recordError(userId: string, id: string, lastError: { message: string; occurredAt: Date }): Promise<ConnectionRecord | null> {
    return this.update(userId, id, { lastError });
  }

  /**
   * Several connections' `lastSuccessfulPost` in one command. `$max`: a stamp older than the
   * stored one (another instance's) changes nothing.
   */
  async recordSuccessfulPosts(stamps: Array<{ userId: string; connectionId: string; at: Date }>): Promise<void> {
    const valid = stamps.filter((s) => isObjectIdString(s.connectionId) && isObjectIdString(s.userId));
    if (!valid.length) return;
    const now = new Date();
    const before = this.withSecrets.versionNow();
    // Through the driver: the publishing path's only connection write (issue 19).
    const result = await this.model.collection.bulkWrite(
      valid.map((s) => ({
        updateOne: {
          filter: { _id: oid(s.connectionId), userId: oid(s.userId) },
          update: { $max: { lastSuccessfulPost: s.at }, $set: { updatedAt: now } },
        },
      })),
      { ordered: false },
    );
    // Neither cache is used for these two fields (the identities do not hold them; credentials
    // are read from the other fields), and the cached records get them as stored: so the caches
    // stay warm through publishing's stamps unless something else was written meanwhile.
    for (const s of valid) {
      this.withSecrets.update(`${s.userId}:${s.connectionId}`, (found) => ({
        ...found,
        record: { ...found.record, lastSuccessfulPost: laterOf(found.record.lastSuccessfulPost, s.at), updatedAt: now },
      }));
    }
    this.withSecrets.carryOver(before, result.modifiedCount);
    this.identities.carryOver(before, result.modifiedCount);
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
    const set: Record<string, unknown> = { accessTokenEncrypted: tokens.accessTokenEncrypted };
    if (tokens.refreshTokenEncrypted !== undefined) set.refreshTokenEncrypted = tokens.refreshTokenEncrypted;
    if (tokens.accessTokenExpiresAt !== undefined) set.accessTokenExpiresAt = tokens.accessTokenExpiresAt;
    await this.model.updateOne({ _id: oid(id), userId: oid(userId) }, { $set: set });
    this.written();
  }

  /**
   * Token upkeep is the one job that spans users: connections whose token expires before
   * `before`, soonest first. Not scoped to a user by design; never reachable from a request.
   */
  async findExpiringAcrossUsers(before: Date, limit: number): Promise<ConnectionRecord[]> {
    const docs = await this.model
      .find({ accessTokenExpiresAt: { $ne: null, $lt: before } }, WITHOUT_SECRETS)
      .sort({ accessTokenExpiresAt: 1 })
      .limit(limit)
      .lean<LeanConnection[]>();
    return docs.map(toRecord);
  }

  /** Takes the upkeep lease on a connection; false when another instance holds it. */
  async claimUpkeep(userId: string, id: string, now: Date, leaseMs: number): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: oid(id), userId: oid(userId), $or: [{ upkeepLeaseUntil: null }, { upkeepLeaseUntil: { $lt: now } }] },
      { $set: { upkeepLeaseUntil: new Date(now.getTime() + leaseMs) } },
    );
    return result.modifiedCount === 1;
  }

  /** Records that `token.expiring` went out for this expiry; false when it already had. */
  async markExpiringNotified(userId: string, id: string, expiresAt: Date): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: oid(id), userId: oid(userId), expiringNotifiedFor: { $ne: expiresAt } },
      { $set: { expiringNotifiedFor: expiresAt } },
    );
    return result.modifiedCount === 1;
  }

  private async update(userId: string, id: string, set: Record<string, unknown>): Promise<ConnectionRecord | null> {
    if (!isObjectIdString(id)) return null;
    const doc = await this.model
      .findOneAndUpdate({ _id: oid(id), userId: oid(userId) }, { $set: set }, { returnDocument: 'after', projection: WITHOUT_SECRETS })
      .lean<LeanConnection>();
    this.written();
    return doc ? toRecord(doc) : null;
  }
}
