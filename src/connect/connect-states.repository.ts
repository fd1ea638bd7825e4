import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
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
export class ConnectStatesRepository extends Repository<ConnectState> {
  constructor(@InjectModel(ConnectState.name) model: Model<ConnectState>) {
    super(model);
  }

  async create(state: NewConnectState): Promise<void> {
    await this.insertOne({ ...state, userId: this.oid(state.userId) });
  }

  /**
   * Spends the state: `used: false` (with its verifier) for the one caller that spent it; a state
   * already spent comes back `used: true` (no verifier), so a replay still knows where it came
   * from; null for a state never issued (or long gone).
   */
  async take(stateHash: string, now: Date): Promise<{ record: ConnectStateRecord; used: boolean } | null> {
    const hash = String(stateHash);
    const fresh = await this.findOneAndUpdate<ConnectState>(
      { stateHash: hash, usedAt: null },
      { $set: { usedAt: now, codeVerifierEncrypted: null } },
      { returnDocument: 'before' },
    );
    if (fresh) return { record: toRecord(fresh), used: false };
    const spent = await this.findOne({ stateHash: hash });
    return spent ? { record: toRecord(spent), used: true } : null;
  }
}
