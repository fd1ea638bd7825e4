import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { afterFailure, LOGIN_FREE_FAILURES, LOGIN_FREE_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS, lockSecondsLeft } from './login-throttle';

/** What one login attempt is counted against: the account and the client address. */
export interface LoginSubjects {
  account: string;
  address: string;
}

/** Applies the rules of login-throttle.ts to the shared `login_attempts` collection. */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly attempts: LoginAttemptsRepository) {}

  /** Hashed keys: the collection holds neither emails nor addresses. */
  static subjects(email: string, ip: string): LoginSubjects {
    const hash = (s: string) => createHash('sha256').update(s).digest('hex');
    return { account: hash(`account|${email.trim().toLowerCase()}`), address: hash(`address|${ip}`) };
  }

  /** Seconds to wait before the next try (0: may try): the longer of the two locks. */
  async secondsLocked(subjects: LoginSubjects): Promise<number> {
    const now = new Date();
    const [account, address] = await Promise.all([this.attempts.find(subjects.account), this.attempts.find(subjects.address)]);
    return Math.max(lockSecondsLeft(account, now), lockSecondsLeft(address, now));
  }

  async recordFailure(subjects: LoginSubjects): Promise<void> {
    await Promise.all([this.countFailure(subjects.account, LOGIN_FREE_FAILURES), this.countFailure(subjects.address, LOGIN_FREE_FAILURES_PER_ADDRESS)]);
  }

  /** The account's slate is wiped; the address keeps its count (it may be guessing other accounts). */
  async recordSuccess(subjects: LoginSubjects): Promise<void> {
    await this.attempts.clear(subjects.account);
  }

  private async countFailure(key: string, freeFailures: number): Promise<void> {
    const now = new Date();
    const keepUntil = new Date(now.getTime() + LOGIN_WINDOW_MS * 2);
    const before = await this.attempts.incrementFailures(key, now, keepUntil);
    const state = afterFailure(before, now, freeFailures);
    const expiresAt = new Date(Math.max(keepUntil.getTime(), (state.lockedUntil?.getTime() ?? 0) + LOGIN_WINDOW_MS));
    await this.attempts.save(key, state, expiresAt);
  }
}
