import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '../database/mongo-errors';
import { Repository } from '../database/repository';
import { LimitEmail } from './schemas/limit-email.schema';

export type LimitEmailRecord = Omit<LimitEmail, 'ownerId' | 'updatedAt'> & { id: string; ownerId: string };

export type NewLimitEmail = Pick<LimitEmailRecord, 'period' | 'code' | 'to' | 'from' | 'subject' | 'text'>;

type StoredLimitEmail = Omit<LimitEmail, 'ownerId'> & { _id: Types.ObjectId; ownerId: Types.ObjectId };

const toRecord = (d: StoredLimitEmail): LimitEmailRecord => ({
  id: String(d._id),
  ownerId: String(d.ownerId),
  period: d.period,
  code: d.code,
  to: d.to,
  from: d.from,
  subject: d.subject,
  text: d.text,
  status: d.status,
  failure: d.failure ?? null,
  sentAt: d.sentAt ?? null,
  createdAt: d.createdAt,
});

/** Limit-reached e-mails, scoped by the billing owner. */
@Injectable()
export class LimitEmailsRepository extends Repository<StoredLimitEmail> {
  constructor(@InjectModel(LimitEmail.name) model: Model<LimitEmail>) {
    super(model);
  }

  /**
   * Claims the month's e-mail for `ownerId`: the unique index makes exactly one insert win.
   * Null when this owner already had one this period.
   */
  async claim(ownerId: string, email: NewLimitEmail): Promise<LimitEmailRecord | null> {
    try {
      return toRecord(await this.insertOne({ ...email, ownerId: this.oid(ownerId), status: 'pending' }));
    } catch (err) {
      if (isDuplicateKeyError(err)) return null;
      throw err;
    }
  }

  async setStatus(ownerId: string, id: string, status: 'sent' | 'stored' | 'failed', failure: string | null = null): Promise<void> {
    await this.updateOne({ _id: this.oid(id), ownerId: this.oid(ownerId) }, { $set: { status, failure, sentAt: status === 'sent' ? new Date() : null } });
  }

  async listForOwner(ownerId: string): Promise<LimitEmailRecord[]> {
    return (await this.find({ ownerId: this.oid(ownerId) }, { sort: { createdAt: 1 } })).map(toRecord);
  }
}
