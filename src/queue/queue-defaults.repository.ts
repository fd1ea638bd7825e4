import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import { QueueDefault } from './schemas/queue-default.schema';

/** The only code touching queue_defaults; every query carries the owning userId. */
@Injectable()
export class QueueDefaultsRepository extends Repository<QueueDefault> {
  constructor(@InjectModel(QueueDefault.name) model: Model<QueueDefault>) {
    super(model);
  }

  /** The account's default zone, or null when it never set one. */
  async timeZoneOf(userId: string): Promise<string | null> {
    return (await this.findOne({ userId: this.oid(userId) }))?.timeZone ?? null;
  }

  async setTimeZone(userId: string, timeZone: string): Promise<void> {
    await this.updateOne({ userId: this.oid(userId) }, { $set: { timeZone } }, { upsert: true });
  }
}
