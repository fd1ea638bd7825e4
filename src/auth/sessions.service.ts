import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { UserSummary } from './request-context';
import { ApiError } from '../common/api-error';
import { AuthMessages } from './auth.errors';
import type { SessionRecord } from './schemas/session.schema';
import { SessionsRepository } from './sessions.repository';
import { UsersService } from './users.service';
import { isObjectIdString } from '../database/object-id';

export const SESSION_COOKIE = 'sps_session';
/** Fixed lifetime from sign-in (not sliding): the cookie and the stored session end together. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Server-side dashboard sessions, in the database so every instance shares them. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
  ) {}

  /** A new session: returns the token (cookie value); only its SHA-256 is stored. */
  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.sessions.create(userId, hashToken(token), expiresAt);
    return { token, expiresAt };
  }

  /**
   * The signed-in user of a token and the account the session acts in (another user's, when
   * switched to a team account; null: their own), or null (unknown, expired, or the user is gone).
   */
  async resolve(token: string): Promise<{ user: UserSummary; accountId: string | null } | null> {
    const session = await this.sessions.findLive(hashToken(token), new Date());
    if (!session) return null;
    const user = await this.users.findSummary(session.userId.toHexString());
    return user ? { user, accountId: session.accountId ? session.accountId.toHexString() : null } : null;
  }

  /** Makes the session act in `accountId` (null: the user's own account); the caller checks the membership. */
  async switchAccount(token: string, accountId: string | null): Promise<void> {
    await this.sessions.setAccount(hashToken(token), accountId);
  }

  /** The user's live sessions, each marked `current` when it is the one holding `currentToken`. */
  async list(userId: string, currentToken: string | null): Promise<Array<SessionRecord & { current: boolean }>> {
    const currentHash = currentToken ? hashToken(currentToken) : null;
    const sessions = await this.sessions.listLive(userId, new Date());
    return sessions.map((s) => ({ ...s, current: s.tokenHash === currentHash }));
  }

  /** Ends one of the user's sessions (the current one too: that signs out); another user's is 404. */
  async revoke(userId: string, sessionId: string): Promise<void> {
    if (!isObjectIdString(sessionId) || !(await this.sessions.deleteOwned(userId, sessionId))) {
      throw ApiError.notFound(AuthMessages.sessionNotFound);
    }
  }

  /** Ends every session of the user except the one holding `keepToken` (after a password change). */
  endOthers(userId: string, keepToken: string | null): Promise<number> {
    return this.sessions.deleteOthers(userId, keepToken ? hashToken(keepToken) : null);
  }

  async destroy(token: string): Promise<void> {
    await this.sessions.delete(hashToken(token));
  }
}
