import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository, type Filter } from '../database/repository';
import { AuditEntry, type AuditEntryRecord } from './schemas/audit-entry.schema';

export interface AuditQuery {
  action?: string;
  actorType?: string;
  from?: Date;
  to?: Date;
}

@Injectable()
export class AuditEntriesRepository extends Repository<AuditEntryRecord> {
  constructor(@InjectModel(AuditEntry.name) model: Model<AuditEntry>) {
    super(model);
  }

  async add(entry: Omit<AuditEntry, 'accountId'> & { accountId: string }): Promise<void> {
    await this.insertOne({ ...entry, accountId: this.oid(entry.accountId) });
  }

  private filterOf(accountId: string, q: AuditQuery): Filter {
    const at = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lte: q.to } : {}) };
    return {
      accountId: this.oid(accountId),
      ...(q.action ? { action: q.action } : {}),
      ...(q.actorType ? { 'actor.type': q.actorType } : {}),
      ...(q.from || q.to ? { at } : {}),
    };
  }

  page(accountId: string, q: AuditQuery, skip: number, limit: number): Promise<AuditEntryRecord[]> {
    return this.find(this.filterOf(accountId, q), { sort: { at: -1, _id: -1 }, skip, limit });
  }

  total(accountId: string, q: AuditQuery): Promise<number> {
    return this.count(this.filterOf(accountId, q));
  }

  deleteBefore(before: Date): Promise<number> {
    return this.deleteMany({ at: { $lt: before } });
  }
}
