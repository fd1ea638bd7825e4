import { Injectable } from '@nestjs/common';
import type { RequestContext, UserSummary } from '../auth/request-context';
import { ApiKeysService } from '../auth/api-keys.service';
import { AuthMessages } from '../auth/auth.errors';
import { UsersService } from '../auth/users.service';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { randomToken, sha256 } from '../connect/connect-crypto';
import { TokenCipher } from '../crypto/token-cipher';
import { isObjectIdString } from '../database/object-id';
import { Transactions } from '../database/transactions';
import { ConnectionLinksRepository } from './connection-links.repository';
import type { ConnectionUrlDto, CreateManagedUserDto } from './dto/workspace.dto';
import type { ConnectionLinkRecord } from './schemas/connection-link.schema';
import { DEFAULT_LINK_DAYS, WorkspaceMessages } from './workspace.errors';

const DAY_MS = 24 * 3600 * 1000;

/** A managed user as the workspace routes show it (reference notes, ManagedUser). */
export interface ManagedUserView {
  _id: string;
  username: string;
  displayName: string;
  role: 'managed';
  /** Kept for integrators who read it; not enforced: the owner's plan limits apply. */
  dailyPostsLeft: number;
  connectionsPageUrl: string | null;
  connectionsPageTokenExpiresAt: string | null;
}

/** The managed user a valid connection link opens the hosted page for. */
export interface LinkHolder {
  user: UserSummary;
  expiresAt: Date;
}

/**
 * Workspaces (docs/workspace.md): a key owner with workspace access manages users, gives them
 * API keys and connection links. REST, MCP and GraphQL call these methods with the request
 * context; `ctx.ownerUser` (the key owner or the session user) is the workspace owner.
 */
@Injectable()
export class WorkspaceService {
  constructor(
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
    private readonly links: ConnectionLinksRepository,
    private readonly cipher: TokenCipher,
    private readonly config: AppConfig,
    private readonly transactions: Transactions,
  ) {}

  async list(ctx: RequestContext): Promise<{ users: ManagedUserView[] }> {
    const owner = this.owner(ctx);
    const [users, links] = await Promise.all([this.users.listManaged(owner.id), this.links.listForOwner(owner.id)]);
    const byUser = new Map(links.map((l) => [l.userId.toHexString(), l]));
    const now = new Date();
    return { users: users.map((u) => this.toView(u, byUser.get(u.id), now)) };
  }

  async create(ctx: RequestContext, body: CreateManagedUserDto): Promise<{ user: ManagedUserView }> {
    const owner = this.owner(ctx);
    const displayName = body.displayName?.trim() || null;
    try {
      // Nobody signs in as a managed user: its password is random and never shown.
      const created = await this.users.create({ email: body.username, password: randomToken(), displayName, parentUserId: owner.id, plan: 'starter' });
      return { user: this.toView(created, undefined, new Date()) };
    } catch (err) {
      if (err instanceof ApiError && err.message === AuthMessages.emailTaken) throw ApiError.conflict(WorkspaceMessages.emailTaken);
      throw err;
    }
  }

  /** The user leaves the workspace (its record, keys and connections stay); its link stops working. */
  async detach(ctx: RequestContext, userId: string): Promise<{ success: true }> {
    const user = await this.managed(ctx, userId);
    await this.transactions.run(async () => {
      await this.users.update(user.id, { parentUserId: null });
      await this.links.deleteForUser(user.id);
    });
    return { success: true };
  }

  /** A new key for the managed user; its previous keys stop working. */
  async issueApiKey(ctx: RequestContext, userId: string): Promise<{ message: string; apiKey: string; userId: string }> {
    const user = await this.managed(ctx, userId);
    const key = await this.apiKeys.replaceAll(user.id, 'Workspace key');
    return { message: WorkspaceMessages.apiKeyGenerated, apiKey: key.rawKey, userId: user.id };
  }

  /** The user's connection link: the still-valid one again unless `rotate`, else a new one. */
  async connectionUrl(ctx: RequestContext, userId: string, body: ConnectionUrlDto): Promise<{ url: string; tokenExpiresAt: string }> {
    const user = await this.managed(ctx, userId);
    const now = new Date();
    const existing = await this.links.findForUser(ctx.ownerUser.id, user.id);
    if (existing && !body.rotate && existing.expiresAt > now) {
      return { url: this.urlOf(existing), tokenExpiresAt: existing.expiresAt.toISOString() };
    }
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + (body.expiresInDays ?? DEFAULT_LINK_DAYS) * DAY_MS);
    await this.links.replace({ userId: user.id, ownerId: ctx.ownerUser.id, tokenHash: sha256(token), tokenEncrypted: this.cipher.encrypt(token), expiresAt });
    return { url: this.linkUrl(token), tokenExpiresAt: expiresAt.toISOString() };
  }

  /**
   * The managed user a link token opens, or null when the link is unknown, expired, replaced, or
   * its user no longer belongs to the owner who made it (the hosted page then answers 410).
   */
  async holderOf(token: string, now: Date = new Date()): Promise<LinkHolder | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const link = await this.links.findByTokenHash(sha256(token));
    if (!link || link.expiresAt <= now) return null;
    const user = await this.users.findSummary(link.userId.toHexString());
    if (!user || user.parentUserId !== link.ownerId.toHexString()) return null;
    return { user, expiresAt: link.expiresAt };
  }

  /** The workspace owner of the request: workspace access (or admin) required. */
  private owner(ctx: RequestContext): UserSummary {
    const owner = ctx.ownerUser;
    if (!owner.workspacesEnabled && !owner.isAdmin) throw ApiError.forbidden(AuthMessages.workspaceDisabled);
    return owner;
  }

  /** One of the owner's managed users, or 404 (a malformed id, someone else's, a missing one). */
  private async managed(ctx: RequestContext, userId: string): Promise<UserSummary> {
    const owner = this.owner(ctx);
    const user = isObjectIdString(userId) ? await this.users.findSummary(userId.toLowerCase()) : null;
    if (!user || user.parentUserId !== owner.id) throw ApiError.notFound(WorkspaceMessages.notManaged);
    return user;
  }

  private toView(user: UserSummary, link: ConnectionLinkRecord | undefined, now: Date): ManagedUserView {
    const valid = link && link.expiresAt > now ? link : undefined;
    return {
      _id: user.id,
      username: user.email,
      displayName: user.displayName ?? user.email,
      role: 'managed',
      dailyPostsLeft: 100,
      connectionsPageUrl: valid ? this.urlOf(valid) : null,
      connectionsPageTokenExpiresAt: valid ? valid.expiresAt.toISOString() : null,
    };
  }

  private urlOf(link: ConnectionLinkRecord): string {
    return this.linkUrl(this.cipher.decrypt(link.tokenEncrypted));
  }

  private linkUrl(token: string): string {
    return `${this.config.publicBaseUrl}/connect/${token}`;
  }
}
