import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail } from '../auth/dto/user-field.rules';
import { MembershipsService } from '../auth/memberships.service';
import { personOf, type RequestContext, type UserSummary } from '../auth/request-context';
import { SessionsService } from '../auth/sessions.service';
import { isMemberRole, type MemberRole } from '../auth/team-roles';
import { UsersService } from '../auth/users.service';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { LimitMailer } from '../limits/limit-mailer';
import { TeamInvitesRepository } from './team-invites.repository';
import { TeamSettingsRepository } from './team-settings.repository';
import { TeamMessages } from './teams.errors';
import type { TeamInviteRecord } from './schemas/team-invite.schema';
import { AuditService } from '../audit/audit.service';

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export type AccountRole = MemberRole | 'owner';

export interface TeamMemberView {
  userId: string;
  email: string;
  displayName: string | null;
  role: AccountRole;
  since: Date | null;
}

export interface TeamInviteView {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: Date;
  createdAt: Date;
  invitedByEmail: string | null;
}

/** An account the signed-in person may act in, for the dashboard's switcher. */
export interface AccountChoice {
  accountId: string;
  email: string;
  displayName: string | null;
  role: AccountRole;
  current: boolean;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * Teams: an account's owner and admins invite people by e-mail with a role; a person accepts with
 * their own login (or makes one), then switches their session into the account. What each role
 * may do is checked by the session guard on every operation (auth/team-roles.ts, docs/teams.md).
 */
@Injectable()
export class TeamsService {
  private readonly logger = new Logger(TeamsService.name);

  constructor(
    private readonly invites: TeamInvitesRepository,
    private readonly settings: TeamSettingsRepository,
    private readonly memberships: MembershipsService,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly mailer: LimitMailer,
    private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  async requiresApproval(ctx: RequestContext): Promise<boolean> {
    return this.settings.requireApproval(ctx.userId);
  }

  async setRequireApproval(ctx: RequestContext, requireApproval: boolean): Promise<void> {
    await this.settings.setRequireApproval(ctx.userId, requireApproval);
    await this.audit.record('team.approval_setting_changed', { target: { type: 'account', id: ctx.userId }, details: { requireApproval } });
  }

  /** True when this caller's posts must wait for approval: an editor, in an account that requires it. */
  async needsApproval(ctx: RequestContext): Promise<boolean> {
    return ctx.member?.role === 'editor' && (await this.settings.requireApproval(ctx.userId));
  }

  /** Who decides on approvals: the owner and the admins (their e-mail addresses). */
  async approvers(ctx: RequestContext): Promise<string[]> {
    const members = await this.members(ctx);
    return members.filter((m) => m.role === 'owner' || m.role === 'admin').map((m) => m.email);
  }

  /** Sends a team notice (approval requested, decided) to `to`; without a transport it is only logged. Never throws. */
  async notify(to: string[], subject: string, text: string): Promise<void> {
    for (const address of to) {
      if (!this.mailer.configured) {
        this.logger.log({ to: address, subject }, 'Team notice (no mail transport configured)');
        continue;
      }
      try {
        await this.mailer.send({ from: this.mailer.from, to: address, subject, text });
      } catch (err) {
        this.logger.warn({ err, to: address }, 'Team notice could not be sent');
      }
    }
  }

  /** The account's owner, then its members (oldest first). */
  async members(ctx: RequestContext): Promise<TeamMemberView[]> {
    const owner = ctx.ownerUser;
    const list: TeamMemberView[] = [{ userId: owner.id, email: owner.email, displayName: owner.displayName, role: 'owner', since: null }];
    for (const m of await this.memberships.ofAccount(ctx.userId)) {
      const user = await this.users.findSummary(m.userId);
      if (user) list.push({ userId: user.id, email: user.email, displayName: user.displayName, role: m.role, since: m.createdAt });
    }
    return list;
  }

  async openInvites(ctx: RequestContext): Promise<TeamInviteView[]> {
    const open = await this.invites.listOpen(ctx.userId);
    const inviters = new Map<string, string | null>();
    for (const id of new Set(open.map((i) => String(i.invitedBy)))) inviters.set(id, (await this.users.findSummary(id))?.email ?? null);
    return open.map((i) => this.inviteView(i, inviters.get(String(i.invitedBy)) ?? null));
  }

  /**
   * Invites `email` with `role`: a signed link (a random token, only its hash kept) that works
   * for INVITE_TTL_MS, sent by e-mail when a mail transport is configured. Inviting the same
   * address again replaces the link. The link is returned once, for the inviter to pass on.
   */
  async invite(ctx: RequestContext, rawEmail: unknown, rawRole: unknown): Promise<{ invite: TeamInviteView; link: string; emailed: boolean }> {
    if (typeof rawEmail !== 'string' || rawEmail.length > 254 || !EMAIL_PATTERN.test(normalizeEmail(rawEmail)))
      throw ApiError.badRequest(TeamMessages.emailInvalid);
    if (!isMemberRole(rawRole)) throw ApiError.badRequest(TeamMessages.roleInvalid);
    const email = normalizeEmail(rawEmail);
    if (email === ctx.ownerUser.email) throw ApiError.badRequest(TeamMessages.inviteSelf);
    const existing = await this.users.findSummaryByEmail(email);
    if (existing && (await this.memberships.find(ctx.userId, existing.id))) throw ApiError.conflict(TeamMessages.alreadyMember(email));

    const token = randomBytes(32).toString('base64url');
    const inviter = personOf(ctx);
    const record = await this.invites.replace({
      accountId: ctx.userId,
      email,
      role: rawRole,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      invitedBy: inviter.id,
    });
    const link = `${this.config.publicBaseUrl}/invite/${token}`;
    const emailed = await this.send(ctx.ownerUser, inviter, email, rawRole, link);
    await this.audit.record('team.invite_sent', { target: { type: 'invite', id: String(record._id) }, details: { email, role: rawRole } });
    return { invite: this.inviteView(record, inviter.email), link, emailed };
  }

  async revokeInvite(ctx: RequestContext, id: string): Promise<void> {
    if (!(await this.invites.delete(ctx.userId, id))) throw ApiError.notFound(TeamMessages.inviteNotFound);
    await this.audit.record('team.invite_revoked', { target: { type: 'invite', id } });
  }

  /** What an invitation link shows before it is accepted (the token is the secret). */
  async describeInvite(token: string): Promise<{
    email: string;
    role: MemberRole;
    accountEmail: string;
    accountName: string | null;
    invitedByEmail: string | null;
    expiresAt: Date;
    hasAccount: boolean;
  }> {
    const invite = await this.usableInvite(token);
    const account = await this.users.findSummary(String(invite.accountId));
    if (!account) throw ApiError.notFound(TeamMessages.inviteNotFound);
    const hasAccount = (await this.users.findSummaryByEmail(invite.email)) !== null;
    const invitedByEmail = (await this.users.findSummary(String(invite.invitedBy)))?.email ?? null;
    return {
      email: invite.email,
      role: invite.role,
      accountEmail: account.email,
      accountName: account.displayName,
      invitedByEmail,
      expiresAt: invite.expiresAt,
      hasAccount,
    };
  }

  /**
   * Accepts an invitation as `person` (signed in with the invited address), or, with no account
   * for the address yet, as a new one made with `register` (the sign-up rules apply). The person
   * becomes a member with the invited role; the link then stops working.
   */
  async accept(
    token: string,
    person: UserSummary | null,
    register: (email: string) => Promise<UserSummary>,
  ): Promise<{ user: UserSummary; accountId: string }> {
    const invite = await this.usableInvite(token);
    let user = person;
    if (user) {
      if (user.email !== invite.email) throw ApiError.forbidden(TeamMessages.inviteOtherEmail(invite.email));
    } else {
      if (await this.users.findSummaryByEmail(invite.email)) throw ApiError.unauthorized(TeamMessages.signInToAccept(invite.email));
      user = await register(invite.email);
    }
    if (!(await this.invites.markAccepted(invite._id, new Date()))) throw ApiError.badRequest(TeamMessages.inviteUsed);
    await this.memberships.add(String(invite.accountId), user.id, invite.role, String(invite.invitedBy));
    await this.audit.record('team.invite_accepted', {
      accountId: String(invite.accountId),
      actor: { type: 'member', userId: user.id, email: user.email, role: invite.role },
      target: { type: 'member', id: user.id },
      details: { email: user.email, role: invite.role },
    });
    return { user, accountId: String(invite.accountId) };
  }

  /** The person's role in the account (after accepting). */
  async roleIn(accountId: string, userId: string): Promise<MemberRole | null> {
    return (await this.memberships.find(accountId, userId))?.role ?? null;
  }

  async changeRole(ctx: RequestContext, userId: string, rawRole: unknown): Promise<TeamMemberView> {
    if (!isMemberRole(rawRole)) throw ApiError.badRequest(TeamMessages.roleInvalid);
    if (userId === personOf(ctx).id) throw ApiError.badRequest(TeamMessages.ownRole);
    const changed = await this.memberships.setRole(ctx.userId, userId, rawRole);
    const user = changed ? await this.users.findSummary(userId) : null;
    if (!changed || !user) throw ApiError.notFound(TeamMessages.memberNotFound);
    await this.audit.record('team.role_changed', { target: { type: 'member', id: userId }, details: { email: user.email, role: changed.role } });
    return { userId, email: user.email, displayName: user.displayName, role: changed.role, since: changed.createdAt };
  }

  /** Removes a member (the owner is not one); their next request acts in their own account. */
  async remove(ctx: RequestContext, userId: string): Promise<void> {
    if (!(await this.memberships.remove(ctx.userId, userId))) throw ApiError.notFound(TeamMessages.memberNotFound);
    await this.audit.record('team.member_removed', { target: { type: 'member', id: userId } });
  }

  /** The person leaves a team account they belong to. */
  async leave(person: UserSummary, accountId: string): Promise<void> {
    if (!(await this.memberships.remove(accountId, person.id))) throw ApiError.notFound(TeamMessages.accountNotFound);
    await this.audit.record('team.member_left', { accountId, target: { type: 'member', id: person.id }, details: { email: person.email } });
  }

  /** The person's own account and each account they are a member of, the current one marked. */
  async accountsOf(ctx: RequestContext): Promise<AccountChoice[]> {
    const person = personOf(ctx);
    const list: AccountChoice[] = [
      { accountId: person.id, email: person.email, displayName: person.displayName, role: 'owner', current: ctx.userId === person.id },
    ];
    for (const m of await this.memberships.ofUser(person.id)) {
      const account = await this.users.findSummary(m.accountId);
      if (account)
        list.push({ accountId: account.id, email: account.email, displayName: account.displayName, role: m.role, current: ctx.userId === account.id });
    }
    return list;
  }

  /** Makes the session act in `accountId`: the person's own, or one they are a member of. */
  async switchAccount(ctx: RequestContext, token: string, accountId: string): Promise<void> {
    const person = personOf(ctx);
    if (accountId === person.id) return this.sessions.switchAccount(token, null);
    if (!(await this.memberships.accountFor(person, accountId))) throw ApiError.notFound(TeamMessages.accountNotFound);
    await this.sessions.switchAccount(token, accountId);
  }

  private async usableInvite(token: string): Promise<TeamInviteRecord> {
    const invite = typeof token === 'string' && token.length <= 100 ? await this.invites.findByTokenHash(sha256(token)) : null;
    if (!invite) throw ApiError.notFound(TeamMessages.inviteNotFound);
    if (invite.acceptedAt) throw ApiError.badRequest(TeamMessages.inviteUsed);
    if (invite.expiresAt.getTime() <= Date.now()) throw new ApiError(410, TeamMessages.inviteExpired);
    return invite;
  }

  private inviteView(i: TeamInviteRecord, invitedByEmail: string | null): TeamInviteView {
    return { id: String(i._id), email: i.email, role: i.role, expiresAt: i.expiresAt, createdAt: i.createdAt, invitedByEmail };
  }

  /** E-mails the link when a transport is configured; in development without one the link is logged instead. */
  private async send(account: UserSummary, inviter: UserSummary, to: string, role: MemberRole, link: string): Promise<boolean> {
    if (!this.mailer.configured) {
      if (!this.config.isProduction) this.logger.log({ to, link }, 'Team invitation (no mail transport configured: the link is logged in development)');
      return false;
    }
    try {
      await this.mailer.send({
        from: this.mailer.from,
        to,
        subject: `${inviter.email} invited you to ${account.displayName ?? account.email}'s account`,
        text: `${inviter.email} invited you to work in ${account.displayName ?? account.email}'s account as ${role}.\n\nAccept within 7 days: ${link}\n`,
      });
      return true;
    } catch (err) {
      this.logger.warn({ err, to }, 'Team invitation e-mail could not be sent');
      return false;
    }
  }
}
