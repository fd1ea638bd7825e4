import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import { TeamSettings, type TeamSettingsRecord } from './schemas/team-settings.schema';

@Injectable()
export class TeamSettingsRepository extends Repository<TeamSettingsRecord> {
  constructor(@InjectModel(TeamSettings.name) model: Model<TeamSettings>) {
    super(model);
  }

  async requireApproval(accountId: string): Promise<boolean> {
    return (await this.findOne({ accountId: this.oid(accountId) }))?.requireApproval ?? false;
  }

  async setRequireApproval(accountId: string, requireApproval: boolean): Promise<void> {
    await this.updateOne({ accountId: this.oid(accountId) }, { $set: { requireApproval } }, { upsert: true });
  }
}
