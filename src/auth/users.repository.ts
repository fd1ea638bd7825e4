import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database-info';
import { Repository, type CachedReads, type Filter } from '../database/repository';
import type { PlanName } from '../limits/plans';
import { User, type UserRecord } from './schemas/user.schema';

export interface NewUser {
  email: string;
  displayName?: string | null;
  passwordHash: string;
  plan: PlanName;
  isAdmin: boolean;
  parentUser: string | null;
  workspacesEnabled: boolean;
  seats: number;
  apiAccess: boolean | null;
  mcpAccess: boolean | null;
}

export type UserChanges = Partial<Omit<NewUser, 'email'>>;

/** The admin list's filter: a text found in the email or display name, a plan. */
export interface UserSearch {
  text?: string;
  plan?: PlanName;
}

/**
 * How long the API-key guard may reuse a user read in this instance. Changes made through this
 * instance apply at once; those made through another instance within this time (docs/deployment.md).
 */
export const SUMMARY_CACHE_MS = 5_000;

/** Only the fields request handling reads (the guard's hot path skips the rest). */
const WITHOUT_PASSWORD = { passwordHash: 0 } as const;

@Injectable()
export class UsersRepository extends Repository<UserRecord> {
  /** The guards' read of the key's owner (and a workspace's managed user), on every request. */
  private readonly byId: CachedReads<UserRecord>;

  constructor(@InjectModel(User.name) model: Model<User>, @Inject(DATABASE_INFO) database: DatabaseInfo) {
    super(model, database);
    this.byId = this.cache<UserRecord>({ consistency: { withinMs: SUMMARY_CACHE_MS }, max: 10_000 });
  }

  create(input: NewUser): Promise<UserRecord> {
    return this.insertOne({
      email: input.email,
      displayName: input.displayName ?? null,
      passwordHash: input.passwordHash,
      plan: input.plan,
      isAdmin: input.isAdmin,
      parentUser: input.parentUser ? this.oid(input.parentUser) : null,
      permissions: { workspacesEnabled: input.workspacesEnabled },
      seats: input.seats,
      entitlementOverrides: { apiAccess: input.apiAccess, mcpAccess: input.mcpAccess },
    });
  }

  /** Without the password hash; null for a malformed or unknown id. */
  findById(userId: string): Promise<UserRecord | null> {
    const _id = this.parseId(userId);
    return _id ? this.findOne({ _id }, { projection: WITHOUT_PASSWORD }) : Promise.resolve(null);
  }

  /** findById through a short per-instance cache (the API-key guard's hot path; see SUMMARY_CACHE_MS). */
  findByIdCached(userId: string): Promise<UserRecord | null> {
    return this.byId.read(userId, () => this.findById(userId));
  }

  /** With the password hash: only for sign-in. */
  findByEmailWithPassword(email: string): Promise<UserRecord | null> {
    return this.findOne({ email: String(email) });
  }

  /** With the password hash: only for checking the current password. */
  findByIdWithPassword(userId: string): Promise<UserRecord | null> {
    const _id = this.parseId(userId);
    return _id ? this.findOne({ _id }) : Promise.resolve(null);
  }

  setEmail(userId: string, email: string): Promise<UserRecord | null> {
    return this.findOneAndUpdate({ _id: this.oid(userId) }, { $set: { email } }, { returnDocument: 'after', projection: WITHOUT_PASSWORD });
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.findOne({ email: String(email) }, { projection: WITHOUT_PASSWORD });
  }

  listManaged(ownerId: string): Promise<UserRecord[]> {
    return this.find({ parentUser: this.oid(ownerId) }, { projection: WITHOUT_PASSWORD, sort: { createdAt: 1, _id: 1 } });
  }

  countAll(): Promise<number> {
    return this.count({});
  }

  /** A page of all users matching `filter` (see UsersService.page), oldest first, and their count. */
  async page(filter: UserSearch, skip: number, limit: number): Promise<{ items: UserRecord[]; total: number }> {
    const query: Filter = {};
    if (filter.text) {
      // A literal substring, case-insensitive: the person's text is escaped, never a pattern.
      const pattern = new RegExp(filter.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
      query.$or = [{ email: pattern }, { displayName: pattern }];
    }
    if (filter.plan) query.plan = filter.plan;
    const [items, total] = await Promise.all([
      this.find({ ...query }, { projection: WITHOUT_PASSWORD, sort: { createdAt: 1, _id: 1 }, skip, limit }),
      this.count(query),
    ]);
    return { items, total };
  }

  update(userId: string, changes: UserChanges): Promise<UserRecord | null> {
    const set: Record<string, unknown> = {};
    if (changes.passwordHash !== undefined) set.passwordHash = changes.passwordHash;
    if (changes.plan !== undefined) set.plan = changes.plan;
    if (changes.isAdmin !== undefined) set.isAdmin = changes.isAdmin;
    if (changes.parentUser !== undefined) set.parentUser = changes.parentUser ? this.oid(changes.parentUser) : null;
    if (changes.workspacesEnabled !== undefined) set['permissions.workspacesEnabled'] = changes.workspacesEnabled;
    if (changes.seats !== undefined) set.seats = changes.seats;
    if (changes.apiAccess !== undefined) set['entitlementOverrides.apiAccess'] = changes.apiAccess;
    if (changes.mcpAccess !== undefined) set['entitlementOverrides.mcpAccess'] = changes.mcpAccess;
    return this.findOneAndUpdate({ _id: this.oid(userId) }, { $set: set }, { returnDocument: 'after', projection: WITHOUT_PASSWORD });
  }
}
