import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import { Membership, type MembershipRecord } from './schemas/membership.schema';
import type { MemberRole } from './team-roles';

@Injectable()
export class MembershipsRepository extends Repository<MembershipRecord> {
  constructor(@InjectModel(Membership.name) model: Model<Membership>) {
    super(model);
  }

  findFor(accountId: string, userId: string): Promise<MembershipRecord | null> {
    return this.findOne({ accountId: this.oid(accountId), userId: this.oid(userId) });
  }

  ofAccount(accountId: string): Promise<MembershipRecord[]> {
    return this.find({ accountId: this.oid(accountId) }, { sort: { createdAt: 1, _id: 1 } });
  }

  ofUser(userId: string): Promise<MembershipRecord[]> {
    return this.find({ userId: this.oid(userId) }, { sort: { createdAt: 1, _id: 1 } });
  }

  /** Adds the person with `role`; an existing membership keeps its role (accepting twice changes nothing). */
  async add(accountId: string, userId: string, role: MemberRole, invitedBy: string | null): Promise<MembershipRecord> {
    return (await this.findOneAndUpdate(
      { accountId: this.oid(accountId), userId: this.oid(userId) },
      { $setOnInsert: { role, invitedBy: invitedBy ? this.oid(invitedBy) : null } },
      { upsert: true, returnDocument: 'after' },
    ))!;
  }

  async setRole(accountId: string, userId: string, role: MemberRole): Promise<MembershipRecord | null> {
    return this.findOneAndUpdate({ accountId: this.oid(accountId), userId: this.oid(userId) }, { $set: { role } }, { returnDocument: 'after' });
  }

  async remove(accountId: string, userId: string): Promise<boolean> {
    return (await this.deleteOne({ accountId: this.oid(accountId), userId: this.oid(userId) })) === 1;
  }
}
