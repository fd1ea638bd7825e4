import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import type { SlotSchedule } from './slot-schedule';
import { QueueSchedule } from './schemas/queue-schedule.schema';

/** The only code touching queue_schedules; every query carries the owning userId. */
@Injectable()
export class QueueSchedulesRepository extends Repository<QueueSchedule> {
  constructor(@InjectModel(QueueSchedule.name) model: Model<QueueSchedule>) {
    super(model);
  }

  /** The stored schedules of these connections, by connection id (absent: none stored). */
  async findFor(userId: string, connectionIds: string[]): Promise<Map<string, SlotSchedule>> {
    const rows = await this.find({ userId: this.oid(userId), connectionId: { $in: connectionIds.map((id) => this.oid(id)) } });
    return new Map(
      rows.map((r) => [String(r.connectionId), { timeZone: r.timeZone, slots: r.slots.map(({ weekday, time }) => ({ weekday, time })), paused: r.paused }]),
    );
  }

  async replace(userId: string, connectionId: string, schedule: SlotSchedule): Promise<void> {
    await this.updateOne(
      { userId: this.oid(userId), connectionId: this.oid(connectionId) },
      { $set: { timeZone: schedule.timeZone, slots: schedule.slots, paused: schedule.paused } },
      { upsert: true },
    );
  }
}
