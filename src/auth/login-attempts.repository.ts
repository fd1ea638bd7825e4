import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { LoginAttemptState } from './login-throttle';
import { LoginAttempt } from './schemas/login-attempt.schema';

@Injectable()
export class LoginAttemptsRepository {
  constructor(@InjectModel(LoginAttempt.name) private readonly model: Model<LoginAttempt>) {}

  find(key: string): Promise<LoginAttemptState | null> {
    return this.model.findOne({ key }, { failures: 1, lastFailureAt: 1, lockedUntil: 1 }).lean<LoginAttemptState>().exec();
  }

  /**
   * Counts one failure atomically and returns the state before it, so concurrent failures on
   * several instances are each counted once.
   */
  incrementFailures(key: string, now: Date, expiresAt: Date): Promise<LoginAttemptState | null> {
    return this.model
      .findOneAndUpdate(
        { key },
        { $inc: { failures: 1 }, $set: { lastFailureAt: now, expiresAt }, $setOnInsert: { lockedUntil: null } },
        { upsert: true, returnDocument: 'before', projection: { failures: 1, lastFailureAt: 1, lockedUntil: 1 } },
      )
      .lean<LoginAttemptState>()
      .exec();
  }

  async save(key: string, state: LoginAttemptState, expiresAt: Date): Promise<void> {
    await this.model.updateOne({ key }, { $set: { ...state, expiresAt } }, { upsert: true }).exec();
  }

  async clear(key: string): Promise<void> {
    await this.model.deleteOne({ key }).exec();
  }
}
