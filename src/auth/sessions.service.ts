import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { UserSummary } from './request-context';
import { SessionsRepository } from './sessions.repository';
import { UsersService } from './users.service';

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

  /** The signed-in user of a token, or null (unknown, expired, or the user is gone). */
  async resolve(token: string): Promise<UserSummary | null> {
    const session = await this.sessions.findLive(hashToken(token), new Date());
    if (!session) return null;
    return this.users.findSummary(session.userId.toHexString());
  }

  async destroy(token: string): Promise<void> {
    await this.sessions.delete(hashToken(token));
  }
}
