import { Injectable } from '@nestjs/common';
import { isObjectIdString } from '../database/object-id';
import { MembershipsRepository } from './memberships.repository';
import type { UserSummary } from './request-context';
import type { MembershipRecord } from './schemas/membership.schema';
import type { MemberRole } from './team-roles';
import { UsersService } from './users.service';

/** A person's membership as the teams module and the dashboard see it. */
export interface MembershipView {
  accountId: string;
  userId: string;
  role: MemberRole;
  invitedBy: string | null;
  createdAt: Date;
}

const view = (m: MembershipRecord): MembershipView => ({
  accountId: String(m.accountId),
  userId: String(m.userId),
  role: m.role,
  invitedBy: m.invitedBy ? String(m.invitedBy) : null,
  createdAt: m.createdAt,
});

/**
 * Team memberships: who may act in whose account, with which role. Read on every request of a
 * session switched to a team account, so removing a member or changing a role applies at once.
 */
@Injectable()
export class MembershipsService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly users: UsersService,
  ) {}

  /** The account `person` may act in as a member, with their role; null when they are not (or no longer) one. */
  async accountFor(person: UserSummary, accountId: string): Promise<{ account: UserSummary; role: MemberRole } | null> {
    if (!isObjectIdString(accountId) || accountId === person.id) return null;
    const membership = await this.memberships.findFor(accountId, person.id);
    if (!membership) return null;
    const account = await this.users.findSummary(accountId);
    return account ? { account, role: membership.role } : null;
  }

  async find(accountId: string, userId: string): Promise<MembershipView | null> {
    if (!isObjectIdString(accountId) || !isObjectIdString(userId)) return null;
    const m = await this.memberships.findFor(accountId, userId);
    return m ? view(m) : null;
  }

  async ofAccount(accountId: string): Promise<MembershipView[]> {
    return (await this.memberships.ofAccount(accountId)).map(view);
  }

  async ofUser(userId: string): Promise<MembershipView[]> {
    return (await this.memberships.ofUser(userId)).map(view);
  }

  async add(accountId: string, userId: string, role: MemberRole, invitedBy: string | null): Promise<MembershipView> {
    return view(await this.memberships.add(accountId, userId, role, invitedBy));
  }

  async setRole(accountId: string, userId: string, role: MemberRole): Promise<MembershipView | null> {
    if (!isObjectIdString(userId)) return null;
    const m = await this.memberships.setRole(accountId, userId, role);
    return m ? view(m) : null;
  }

  remove(accountId: string, userId: string): Promise<boolean> {
    if (!isObjectIdString(userId)) return Promise.resolve(false);
    return this.memberships.remove(accountId, userId);
  }
}
