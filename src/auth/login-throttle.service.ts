import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createHash } from 'node:crypto';
import { RateLimiterMongo, RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { LOGIN_FREE_FAILURES, LOGIN_FREE_FAILURES_PER_ADDRESS, LOGIN_MAX_LOCK_MS, LOGIN_WINDOW_MS, lockAfterFailure } from './login-throttle';

/** What one login attempt is counted against: the account and the client address. */
export interface LoginSubjects {
  account: string;
  address: string;
}

/** An attempt let through to the password check, and the locks it took on its way. */
export interface LoginAdmission {
  subjects: LoginSubjects;
  lockedAccount: boolean;
  lockedAddress: boolean;
}

/** Refused before the password check: locked for this many more seconds. */
export interface LoginRefusal {
  retryAfterSeconds: number;
}

/** One subject kind: its attempt counter over the window and its lock, both in the database. */
interface Throttle {
  attempts: RateLimiterMongo;
  // The store's own type: RateLimiterMongo's declaration leaves out `consume`'s customDuration, which it honours.
  lock: RateLimiterStoreAbstract;
  free: number;
}

const TABLE = 'login_attempts';

/** The database store every auth throttle shares: one collection, its indexes made once at start-up. */
export function attemptsStore(connection: Connection) {
  // Each limiter would otherwise start creating the indexes from its constructor, unawaited, and
  // report a failure with console.error (as when the app stopped right after starting).
  return { storeClient: connection.getClient(), dbName: connection.db!.databaseName, tableName: TABLE, disableIndexesCreation: true };
}

/**
 * Applies login-throttle.ts with rate-limiter-flexible's MongoDB store (collection
 * `login_attempts`, TTL-expired), so every instance shares it. An attempt is counted (one atomic
 * upsert) before its password is checked, never after: attempts sent at once each get their own
 * number, and those past the free ones must each take the lock (an atomic `consume` of a
 * one-point key) to go on, so only one of them does; the others are refused unchecked.
 */
@Injectable()
export class LoginThrottleService implements OnModuleInit {
  private readonly logger = new Logger(LoginThrottleService.name);
  private readonly account: Throttle;
  private readonly address: Throttle;

  constructor(@InjectConnection() connection: Connection) {
    const store = attemptsStore(connection);
    const throttle = (kind: string, free: number): Throttle => ({
      // Points are never the limit here: the count decides whether a lock must be taken, and how long.
      attempts: new RateLimiterMongo({ ...store, keyPrefix: `login_attempts_${kind}`, points: Number.MAX_SAFE_INTEGER, duration: LOGIN_WINDOW_MS / 1000 }),
      // One point: the first `consume` while no lock lives takes it, every other one is refused.
      lock: new RateLimiterMongo({ ...store, keyPrefix: `login_lock_${kind}`, points: 1, duration: LOGIN_MAX_LOCK_MS / 1000 }),
      free,
    });
    this.account = throttle('account', LOGIN_FREE_FAILURES);
    this.address = throttle('address', LOGIN_FREE_FAILURES_PER_ADDRESS);
  }

  /** The collection's TTL (`expire`) and unique (`key`) indexes, before the app takes requests. */
  async onModuleInit(): Promise<void> {
    try {
      await this.account.attempts.createIndexes();
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

  /**
   * Counts one attempt against the account and the address, then lets it through or refuses it.
   * While a lock lives the attempt is refused uncounted. Past the free number, an attempt takes
   * the lock it would earn by failing (30 s, doubling) before its password is checked, so a burst
   * gets one check there; an attempt refused here is not counted after all.
   */
  async admit(subjects: LoginSubjects): Promise<LoginAdmission | LoginRefusal> {
    const locked = await this.secondsLocked(subjects);
    if (locked > 0) return { retryAfterSeconds: locked };
    const [accountCount, addressCount] = await Promise.all([
      this.account.attempts.penalty(subjects.account, 1),
      this.address.attempts.penalty(subjects.address, 1),
    ]);
    const refuse = async (seconds: number): Promise<LoginRefusal> => {
      await Promise.all([this.account.attempts.reward(subjects.account, 1), this.address.attempts.reward(subjects.address, 1)]);
      return { retryAfterSeconds: seconds };
    };
    const admission: LoginAdmission = { subjects, lockedAccount: false, lockedAddress: false };
    if (accountCount.consumedPoints > this.account.free) {
      const wait = await takeLock(this.account, subjects.account, accountCount.consumedPoints);
      if (wait > 0) return refuse(wait);
      admission.lockedAccount = true;
    }
    if (addressCount.consumedPoints > this.address.free) {
      const wait = await takeLock(this.address, subjects.address, addressCount.consumedPoints);
      if (wait > 0) {
        // The account's lock was taken for this attempt alone, which will not be checked.
        if (admission.lockedAccount) await this.account.lock.delete(subjects.account);
        return refuse(wait);
      }
      admission.lockedAddress = true;
    }
    return admission;
  }

  /**
   * The right password: the account's slate is wiped; the address keeps its count of failures (it
   * may be guessing other accounts) but not this attempt, nor the lock it took for it.
   */
  async succeeded(admission: LoginAdmission): Promise<void> {
    const { account, address } = admission.subjects;
    await Promise.all([
      this.account.attempts.delete(account),
      this.account.lock.delete(account),
      this.address.attempts.reward(address, 1),
      admission.lockedAddress ? this.address.lock.delete(address) : undefined,
    ]);
  }

  /** Seconds to wait before the next try (0: may try): the longer of the two locks. */
  private async secondsLocked(subjects: LoginSubjects): Promise<number> {
    const [account, address] = await Promise.all([this.account.lock.get(subjects.account), this.address.lock.get(subjects.address)]);
    return Math.max(secondsLeft(account), secondsLeft(address));
  }
}

/** Takes the lock the `attempt`-th attempt earns if it fails; 0 when taken, else seconds until the one in place ends. */
async function takeLock(throttle: Throttle, key: string, attempt: number): Promise<number> {
  try {
    await throttle.lock.consume(key, 1, { customDuration: lockAfterFailure(attempt, throttle.free) / 1000 });
    return 0;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, secondsLeft(err));
    throw err;
  }
}

/** A lock is a live key of the lock limiter (taken by `consume`). */
function secondsLeft(res: RateLimiterRes | null): number {
  if (!res || res.consumedPoints < 1 || res.msBeforeNext <= 0) return 0;
  return Math.ceil(res.msBeforeNext / 1000);
}
