import { Injectable } from '@nestjs/common';
import { Transactions } from '../database/transactions';
import { ApiError } from '../common/api-error';
import { apiKeyPrefix, generateApiKey, hashApiKey, LEGACY_KEY_PREFIX } from './api-key-format';
import { ApiKeysRepository } from './api-keys.repository';
import { AuthMessages } from './auth.errors';
import type { UserSummary } from './request-context';
import { API_KEY_NAME_MAX, DEFAULT_API_KEY_NAME, sanitizeName } from './sanitize-name';
import type { ApiKeyRecord } from './schemas/api-key.schema';
import { isObjectIdString } from '../database/object-id';
import { UsersService } from './users.service';
import { AuditService } from '../audit/audit.service';

export const MAX_ACTIVE_API_KEYS = 10;

/** An API key as the dashboard sees it: never the hash. */
export interface ApiKeyView {
  _id: string;
  name: string;
  keyPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The key as the dashboard lists it: with the team member who made it. */
export interface ApiKeyWithAuthor extends ApiKeyView {
  createdBy: string | null;
}

export interface CreatedApiKey extends ApiKeyView {
  /** The full key: returned once, at creation. */
  rawKey: string;
}

/** Key management for the signed-in user (REST `/auth/api-keys` and GraphQL call this). */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  static toView(key: ApiKeyRecord): ApiKeyView {
    return {
      _id: key._id.toHexString(),
      name: key.name,
      keyPrefix: key.keyPrefix,
      createdAt: key.createdAt,
      lastUsedAt: key.lastUsedAt ?? null,
    };
  }

  async list(userId: string): Promise<ApiKeyView[]> {
    await this.assertApiAccess(userId);
    return (await this.keys.listActive(userId)).map((k) => ApiKeysService.toView(k));
  }

  /**
   * `name`: the raw input; not a string of at most 100 characters → 400 (the DTO checks this
   * first on REST); sanitised; empty after sanitising → `Default`.
   */
  async create(userId: string, name: unknown, createdBy: string | null = null): Promise<CreatedApiKey> {
    if (name != null && (typeof name !== 'string' || name.length > API_KEY_NAME_MAX)) {
      throw ApiError.badRequest(AuthMessages.createNameInvalid);
    }
    await this.assertApiAccess(userId);
    const key = await this.issue(userId, typeof name === 'string' ? name : undefined, createdBy);
    await this.audit.record('api_key.created', {
      accountId: userId,
      target: { type: 'api_key', id: key._id },
      details: { name: key.name, keyPrefix: key.keyPrefix },
    });
    return key;
  }

  /** The active keys with who made them (the dashboard's list). */
  async listWithAuthors(userId: string): Promise<ApiKeyWithAuthor[]> {
    await this.assertApiAccess(userId);
    return (await this.keys.listActive(userId)).map((k) => ({ ...ApiKeysService.toView(k), createdBy: k.createdBy ? String(k.createdBy) : null }));
  }

  /**
   * Creates a key without the plan check (first-run demo account, test fixtures); the 10-key
   * limit still holds.
   */
  async issue(userId: string, name?: string, createdBy: string | null = null): Promise<CreatedApiKey> {
    if ((await this.keys.countActive(userId)) >= MAX_ACTIVE_API_KEYS) {
      throw ApiError.badRequest(AuthMessages.tooManyKeys);
    }
    const generated = generateApiKey();
    const record = await this.keys.create(userId, {
      name: sanitizeName(name ?? '') || DEFAULT_API_KEY_NAME,
      keyPrefix: generated.keyPrefix,
      keyHash: generated.keyHash,
      createdBy,
    });
    return { ...ApiKeysService.toView(record), rawKey: generated.rawKey };
  }

  /**
   * A workspace owner's key for one of its managed users: the user's previous keys stop working
   * (revoked in the same transaction as the new key is stored).
   */
  async replaceAll(userId: string, name: string): Promise<CreatedApiKey> {
    return this.transactions.run(async () => {
      await this.keys.revokeAll(userId, new Date());
      return this.issue(userId, name);
    });
  }

  /**
   * Registers an existing key without a dot (keys issued before the dotted format, migrated in).
   * It is looked up under the prefix `legacy`.
   */
  async importLegacyKey(userId: string, rawKey: string, name?: string): Promise<ApiKeyView> {
    if (apiKeyPrefix(rawKey) !== LEGACY_KEY_PREFIX) throw ApiError.badRequest(AuthMessages.invalidApiKey);
    const record = await this.keys.create(userId, {
      name: sanitizeName(name ?? '') || DEFAULT_API_KEY_NAME,
      keyPrefix: LEGACY_KEY_PREFIX,
      keyHash: hashApiKey(rawKey),
      legacy: true,
    });
    return ApiKeysService.toView(record);
  }

  async rename(userId: string, keyId: string, name: unknown): Promise<ApiKeyView> {
    this.assertKeyId(keyId);
    if (typeof name !== 'string' || name.trim() === '') throw ApiError.badRequest(AuthMessages.nameRequired);
    if (name.length > API_KEY_NAME_MAX) throw ApiError.badRequest(AuthMessages.nameTooLong);
    const clean = sanitizeName(name);
    if (!clean) throw ApiError.badRequest(AuthMessages.nameRequired);
    await this.assertApiAccess(userId);
    const key = await this.keys.rename(userId, keyId, clean);
    if (!key) throw ApiError.notFound(AuthMessages.apiKeyNotFound);
    return ApiKeysService.toView(key);
  }

  async revoke(userId: string, keyId: string): Promise<void> {
    this.assertKeyId(keyId);
    await this.assertApiAccess(userId);
    if (!(await this.keys.revoke(userId, keyId, new Date()))) throw ApiError.notFound(AuthMessages.apiKeyNotFound);
    await this.audit.record('api_key.revoked', { accountId: userId, target: { type: 'api_key', id: keyId } });
  }

  private assertKeyId(keyId: string): void {
    if (!isObjectIdString(keyId)) throw ApiError.badRequest(AuthMessages.invalidKeyId);
  }

  private async assertApiAccess(userId: string): Promise<UserSummary> {
    const user = await this.users.getSummary(userId);
    if (!user.apiAccess) throw ApiError.forbidden(AuthMessages.planWithoutApi);
    return user;
  }
}
