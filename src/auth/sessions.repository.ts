import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Session, type SessionRecord } from './schemas/session.schema';

@Injectable()
export class SessionsRepository {
  constructor(@InjectModel(Session.name) private readonly model: Model<Session>) {}

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.model.create({ userId: new Types.ObjectId(userId), tokenHash, expiresAt });
  }

  /** A live session (the TTL monitor is lazy, so expiry is checked here too). */
  findLive(tokenHash: string, now: Date): Promise<SessionRecord | null> {
    return this.model.findOne({ tokenHash, expiresAt: { $gt: now } }).lean<SessionRecord>().exec();
  }

  /** Sliding expiry, written only when it moves by more than `minStep` (not on every request). */
  async extend(id: Types.ObjectId, expiresAt: Date, minStepBefore: Date): Promise<void> {
    await this.model.updateOne({ _id: id, expiresAt: { $lt: minStepBefore } }, { $set: { expiresAt } }).exec();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.model.deleteOne({ tokenHash }).exec();
  }
}
