import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ConnectState } from './schemas/connect-state.schema';

export type ConnectStateRecord = Omit<ConnectState, 'stateHash' | 'userId' | 'createdAt' | 'usedAt'> & { userId: string };

export type NewConnectState = Omit<ConnectStateRecord, 'codeVerifierEncrypted'> & { stateHash: string; codeVerifierEncrypted: string };

const toRecord = (doc: ConnectState): ConnectStateRecord => ({
  userId: String(doc.userId),
  platform: doc.platform,
  browserHash: doc.browserHash,
  codeVerifierEncrypted: doc.codeVerifierEncrypted ?? null,
  returnTo: doc.returnTo,
  instanceUrl: doc.instanceUrl ?? null,
  expiresAt: doc.expiresAt,
});

/** Started authorisations. `take` spends a state atomically: it can be used once only. */
@Injectable()
export class ConnectStatesRepository {
  constructor(@InjectModel(ConnectState.name) private readonly model: Model<ConnectState>) {}

  async create(state: NewConnectState): Promise<void> {
    await this.model.create({ ...state, userId: new Types.ObjectId(state.userId) });
  }

  /**
   * Spends the state: `used: false` (with its verifier) for the one caller that spent it; a state
   * already spent comes back `used: true` (no verifier), so a replay still knows where it came
   * from; null for a state never issued (or long gone).
   */
  async take(stateHash: string, now: Date): Promise<{ record: ConnectStateRecord; used: boolean } | null> {
    const fresh = await this.model
      .findOneAndUpdate({ stateHash: String(stateHash), usedAt: null }, { $set: { usedAt: now, codeVerifierEncrypted: null } }, { returnDocument: 'before' })
      .lean<ConnectState>()
      .exec();
    if (fresh) return { record: toRecord(fresh), used: false };
    const spent = await this.model
      .findOne({ stateHash: String(stateHash) })
      .lean<ConnectState>()
      .exec();
    return spent ? { record: toRecord(spent), used: true } : null;
  }
}
