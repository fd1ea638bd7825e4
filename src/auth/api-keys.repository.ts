import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database.module';
import { ProcessReadCache } from '../database/process-read-cache';
import { Transactions } from '../database/transactions';
import { LEGACY_KEY_PREFIX } from './api-key-format';
import { ApiKey, type ApiKeyRecord } from './schemas/api-key.schema';

/** What the guard needs to verify a key. */
export type ApiKeyCredential = Pick<ApiKeyRecord, '_id' | 'userId' | 'keyPrefix' | 'lookupKey' | 'keyHash' | 'lastUsedAt' | 'revokedAt'>;
/**
 * How old a cached credential may be. Key writes by other clients (mongosh) apply on the next
 * request through the database's write counter; this bounds them where the app did not start the
 * embedded database itself (no counter to read).
 */
export const CREDENTIAL_CACHE_MS = 5_000;
const CREDENTIAL_FIELDS = { userId: 1, keyPrefix: 1, lookupKey: 1, keyHash: 1, lastUsedAt: 1, revokedAt: 1 } as const;

@Injectable()
export class ApiKeysRepository {
  /** Step 1's credentials (docs/auth.md): on the embedded database only, emptied by every key write here. */
  private readonly credentials: ProcessReadCache<ApiKeyCredential>;

  constructor(
    @InjectModel(ApiKey.name) private readonly model: Model<ApiKey>,
    @Inject(DATABASE_INFO) database: DatabaseInfo,
  ) {
    this.credentials = new ProcessReadCache<ApiKeyCredential>({
      enabled: database.embedded,
      ttlMs: CREDENTIAL_CACHE_MS,
      version: database.writeVersion?.(model.collection.collectionName),
      max: 10_000,
      keep: (c) => !c.revokedAt,
    });
  }

  async create(userId: string, input: { name: string; keyPrefix: string; keyHash: string; legacy?: boolean }): Promise<ApiKeyRecord> {
    const _id = new Types.ObjectId();
    const doc = await this.model.create({
      _id,
      userId: new Types.ObjectId(userId),
      name: input.name,
      keyPrefix: input.keyPrefix,
      lookupKey: input.legacy ? `${LEGACY_KEY_PREFIX}:${_id.toHexString()}` : input.keyPrefix,
      keyHash: input.keyHash,
      lastUsedAt: null,
      revokedAt: null,
    });
    return doc.toObject() as ApiKeyRecord;
  }

  listActive(userId: string): Promise<ApiKeyRecord[]> {
    return this.model
      .find({ userId: new Types.ObjectId(userId), revokedAt: null }, { keyHash: 0 })
      .sort({ createdAt: 1, _id: 1 })
      .lean<ApiKeyRecord[]>()
      .exec();
  }

  countActive(userId: string): Promise<number> {
    return this.model.countDocuments({ userId: new Types.ObjectId(userId), revokedAt: null }).exec();
  }

  rename(userId: string, keyId: string, name: string): Promise<ApiKeyRecord | null> {
    return this.model
      .findOneAndUpdate(
        { _id: new Types.ObjectId(keyId), userId: new Types.ObjectId(userId), revokedAt: null },
        { $set: { name } },
        { returnDocument: 'after', projection: { keyHash: 0 } },
      )
      .lean<ApiKeyRecord>()
      .exec();
  }

  async revoke(userId: string, keyId: string, now: Date): Promise<boolean> {
    const result = await this.model
      .updateOne({ _id: new Types.ObjectId(keyId), userId: new Types.ObjectId(userId), revokedAt: null }, { $set: { revokedAt: now } })
      .exec();
    this.credentials.invalidate(Transactions.current());
    return result.modifiedCount === 1;
  }

  /** Revokes every active key of the user; the number revoked. */
  async revokeAll(userId: string, now: Date): Promise<number> {
    const result = await this.model.updateMany({ userId: new Types.ObjectId(userId), revokedAt: null }, { $set: { revokedAt: now } }).exec();
    this.credentials.invalidate(Transactions.current());
    return result.modifiedCount;
  }

  /**
   * The guard's step 1, on every key-authenticated request: from the credential cache on the
   * embedded database (see ProcessReadCache), else straight through the driver (a plain
   * string equality needs none of Mongoose's casting); the document is what a lean read returns.
   */
  findByLookupKey(lookupKey: string): Promise<ApiKeyCredential | null> {
    const key = String(lookupKey);
    return this.credentials.read(key, () => this.model.collection.findOne<ApiKeyCredential>({ lookupKey: key }, { projection: CREDENTIAL_FIELDS }));
  }

  /** The guard's step 1 for keys without a dot: every active legacy key. */
  findLegacyCandidates(): Promise<ApiKeyCredential[]> {
    return this.model.find({ keyPrefix: LEGACY_KEY_PREFIX, revokedAt: null }, CREDENTIAL_FIELDS).lean<ApiKeyCredential[]>().exec();
  }

  /** Sets lastUsedAt unless another request already did within the staleness window. */
  async touch(credential: ApiKeyCredential, now: Date, staleBefore: Date): Promise<void> {
    await this.model
      .updateOne({ _id: credential._id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: staleBefore } }] }, { $set: { lastUsedAt: now } })
      .exec();
    this.credentials.update(credential.lookupKey, (c) => ({ ...c, lastUsedAt: now }));
  }
}
