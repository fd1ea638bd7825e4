import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createHash } from 'node:crypto';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { RetryLaterError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { AuthMessages } from './auth.errors';
import { attemptsStore } from './login-throttle.service';

const HOUR_SECONDS = 3600;

/**
 * Sign-ups per client address (SIGNUP_LIMIT_PER_HOUR in a fixed hour from the address's first
 * attempt), kept beside the login counters (`login_attempts`, so every instance shares them).
 * Every attempt counts whatever its answer: a 409 for a taken email tells which emails have
 * accounts, so finding them out costs the same allowance as making accounts.
 */
@Injectable()
export class SignUpThrottleService {
  private readonly limiter: RateLimiterMongo | null;

  constructor(config: AppConfig, @InjectConnection() connection: Connection) {
    const perHour = config.env.SIGNUP_LIMIT_PER_HOUR;
    this.limiter = perHour
      ? new RateLimiterMongo({ ...attemptsStore(connection), keyPrefix: 'signup_address', points: perHour, duration: HOUR_SECONDS })
      : null;
  }

  /** Counts one sign-up attempt from `ip`; throws 429 (with the seconds to wait) once the hour's allowance is used. */
  async count(ip: string): Promise<void> {
    if (!this.limiter) return;
    try {
      await this.limiter.consume(createHash('sha256').update(`signup|${ip}`).digest('hex'));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw new RetryLaterError(AuthMessages.tooManySignUps, Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
    }
  }
}
