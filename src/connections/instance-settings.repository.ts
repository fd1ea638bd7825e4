import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import { InstanceSetting } from './schemas/instance-setting.schema';

@Injectable()
export class InstanceSettingsRepository extends Repository<InstanceSetting> {
  constructor(@InjectModel(InstanceSetting.name) model: Model<InstanceSetting>) {
    super(model);
  }

  /** The setting's value, stored as `value` by the first instance that asked (whatever later ones pass). */
  async valueOnce(id: string, value: string): Promise<string | null> {
    await this.updateOne({ _id: id }, { $setOnInsert: { value } }, { upsert: true });
    return (await this.findOne({ _id: id }))?.value ?? null;
  }
}
