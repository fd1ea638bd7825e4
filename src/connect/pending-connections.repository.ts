import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
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
export class PendingConnectionsRepository extends Repository<PendingConnection> {
  constructor(@InjectModel(PendingConnection.name) model: Model<PendingConnection>) {
    super(model);
  }

  async create(record: PendingConnectionRecord): Promise<void> {
    await this.insertOne({
      _id: record.id,
      userId: this.oid(record.userId),
      platform: record.platform,
      accounts: record.accounts,
      expiresAt: record.expiresAt,
    });
  }

  async findLive(userId: string, id: string, now: Date): Promise<PendingConnectionRecord | null> {
    const doc = await this.findOne({ _id: String(id), userId: this.oid(userId), expiresAt: { $gt: now } });
    return doc ? toRecord(doc) : null;
  }

  /** Removes it for good; true only for the one caller that removed it (completion happens once). */
  async take(userId: string, id: string): Promise<boolean> {
    return (await this.deleteOne({ _id: String(id), userId: this.oid(userId) })) === 1;
  }
}
