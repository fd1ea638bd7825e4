import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database-info';
import { Repository, type CachedReads } from '../database/repository';
import { LEGACY_KEY_PREFIX } from './api-key-format';
import { ApiKey, type ApiKeyRecord } from './schemas/api-key.schema';

/** What the guard needs to verify a key. */
export type ApiKeyCredential = Pick<ApiKeyRecord, '_id' | 'userId' | 'keyPrefix' | 'lookupKey' | 'keyHash' | 'lastUsedAt' | 'revokedAt'>;
/** How long a cached credential is kept without reading it again (the cache is exact: docs/deployment.md). */
export const CREDENTIAL_CACHE_MS = 5_000;
const CREDENTIAL_FIELDS = { userId: 1, keyPrefix: 1, lookupKey: 1, keyHash: 1, lastUsedAt: 1, revokedAt: 1 } as const;

@Injectable()
export class ApiKeysRepository extends Repository<ApiKeyRecord> {
  /** Step 1's credentials (docs/auth.md); a revoked key is never kept. */
  private readonly credentials: CachedReads<ApiKeyCredential>;

  constructor(@InjectModel(ApiKey.name) model: Model<ApiKey>, @Inject(DATABASE_INFO) database: DatabaseInfo) {
    super(model, database);
    this.credentials = this.cache<ApiKeyCredential>({ consistency: 'next-read', ttlMs: CREDENTIAL_CACHE_MS, max: 10_000, keep: (c) => !c.revokedAt });
  }

  create(userId: string, input: { name: string; keyPrefix: string; keyHash: string; legacy?: boolean; createdBy?: string | null }): Promise<ApiKeyRecord> {
    const _id = this.newId();
    return this.insertOne({
      _id,
      userId: this.oid(userId),
      name: input.name,
      keyPrefix: input.keyPrefix,
      lookupKey: input.legacy ? `${LEGACY_KEY_PREFIX}:${_id.toHexString()}` : input.keyPrefix,
      keyHash: input.keyHash,
      lastUsedAt: null,
      revokedAt: null,
      ...(input.createdBy ? { createdBy: this.oid(input.createdBy) } : {}),
    });
  }

  /** The user's keys that are not revoked, oldest first, without their hashes. */
  listActive(userId: string): Promise<ApiKeyRecord[]> {
    return this.find({ userId: this.oid(userId), revokedAt: null }, { projection: { keyHash: 0 }, sort: { createdAt: 1, _id: 1 } });
  }

  countActive(userId: string): Promise<number> {
    return this.count({ userId: this.oid(userId), revokedAt: null });
  }

  rename(userId: string, keyId: string, name: string): Promise<ApiKeyRecord | null> {
    return this.findOneAndUpdate(
      { _id: this.oid(keyId), userId: this.oid(userId), revokedAt: null },
      { $set: { name } },
      { returnDocument: 'after', projection: { keyHash: 0 } },
    );
  }

  async revoke(userId: string, keyId: string, now: Date): Promise<boolean> {
    const result = await this.updateOne({ _id: this.oid(keyId), userId: this.oid(userId), revokedAt: null }, { $set: { revokedAt: now } });
    return result.modified === 1;
  }

  /** Revokes every active key of the user; the number revoked. */
  async revokeAll(userId: string, now: Date): Promise<number> {
    return (await this.updateMany({ userId: this.oid(userId), revokedAt: null }, { $set: { revokedAt: now } })).modified;
  }

  /** The guard's step 1, on every key-authenticated request (through the credential cache). */
  findByLookupKey(lookupKey: string): Promise<ApiKeyCredential | null> {
    const key = String(lookupKey);
    return this.credentials.read(key, () => this.findOne<ApiKeyCredential>({ lookupKey: key }, { projection: CREDENTIAL_FIELDS }));
  }

  /** The guard's step 1 for keys without a dot: every active legacy key. */
  findLegacyCandidates(): Promise<ApiKeyCredential[]> {
    return this.find<ApiKeyCredential>({ keyPrefix: LEGACY_KEY_PREFIX, revokedAt: null }, { projection: CREDENTIAL_FIELDS });
  }

  /** Sets lastUsedAt unless another request already did within the staleness window. */
  async touch(credential: ApiKeyCredential, now: Date, staleBefore: Date): Promise<void> {
    await this.updateOne({ _id: credential._id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: staleBefore } }] }, { $set: { lastUsedAt: now } });
  }
}
