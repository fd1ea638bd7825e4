import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { AuthMessages } from './auth.errors';
import { LoginThrottleService } from './login-throttle.service';
import type { UserSummary } from './request-context';
import { SessionsService } from './sessions.service';
import { UsersService } from './users.service';

export type LoginResult = { user: UserSummary; token: string; expiresAt: Date } | { error: ApiError; retryAfterSeconds: number };

/** Sign-up and sign-in rules: credentials, throttling, sessions. */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottleService,
  ) {}

  /** New Starter account, signed in. */
  async register(email: string, password: string): Promise<{ user: UserSummary; token: string; expiresAt: Date }> {
    const created = await this.users.create({ email, password });
    const user = await this.users.getSummary(created.id);
    return { user, ...(await this.sessions.create(user.id)) };
  }

  /**
   * 429 while the (email, IP) pair is locked (checked before the password, so a locked pair
   * learns nothing); 401 `Invalid email or password` for an unknown email or a wrong password,
   * both after one scrypt.
   */
  async login(email: string, password: string, ip: string): Promise<LoginResult> {
    const key = LoginThrottleService.subjects(email, ip);
    const locked = await this.throttle.secondsLocked(key);
    if (locked > 0) {
      return { error: new ApiError(429, AuthMessages.tooManyLoginAttempts), retryAfterSeconds: locked };
    }
    const user = await this.users.verifyCredentials(email, password);
    if (!user) {
      await this.throttle.recordFailure(key);
      throw ApiError.unauthorized(AuthMessages.invalidCredentials);
    }
    await this.throttle.recordSuccess(key);
    return { user, ...(await this.sessions.create(user.id)) };
  }

  /**
   * Dashboard password change: the new password must pass sign-up's rule; the current one is
   * checked under the sign-in throttle (a stolen session cannot guess it freely); on success every
   * other session of the user ends, the one making the change stays.
   */
  async changePassword(user: UserSummary, currentPassword: string, newPassword: string, ip: string, currentToken: string | null): Promise<void> {
    this.users.assertValidPassword(newPassword);
    const key = LoginThrottleService.subjects(user.email, ip);
    if ((await this.throttle.secondsLocked(key)) > 0) throw new ApiError(429, AuthMessages.tooManyLoginAttempts);
    if (!(await this.users.checkPassword(user.id, currentPassword))) {
      await this.throttle.recordFailure(key);
      throw ApiError.badRequest(AuthMessages.wrongCurrentPassword);
    }
    await this.throttle.recordSuccess(key);
    if (currentPassword === newPassword) throw ApiError.badRequest(AuthMessages.samePassword);
    await this.users.setPassword(user.id, newPassword);
    await this.sessions.endOthers(user.id, currentToken);
  }

  async logout(token: string): Promise<void> {
    await this.sessions.destroy(token);
  }
}
