import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { LimitEmail } from './schemas/limit-email.schema';

export type LimitEmailRecord = Omit<LimitEmail, 'ownerId' | 'updatedAt'> & { id: string; ownerId: string };

export type NewLimitEmail = Pick<LimitEmailRecord, 'period' | 'code' | 'to' | 'from' | 'subject' | 'text'>;

type Lean = Omit<LimitEmail, 'ownerId'> & { _id: Types.ObjectId; ownerId: Types.ObjectId };

const toRecord = (d: Lean): LimitEmailRecord => ({
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
export class LimitEmailsRepository {
  constructor(@InjectModel(LimitEmail.name) private readonly model: Model<LimitEmail>) {}

  /**
   * Claims the month's e-mail for `ownerId`: the unique index makes exactly one insert win.
   * Null when this owner already had one this period.
   */
  async claim(ownerId: string, email: NewLimitEmail): Promise<LimitEmailRecord | null> {
    try {
      const doc = await this.model.create({ ...email, ownerId: new Types.ObjectId(ownerId), status: 'pending' });
      return toRecord(doc.toObject() as unknown as Lean);
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return null;
      throw err;
    }
  }

  async setStatus(ownerId: string, id: string, status: 'sent' | 'stored' | 'failed', failure: string | null = null): Promise<void> {
    await this.model.updateOne(
      { _id: new Types.ObjectId(id), ownerId: new Types.ObjectId(ownerId) },
      { $set: { status, failure, sentAt: status === 'sent' ? new Date() : null } },
    );
  }

  async listForOwner(ownerId: string): Promise<LimitEmailRecord[]> {
    const docs = await this.model
      .find({ ownerId: new Types.ObjectId(ownerId) })
      .sort({ createdAt: 1 })
      .lean<Lean[]>();
    return docs.map(toRecord);
  }
}
