import { Inject, Injectable } from '@nestjs/common';
import { PLAN_TABLE, type PlanTable } from '../limits/plans';
import { Types } from 'mongoose';
import { ApiError } from '../common/api-error';
import { AuthMessages } from './auth.errors';
import { effectiveEntitlements } from './entitlements';
import { hashPassword, verifyPassword } from './password';
import type { UserSummary } from './request-context';
import type { UserRecord } from './schemas/user.schema';
import { UsersRepository, type UserChanges } from './users.repository';
import { isObjectIdString } from '../database/object-id';
import { validateInput } from '../common/validation/validate-input';
import { AdminUsersFilterDto, CreateUserDto, NewPasswordDto, UpdateUserDto } from './dto/user.dto';
import { normalizeEmail } from './dto/user-field.rules';

/** A new account as callers hand it (a plan may be any text): checked by CreateUserDto. */
export type CreateUserInput = Omit<CreateUserDto, 'plan'> & { plan?: string | null };

/** Admin changes as callers hand them: checked by UpdateUserDto. */
export type UpdateUserInput = Omit<UpdateUserDto, 'plan'> & { plan?: string | null };

/** A user as the admin layer shows it (no secrets). */
export interface AdminUserView extends UserSummary {
  createdAt: Date;
  /** The admin's overrides of the plan's entitlements (null: the plan's value), so an edit form can show and reset them. */
  apiAccessOverride: boolean | null;
  mcpAccessOverride: boolean | null;
}

/** Accounts: creation, sign-in check, summaries for the guards, admin changes. */
@Injectable()
export class UsersService {
  /** Hash of a random password: missing users are checked against it so timing does not tell. */
  private dummyHash: Promise<string> | null = null;
  private readonly summaries = new WeakMap<UserRecord, UserSummary>();

  constructor(
    private readonly users: UsersRepository,
    @Inject(PLAN_TABLE) private readonly plans: PlanTable,
  ) {}

  toSummary(user: UserRecord): UserSummary {
    const entitlements = effectiveEntitlements(this.plans, user.plan, user.entitlementOverrides);
    return {
      id: user._id.toHexString(),
      email: user.email,
      displayName: user.displayName ?? null,
      plan: user.plan,
      isAdmin: user.isAdmin === true,
      parentUserId: user.parentUser ? user.parentUser.toHexString() : null,
      workspacesEnabled: user.permissions?.workspacesEnabled === true,
      apiAccess: entitlements.apiAccess,
      mcpAccess: entitlements.mcpAccess,
      seats: user.seats ?? 1,
    };
  }

  /** The summary of a user, or null when the id is malformed or unknown. */
  async findSummary(userId: string): Promise<UserSummary | null> {
    const user = await this.users.findById(userId);
    return user ? this.toSummary(user) : null;
  }

  /** findSummary through a short per-instance cache (the API-key guard's hot path; UsersRepository's SUMMARY_CACHE_MS). */
  async findSummaryCached(userId: string): Promise<UserSummary | null> {
    const user = await this.users.findByIdCached(userId);
    if (!user) return null;
    // A cached record is the same object until the cache reads it again: its summary is made once.
    let summary = this.summaries.get(user);
    if (!summary) this.summaries.set(user, (summary = this.toSummary(user)));
    return summary;
  }

  /** Like findSummary, but 404 `User not found` when missing. */
  async getSummary(userId: string): Promise<UserSummary> {
    const user = await this.findSummary(userId);
    if (!user) throw ApiError.notFound(AuthMessages.userNotFound);
    return user;
  }

  async findSummaryByEmail(email: string): Promise<UserSummary | null> {
    const user = await this.users.findByEmail(normalizeEmail(email));
    return user ? this.toSummary(user) : null;
  }

  /** Users whose parentUser is `ownerId` (workspace members). */
  async listManaged(ownerId: string): Promise<UserSummary[]> {
    if (!isObjectIdString(ownerId)) return [];
    return (await this.users.listManaged(ownerId)).map((u) => this.toSummary(u));
  }

  async count(): Promise<number> {
    return this.users.countAll();
  }

  async create(raw: CreateUserInput): Promise<AdminUserView> {
    const input = validateInput(CreateUserDto, raw);
    const { email } = input;
    const plan = input.plan ?? 'starter';
    if (input.parentUserId) await this.assertParent(input.parentUserId);
    if (await this.users.findByEmail(email)) throw ApiError.conflict(AuthMessages.emailTaken);
    try {
      const user = await this.users.create({
        email,
        displayName: input.displayName ?? null,
        passwordHash: await hashPassword(input.password),
        plan,
        isAdmin: input.isAdmin === true,
        parentUser: input.parentUserId ?? null,
        workspacesEnabled: input.workspacesEnabled === true,
        seats: input.seats ?? 1,
        apiAccess: input.apiAccess ?? null,
        mcpAccess: input.mcpAccess ?? null,
      });
      return this.toAdminView(user);
    } catch (err) {
      if ((err as { code?: number }).code === 11000) throw ApiError.conflict(AuthMessages.emailTaken);
      throw err;
    }
  }

  async update(userId: string, raw: UpdateUserInput): Promise<AdminUserView> {
    if (!isObjectIdString(userId)) throw ApiError.notFound(AuthMessages.userNotFound);
    const input = validateInput(UpdateUserDto, raw);
    const changes: UserChanges = {};
    if (input.plan != null) changes.plan = input.plan;
    if (input.isAdmin != null) changes.isAdmin = input.isAdmin;
    if (input.parentUserId !== undefined) {
      if (input.parentUserId !== null && input.parentUserId !== '') {
        if (input.parentUserId === userId) throw ApiError.badRequest(AuthMessages.invalidParentUser);
        await this.assertParent(input.parentUserId);
      }
      changes.parentUser = input.parentUserId || null;
    }
    if (input.workspacesEnabled != null) changes.workspacesEnabled = input.workspacesEnabled;
    if (input.seats != null) changes.seats = input.seats;
    // Overrides: null resets to the plan's value, so it is passed through.
    if (input.apiAccess !== undefined) changes.apiAccess = input.apiAccess;
    if (input.mcpAccess !== undefined) changes.mcpAccess = input.mcpAccess;
    const user = await this.users.update(userId, changes);
    if (!user) throw ApiError.notFound(AuthMessages.userNotFound);
    return this.toAdminView(user);
  }

  /** Dashboard profile: a new sign-in email, checked and normalised by UpdateProfileInput (sign-up's rules); AuthService.changeEmail checks the password first. */
  async updateEmail(userId: string, normalized: string): Promise<UserSummary> {
    const existing = await this.users.findByEmail(normalized);
    if (existing && existing._id.toHexString() !== userId) throw ApiError.conflict(AuthMessages.emailTaken);
    try {
      const user = await this.users.setEmail(userId, normalized);
      if (!user) throw ApiError.notFound(AuthMessages.userNotFound);
      return this.toSummary(user);
    } catch (err) {
      if ((err as { code?: number }).code === 11000) throw ApiError.conflict(AuthMessages.emailTaken);
      throw err;
    }
  }

  /** True when `password` is the user's current one (one scrypt). */
  async checkPassword(userId: string, password: string): Promise<boolean> {
    const user = await this.users.findByIdWithPassword(userId);
    return !!user && typeof password === 'string' && (await verifyPassword(password, user.passwordHash));
  }

  /** Stores a new password (sign-up's length rule and message). */
  async setPassword(userId: string, password: string): Promise<void> {
    this.assertValidPassword(password);
    await this.users.update(userId, { passwordHash: await hashPassword(password) });
  }

  /** The sign-up password rule, for callers that must check before doing anything else. */
  assertValidPassword(password: unknown): void {
    validateInput(NewPasswordDto, { password });
  }

  /**
   * The admin list: `search` is a case-insensitive substring of the email or display name (at most
   * 100 characters, trimmed; empty: everyone), `plan` one of the plans (else `Invalid plan …`).
   */
  async page(page: number, limit: number, filter: { search?: string | null; plan?: string | null } = {}): Promise<{ items: AdminUserView[]; total: number }> {
    const { search, plan } = validateInput(AdminUsersFilterDto, filter);
    const { items, total } = await this.users.page({ text: search, plan }, (page - 1) * limit, limit);
    return { items: items.map((u) => this.toAdminView(u)), total };
  }

  /**
   * The user with this email and password, or null. Always runs one scrypt (against a dummy
   * hash when the email is unknown), so the answer time does not reveal which emails exist.
   */
  async verifyCredentials(email: string, password: string): Promise<UserSummary | null> {
    const user = await this.users.findByEmailWithPassword(normalizeEmail(email));
    const hash = user?.passwordHash ?? (await this.getDummyHash());
    const ok = await verifyPassword(password, hash);
    return ok && user ? this.toSummary(user) : null;
  }

  /** Makes sure `email` exists as an admin; an existing user keeps its password. */
  async ensureAdmin(email: string, password: string): Promise<{ created: boolean; user: UserSummary }> {
    const existing = await this.users.findByEmail(normalizeEmail(email));
    if (existing) {
      const user = existing.isAdmin ? existing : await this.users.update(existing._id.toHexString(), { isAdmin: true });
      return { created: false, user: this.toSummary(user ?? existing) };
    }
    const created = await this.create({ email, password, isAdmin: true });
    return { created: true, user: created };
  }

  private toAdminView(user: UserRecord): AdminUserView {
    return {
      ...this.toSummary(user),
      createdAt: user.createdAt,
      apiAccessOverride: user.entitlementOverrides?.apiAccess ?? null,
      mcpAccessOverride: user.entitlementOverrides?.mcpAccess ?? null,
    };
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(new Types.ObjectId().toHexString());
    return this.dummyHash;
  }

  private async assertParent(parentUserId: string): Promise<void> {
    if (!(await this.findSummary(parentUserId))) throw ApiError.badRequest(AuthMessages.invalidParentUser);
  }
}
