import { Injectable } from '@nestjs/common';
import { ApiError, RetryLaterError } from '../common/api-error';
import { AuthMessages } from './auth.errors';
import { LoginThrottleService } from './login-throttle.service';
import type { UserSummary } from './request-context';
import { SessionsService } from './sessions.service';
import { SignUpThrottleService } from './sign-up-throttle.service';
import { UsersService } from './users.service';
import { AuditService } from '../audit/audit.service';

/** Sign-up and sign-in rules: credentials, throttling, sessions. */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottleService,
    private readonly signUps: SignUpThrottleService,
    private readonly audit: AuditService,
  ) {}

  /** New Starter account, signed in; every attempt counts against the address's sign-up allowance first (429 past it). */
  async register(email: string, password: string, ip: string): Promise<{ user: UserSummary; token: string; expiresAt: Date }> {
    await this.signUps.count(ip);
    const created = await this.users.create({ email, password });
    const user = await this.users.getSummary(created.id);
    return { user, ...(await this.sessions.create(user.id)) };
  }

  /**
   * 429 (with the seconds to wait) while the account or the address is locked, or when this
   * attempt is one too many (counted before the password is checked, so a locked pair learns
   * nothing); 401 `Invalid email or password` for an unknown email or a wrong password, both
   * after one scrypt.
   */
  async login(email: string, password: string, ip: string): Promise<{ user: UserSummary; token: string; expiresAt: Date }> {
    const user = await this.underThrottle(email, ip, () => this.users.verifyCredentials(email, password));
    if (!user) throw ApiError.unauthorized(AuthMessages.invalidCredentials);
    await this.audit.record('auth.signed_in', { accountId: user.id, actor: { type: 'owner', userId: user.id, email: user.email }, details: { ip } });
    return { user, ...(await this.sessions.create(user.id)) };
  }

  /**
   * Dashboard password change: the new password must pass sign-up's rule; the current one is
   * checked under the sign-in throttle (a stolen session cannot guess it freely); on success every
   * other session of the user ends, the one making the change stays.
   */
  async changePassword(user: UserSummary, currentPassword: string, newPassword: string, ip: string, currentToken: string | null): Promise<void> {
    this.users.assertValidPassword(newPassword);
    await this.confirmPassword(user, currentPassword, ip);
    if (currentPassword === newPassword) throw ApiError.badRequest(AuthMessages.samePassword);
    await this.users.setPassword(user.id, newPassword);
    await this.sessions.endOthers(user.id, currentToken);
  }

  /**
   * Dashboard email change (`email` already checked and normalised by sign-up's rule): needs the
   * current password, checked as changePassword checks it, before anything is said about the new
   * email (409 when another account has it); on success every other session ends. The email the
   * user already has changes nothing and needs no password.
   */
  async changeEmail(
    user: UserSummary,
    email: string,
    currentPassword: string | null | undefined,
    ip: string,
    currentToken: string | null,
  ): Promise<UserSummary> {
    if (email === user.email) return user;
    if (!currentPassword) throw ApiError.badRequest(AuthMessages.currentPasswordRequired);
    await this.confirmPassword(user, currentPassword, ip);
    const updated = await this.users.updateEmail(user.id, email);
    await this.sessions.endOthers(user.id, currentToken);
    return updated;
  }

  /** The signed-in user's current password, checked under the sign-in throttle; 400 when wrong. */
  private async confirmPassword(user: UserSummary, password: string, ip: string): Promise<void> {
    const right = await this.underThrottle(user.email, ip, () => this.users.checkPassword(user.id, password));
    if (!right) throw ApiError.badRequest(AuthMessages.wrongCurrentPassword);
  }

  /**
   * Runs one password check counted by the sign-in throttle: the attempt is counted before the
   * check runs (429 when refused); a pass clears the account's record.
   */
  private async underThrottle<T>(email: string, ip: string, check: () => Promise<T>): Promise<T> {
    const admission = await this.throttle.admit(LoginThrottleService.subjects(email, ip));
    if ('retryAfterSeconds' in admission) throw new RetryLaterError(AuthMessages.tooManyLoginAttempts, admission.retryAfterSeconds);
    const passed = await check();
    if (passed) await this.throttle.succeeded(admission);
    return passed;
  }

  async logout(token: string): Promise<void> {
    await this.sessions.destroy(token);
  }
}
