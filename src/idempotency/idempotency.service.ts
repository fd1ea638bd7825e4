import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../common/api-error';
import { canonicalHash } from '../common/canonical-json';
import { TokenCipher } from '../crypto/token-cipher';
import { isDuplicateKeyError } from '../database/mongo-errors';
import { IdempotencyRepository, type IdempotencyScope } from './idempotency.repository';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency-key';
import { IDEMPOTENCY_TTL_SECONDS } from './schemas/idempotency-record.schema';

/** How long one run may hold a key before a retry may take it over (a crashed instance). */
const LEASE_MS = 60_000;
/** How long a duplicate waits for the first call to finish before answering "in progress". */
const WAIT_MS = 10_000;
const POLL_MS = 50;

/** Each caller's own words for the three refusals (REST's header and MCP's argument differ). */
export interface IdempotencyMessages {
  invalidKey: string;
  reused: string;
  inProgress: string;
}

export interface IdempotentCall {
  userId: string;
  /** What the key is for: `create-post`, or an MCP tool's name. Keys of different scopes never meet. */
  scope: string;
  key: string;
  /** The call's input; a repeat must send the same (compared as canonical JSON). */
  input: unknown;
  messages: IdempotencyMessages;
}

/**
 * Records the call's result. Called inside the transaction that makes the call's effect, the
 * result commits with it (exactly once, whatever crashes); not called, the result is recorded
 * after the call returns.
 */
export type CommitResult<T> = (result: T) => Promise<void>;

/** The lease on a key passed to another runner while this one was still working (over LEASE_MS). */
class LeaseLost extends Error {}

/**
 * The one idempotency mechanism (create-post's `Idempotency-Key`, the MCP tools' `idempotencyKey`):
 * a repeat with the same input gets the first result, a repeat with other input 409, a concurrent
 * repeat waits for the first and then answers as it did; a failed call frees its key.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger(IdempotencyService.name);

  constructor(
    private readonly records: IdempotencyRepository,
    private readonly cipher: TokenCipher,
  ) {}

  /** 1-255 visible ASCII characters, else 400 with the caller's message. */
  checkKey(key: string, messages: Pick<IdempotencyMessages, 'invalidKey'>): string {
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw ApiError.badRequest(messages.invalidKey);
    return key;
  }

  async run<T extends object>(call: IdempotentCall, execute: (commit: CommitResult<T>) => Promise<T>): Promise<T> {
    const scope: IdempotencyScope = { userId: call.userId, scope: call.scope, key: this.checkKey(call.key, call.messages) };
    const hash = canonicalHash(call.input);
    const deadline = Date.now() + WAIT_MS;
    const lockToken = randomBytes(12).toString('hex');

    for (;;) {
      const now = new Date();
      if (await this.claim(scope, hash, lockToken, now)) break;
      const record = await this.records.findRecord(scope);
      if (!record) continue; // released or expired in between: try to claim again
      const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_SECONDS * 1000);
      if (record.createdAt < expiredBefore) {
        // Expired but not yet swept by the TTL monitor: the key is free again.
        await this.records.deleteExpired(scope, expiredBefore);
        continue;
      }
      if (record.requestHash !== hash) throw ApiError.conflict(call.messages.reused);
      if (record.state === 'done' && record.result) return JSON.parse(this.cipher.decrypt(record.result)) as T;
      if (record.lockedUntil < now && (await this.records.takeOver(scope, lockToken, now, new Date(now.getTime() + LEASE_MS)))) break;
      if (Date.now() > deadline) throw ApiError.conflict(call.messages.inProgress);
      await sleep(POLL_MS);
    }

    let committed = false;
    const commit: CommitResult<T> = async (result) => {
      if (!(await this.records.complete(scope, lockToken, this.cipher.encrypt(JSON.stringify(result))))) throw new LeaseLost();
      committed = true;
    };
    let result: T;
    try {
      result = await execute(commit);
    } catch (err) {
      await this.records.release(scope, lockToken).catch(() => undefined);
      if (err instanceof LeaseLost) this.logger.error(`${call.scope}: the key's lease passed to another run before this one committed; nothing was kept`);
      throw err;
    }
    if (
      !committed &&
      !(await commit(result).then(
        () => true,
        () => false,
      ))
    ) {
      this.logger.warn(`${call.scope}: the key's lease passed to another run before this one recorded its result`);
    }
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
