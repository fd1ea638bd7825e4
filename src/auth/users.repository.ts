import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
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

/** Only the fields request handling reads (the guard's hot path skips the rest). */
const SUMMARY_FIELDS = { passwordHash: 0 } as const;

@Injectable()
export class UsersRepository {
  constructor(@InjectModel(User.name) private readonly model: Model<User>) {}

  async create(input: NewUser): Promise<UserRecord> {
    const doc = await this.model.create({
      email: input.email,
      displayName: input.displayName ?? null,
      passwordHash: input.passwordHash,
      plan: input.plan,
      isAdmin: input.isAdmin,
      parentUser: input.parentUser ? new Types.ObjectId(input.parentUser) : null,
      permissions: { workspacesEnabled: input.workspacesEnabled },
      seats: input.seats,
      entitlementOverrides: { apiAccess: input.apiAccess, mcpAccess: input.mcpAccess },
    });
    return doc.toObject() as UserRecord;
  }

  /** Without the password hash. */
  findById(userId: string): Promise<UserRecord | null> {
    return this.model.findById(userId, SUMMARY_FIELDS).lean<UserRecord>().exec();
  }

  /** With the password hash: only for sign-in. */
  findByEmailWithPassword(email: string): Promise<UserRecord | null> {
    return this.model.findOne({ email }).lean<UserRecord>().exec();
  }

  /** With the password hash: only for checking the current password. */
  findByIdWithPassword(userId: string): Promise<UserRecord | null> {
    return this.model.findById(userId).lean<UserRecord>().exec();
  }

  async setEmail(userId: string, email: string): Promise<UserRecord | null> {
    return this.model.findByIdAndUpdate(userId, { $set: { email } }, { returnDocument: 'after', projection: SUMMARY_FIELDS }).lean<UserRecord>().exec();
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.model.findOne({ email }, SUMMARY_FIELDS).lean<UserRecord>().exec();
  }

  listManaged(ownerId: string): Promise<UserRecord[]> {
    return this.model
      .find({ parentUser: new Types.ObjectId(ownerId) }, SUMMARY_FIELDS)
      .sort({ createdAt: 1, _id: 1 })
      .lean<UserRecord[]>()
      .exec();
  }

  count(): Promise<number> {
    return this.model.countDocuments({}).exec();
  }

  /** A page of all users matching `filter` (see UsersService.page), oldest first, and their count. */
  async page(filter: UserSearch, skip: number, limit: number): Promise<{ items: UserRecord[]; total: number }> {
    const query: Record<string, unknown> = {};
    if (filter.text) {
      // A literal substring, case-insensitive: the person's text is escaped, never a pattern.
      const pattern = new RegExp(filter.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
      query.$or = [{ email: pattern }, { displayName: pattern }];
    }
    if (filter.plan) query.plan = filter.plan;
    const [items, total] = await Promise.all([
      this.model.find(query, SUMMARY_FIELDS).sort({ createdAt: 1, _id: 1 }).skip(skip).limit(limit).lean<UserRecord[]>().exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  async update(userId: string, changes: UserChanges): Promise<UserRecord | null> {
    const set: Record<string, unknown> = {};
    if (changes.passwordHash !== undefined) set.passwordHash = changes.passwordHash;
    if (changes.plan !== undefined) set.plan = changes.plan;
    if (changes.isAdmin !== undefined) set.isAdmin = changes.isAdmin;
    if (changes.parentUser !== undefined) {
      set.parentUser = changes.parentUser ? new Types.ObjectId(changes.parentUser) : null;
    }
    if (changes.workspacesEnabled !== undefined) set['permissions.workspacesEnabled'] = changes.workspacesEnabled;
    if (changes.seats !== undefined) set.seats = changes.seats;
    if (changes.apiAccess !== undefined) set['entitlementOverrides.apiAccess'] = changes.apiAccess;
    if (changes.mcpAccess !== undefined) set['entitlementOverrides.mcpAccess'] = changes.mcpAccess;
    return this.model.findByIdAndUpdate(userId, { $set: set }, { returnDocument: 'after', projection: SUMMARY_FIELDS }).lean<UserRecord>().exec();
  }
}
