import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { MastodonApp } from './schemas/mastodon-app.schema';

export type MastodonAppRecord = Pick<MastodonApp, 'instanceUrl' | 'clientId' | 'clientSecretEncrypted'>;

/** Registered Mastodon clients, one per (instance, redirect URI); shared by every user. */
@Injectable()
export class MastodonAppsRepository {
  constructor(@InjectModel(MastodonApp.name) private readonly model: Model<MastodonApp>) {}

  async find(instanceUrl: string, redirectUri: string): Promise<MastodonAppRecord | null> {
    return this.model.findOne({ instanceUrl, redirectUri }, { _id: 0, instanceUrl: 1, clientId: 1, clientSecretEncrypted: 1 }).lean<MastodonAppRecord>().exec();
  }

  /** Forgets a client the instance no longer knows (the next start registers again). */
  async forget(instanceUrl: string, redirectUri: string, clientId: string): Promise<void> {
    await this.model.deleteOne({ instanceUrl, redirectUri, clientId }).exec();
  }

  /** Keeps the first client stored for the instance; returns whichever is stored. */
  async insertOnce(instanceUrl: string, redirectUri: string, clientId: string, clientSecretEncrypted: string): Promise<MastodonAppRecord> {
    try {
      await this.model.updateOne(
        { instanceUrl, redirectUri },
        { $setOnInsert: { instanceUrl, redirectUri, clientId, clientSecretEncrypted } },
        { upsert: true },
      );
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    return (await this.find(instanceUrl, redirectUri))!;
  }
}
