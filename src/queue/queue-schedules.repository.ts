import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import type { SlotSchedule } from './slot-schedule';

/** A schedule as stored: without `timeZone` it follows the account's default zone. */
export type StoredSchedule = Omit<SlotSchedule, 'timeZone'> & { timeZone?: string };
import { QueueSchedule } from './schemas/queue-schedule.schema';

/** The only code touching queue_schedules; every query carries the owning userId. */
@Injectable()
export class QueueSchedulesRepository extends Repository<QueueSchedule> {
  constructor(@InjectModel(QueueSchedule.name) model: Model<QueueSchedule>) {
    super(model);
  }

  /** The stored schedules of these connections, by connection id (absent: none stored). */
  async findFor(userId: string, connectionIds: string[]): Promise<Map<string, StoredSchedule>> {
    const rows = await this.find({ userId: this.oid(userId), connectionId: { $in: connectionIds.map((id) => this.oid(id)) } });
    return new Map(
      rows.map((r) => [
        String(r.connectionId),
        { ...(r.timeZone ? { timeZone: r.timeZone } : {}), slots: r.slots.map(({ weekday, time }) => ({ weekday, time })), paused: r.paused },
      ]),
    );
  }

  /** The connections of the user whose schedules follow the account's default zone. */
  async followingDefaultZone(userId: string): Promise<string[]> {
    const rows = await this.find({ userId: this.oid(userId), timeZone: { $exists: false } }, { projection: { connectionId: 1 } });
    return rows.map((r) => String(r.connectionId));
  }

  async replace(userId: string, connectionId: string, schedule: StoredSchedule): Promise<void> {
    await this.updateOne(
      { userId: this.oid(userId), connectionId: this.oid(connectionId) },
      {
        $set: { slots: schedule.slots, paused: schedule.paused, ...(schedule.timeZone ? { timeZone: schedule.timeZone } : {}) },
        ...(schedule.timeZone ? {} : { $unset: { timeZone: 1 } }),
      },
      { upsert: true },
    );
  }
}
