import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { PendingConnection } from './schemas/pending-connection.schema';

/** A selection as the service sees it: the schema's fields, its ids as strings. */
export type PendingConnectionRecord = Omit<PendingConnection, '_id' | 'userId' | 'createdAt'> & { id: string; userId: string };

const toRecord = (doc: PendingConnection): PendingConnectionRecord => ({
  id: doc._id,
  userId: String(doc.userId),
  platform: doc.platform,
  accounts: doc.accounts,
  expiresAt: doc.expiresAt,
});

/** Selections waiting for the person; every query carries the user it belongs to. */
@Injectable()
export class PendingConnectionsRepository {
  constructor(@InjectModel(PendingConnection.name) private readonly model: Model<PendingConnection>) {}

  async create(record: PendingConnectionRecord): Promise<void> {
    await this.model.create({
      _id: record.id,
      userId: new Types.ObjectId(record.userId),
      platform: record.platform,
      accounts: record.accounts,
      expiresAt: record.expiresAt,
    });
  }

  async find(userId: string, id: string, now: Date): Promise<PendingConnectionRecord | null> {
    const doc = await this.model
      .findOne({ _id: id, userId: new Types.ObjectId(userId), expiresAt: { $gt: now } })
      .lean<PendingConnection>()
      .exec();
    return doc ? toRecord(doc) : null;
  }

  /** Removes it for good; true only for the one caller that removed it (completion happens once). */
  async take(userId: string, id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id, userId: new Types.ObjectId(userId) }).exec();
    return result.deletedCount === 1;
  }
}
