import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ConnectState } from './schemas/connect-state.schema';

export type ConnectStateRecord = Omit<ConnectState, 'stateHash' | 'userId' | 'createdAt'> & { userId: string };

export type NewConnectState = ConnectStateRecord & { stateHash: string };

/** Started authorisations. `take` deletes while it reads: a state can be used once only. */
@Injectable()
export class ConnectStatesRepository {
  constructor(@InjectModel(ConnectState.name) private readonly model: Model<ConnectState>) {}

  async create(state: NewConnectState): Promise<void> {
    await this.model.create({ ...state, userId: new Types.ObjectId(state.userId) });
  }

  async take(stateHash: string): Promise<ConnectStateRecord | null> {
    const doc = await this.model.findOneAndDelete({ stateHash }).lean<ConnectState>().exec();
    if (!doc) return null;
    return {
      userId: String(doc.userId),
      platform: doc.platform,
      browserHash: doc.browserHash,
      codeVerifierEncrypted: doc.codeVerifierEncrypted,
      returnTo: doc.returnTo,
      instanceUrl: doc.instanceUrl ?? null,
      expiresAt: doc.expiresAt,
    };
  }
}
