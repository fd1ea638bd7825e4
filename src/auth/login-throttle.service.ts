import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createHash } from 'node:crypto';
import { RateLimiterMongo, type RateLimiterRes } from 'rate-limiter-flexible';
import { LOGIN_FREE_FAILURES, LOGIN_FREE_FAILURES_PER_ADDRESS, LOGIN_MAX_LOCK_MS, LOGIN_WINDOW_MS, lockAfterFailure } from './login-throttle';

/** What one login attempt is counted against: the account and the client address. */
export interface LoginSubjects {
  account: string;
  address: string;
}

/** One subject kind: its failure counter over the window and its lock, both in the database. */
interface Throttle {
  failures: RateLimiterMongo;
  lock: RateLimiterMongo;
  free: number;
}

const TABLE = 'login_attempts';

/**
 * Applies login-throttle.ts with rate-limiter-flexible's MongoDB store (collection
 * `login_attempts`, TTL-expired): counting is one atomic upsert, so every instance shares it.
 * A lock is a `block` of its own key, so it outlives the failure window when it must.
 */
@Injectable()
export class LoginThrottleService implements OnModuleInit {
  private readonly logger = new Logger(LoginThrottleService.name);
  private readonly account: Throttle;
  private readonly address: Throttle;

  constructor(@InjectConnection() connection: Connection) {
    // The four limiters share one collection, whose indexes `onModuleInit` creates once: each
    // limiter would otherwise start creating them from its constructor, unawaited, and report a
    // failure with console.error (as when the app stopped right after starting).
    const store = { storeClient: connection.getClient(), dbName: connection.db!.databaseName, tableName: TABLE, disableIndexesCreation: true };
    const throttle = (kind: string, free: number): Throttle => ({
      // Points are never the limit here: the count decides the lock length.
      failures: new RateLimiterMongo({ ...store, keyPrefix: `login_failures_${kind}`, points: Number.MAX_SAFE_INTEGER, duration: LOGIN_WINDOW_MS / 1000 }),
      lock: new RateLimiterMongo({ ...store, keyPrefix: `login_lock_${kind}`, points: 1, duration: LOGIN_MAX_LOCK_MS / 1000 }),
      free,
    });
    this.account = throttle('account', LOGIN_FREE_FAILURES);
    this.address = throttle('address', LOGIN_FREE_FAILURES_PER_ADDRESS);
  }

  /** The collection's TTL (`expire`) and unique (`key`) indexes, before the app takes requests. */
  async onModuleInit(): Promise<void> {
    try {
      await this.account.failures.createIndexes();
    } catch (err) {
      // As Mongoose's own index builds: the app still starts; logins are still counted.
      this.logger.error({ err }, `Creating the ${TABLE} indexes failed`);
    }
  }

  /** Hashed keys: the collection holds neither emails nor addresses. */
  static subjects(email: string, ip: string): LoginSubjects {
    const hash = (s: string) => createHash('sha256').update(s).digest('hex');
    return { account: hash(`account|${email.trim().toLowerCase()}`), address: hash(`address|${ip}`) };
  }

  /** Seconds to wait before the next try (0: may try): the longer of the two locks. */
  async secondsLocked(subjects: LoginSubjects): Promise<number> {
    const [account, address] = await Promise.all([this.account.lock.get(subjects.account), this.address.lock.get(subjects.address)]);
    return Math.max(secondsLeft(account), secondsLeft(address));
  }

  async recordFailure(subjects: LoginSubjects): Promise<void> {
    await Promise.all([this.countFailure(this.account, subjects.account), this.countFailure(this.address, subjects.address)]);
  }

  /** The account's slate is wiped; the address keeps its count (it may be guessing other accounts). */
  async recordSuccess(subjects: LoginSubjects): Promise<void> {
    await Promise.all([this.account.failures.delete(subjects.account), this.account.lock.delete(subjects.account)]);
  }

  private async countFailure(throttle: Throttle, key: string): Promise<void> {
    const counted = await throttle.failures.penalty(key, 1);
    const lockMs = lockAfterFailure(counted.consumedPoints, throttle.free);
    if (lockMs) await throttle.lock.block(key, lockMs / 1000);
  }
}

/** A lock is a blocked key: more points consumed than its one allowed. */
function secondsLeft(res: RateLimiterRes | null): number {
  if (!res || res.consumedPoints <= 1 || res.msBeforeNext <= 0) return 0;
  return Math.ceil(res.msBeforeNext / 1000);
}
