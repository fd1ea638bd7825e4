import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { afterFailure, LOGIN_WINDOW_MS, lockSecondsLeft } from './login-throttle';

/** Applies the rules of login-throttle.ts to the shared `login_attempts` collection. */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly attempts: LoginAttemptsRepository) {}

  static key(email: string, ip: string): string {
    return createHash('sha256').update(`${email.trim().toLowerCase()}|${ip}`).digest('hex');
  }

  /** Seconds the pair must still wait (0: may try). */
  async secondsLocked(key: string): Promise<number> {
    return lockSecondsLeft(await this.attempts.find(key), new Date());
  }

  async recordFailure(key: string): Promise<void> {
    const now = new Date();
    const keepUntil = new Date(now.getTime() + LOGIN_WINDOW_MS * 2);
    const before = await this.attempts.incrementFailures(key, now, keepUntil);
    const state = afterFailure(before, now);
    const expiresAt = new Date(Math.max(keepUntil.getTime(), (state.lockedUntil?.getTime() ?? 0) + LOGIN_WINDOW_MS));
    await this.attempts.save(key, state, expiresAt);
  }

  async recordSuccess(key: string): Promise<void> {
    await this.attempts.clear(key);
  }
}
