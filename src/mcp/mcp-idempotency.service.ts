import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../common/api-error';
import { TokenCipher } from '../crypto/token-cipher';
import { isDuplicateKeyError } from '../database/mongo-errors';
import { canonicalHash } from '../common/canonical-json';
import { IDEMPOTENCY_KEY_PATTERN } from '../common/idempotency-key';
import { McpIdempotencyRepository, type IdempotencyScope } from './mcp-idempotency.repository';
import { MCP_IDEMPOTENCY_TTL_SECONDS } from './schemas/mcp-idempotency-record.schema';
import { IdempotencyMessages } from './mcp.errors';

/** How long one run may hold a key before a retry may take it over (a crashed instance). */
const LEASE_MS = 60_000;
/** How long a duplicate waits for the first call to finish before answering "in progress". */
const WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * `idempotencyKey` of the MCP tools that create (create_webhook, get_upload_url, update_post).
 * create_post uses the posts module's own Idempotency-Key mechanism instead.
 */
@Injectable()
export class McpIdempotencyService {

  constructor(
    private readonly records: McpIdempotencyRepository,
    private readonly cipher: TokenCipher,
  ) {}

  /** Validates a key (400 like the REST header). */
  static checkKey(key: string): string {
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw ApiError.badRequest(IdempotencyMessages.invalidKey);
    return key;
  }

  /**
   * Runs `execute` once per (user, tool, key): a repeat with the same arguments gets the first
   * result; different arguments get 409; a failed run frees the key. Without a key it just runs.
   */
  async run<T extends object>(
    userId: string,
    tool: string,
    key: string | undefined,
    args: unknown,
    execute: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return execute();
    const scope: IdempotencyScope = { userId, tool, key: McpIdempotencyService.checkKey(key) };
    const hash = canonicalHash(args);
    const deadline = Date.now() + WAIT_MS;
    const lockToken = randomBytes(12).toString('hex');

    for (;;) {
      const now = new Date();
      if (await this.claim(scope, hash, lockToken, now)) break;
      const record = await this.records.find(scope);
      if (!record) continue; // released or expired in between: try to claim again
      if (record.createdAt < new Date(now.getTime() - MCP_IDEMPOTENCY_TTL_SECONDS * 1000)) {
        // Expired but not yet swept by the TTL monitor: the key is free again.
        await this.records.deleteExpired(scope, new Date(now.getTime() - MCP_IDEMPOTENCY_TTL_SECONDS * 1000));
        continue;
      }
      if (record.requestHash !== hash) throw ApiError.conflict(IdempotencyMessages.reused);
      if (record.state === 'done' && record.result) return JSON.parse(this.cipher.decrypt(record.result)) as T;
      if (record.lockedUntil < now && (await this.records.takeOver(scope, lockToken, now, new Date(now.getTime() + LEASE_MS)))) break;
      if (Date.now() > deadline) throw ApiError.conflict(IdempotencyMessages.inProgress);
      await sleep(POLL_MS);
    }

    let result: T;
    try {
      result = await execute();
    } catch (err) {
      await this.records.release(scope, lockToken).catch(() => undefined);
      throw err;
    }
    await this.records.complete(scope, lockToken, this.cipher.encrypt(JSON.stringify(result)));
    return result;
  }

  private async claim(scope: IdempotencyScope, hash: string, lockToken: string, now: Date): Promise<boolean> {
    try {
      await this.records.insertPending(scope, hash, lockToken, new Date(now.getTime() + LEASE_MS));
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }
}
