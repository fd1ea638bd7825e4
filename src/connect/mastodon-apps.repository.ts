import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKeyError } from '../database/mongo-errors';
import { Repository } from '../database/repository';
import { MastodonApp } from './schemas/mastodon-app.schema';

export type MastodonAppRecord = Pick<MastodonApp, 'instanceUrl' | 'clientId' | 'clientSecretEncrypted'>;

/** Registered Mastodon clients, one per (instance, redirect URI); shared by every user. */
@Injectable()
export class MastodonAppsRepository extends Repository<MastodonApp> {
  constructor(@InjectModel(MastodonApp.name) model: Model<MastodonApp>) {
    super(model);
  }

  findApp(instanceUrl: string, redirectUri: string): Promise<MastodonAppRecord | null> {
    return this.findOne<MastodonAppRecord>({ instanceUrl, redirectUri }, { projection: { _id: 0, instanceUrl: 1, clientId: 1, clientSecretEncrypted: 1 } });
  }

  /** Forgets a client the instance no longer knows (the next start registers again). */
  async forget(instanceUrl: string, redirectUri: string, clientId: string): Promise<void> {
    await this.deleteOne({ instanceUrl, redirectUri, clientId });
  }

  /** Keeps the first client stored for the instance; returns whichever is stored. */
  async insertOnce(instanceUrl: string, redirectUri: string, clientId: string, clientSecretEncrypted: string): Promise<MastodonAppRecord> {
    try {
      await this.updateOne({ instanceUrl, redirectUri }, { $setOnInsert: { instanceUrl, redirectUri, clientId, clientSecretEncrypted } }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    return (await this.findApp(instanceUrl, redirectUri))!;
  }
}
