import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import { WEEKDAYS, type Weekday } from '../slot-schedule';

@Schema({ _id: false, versionKey: false })
export class QueueSlot {
  @Prop({ type: String, required: true, enum: WEEKDAYS })
  weekday: Weekday;

  /** `HH:mm`, local to the schedule's zone. */
  @Prop({ type: String, required: true })
  time: string;
}

/** When one connection posts from its queue (docs/queue.md). One per connection. */
@Schema({ collection: 'queue_schedules', timestamps: true })
export class QueueSchedule {
  @Prop({ type: Types.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: Types.ObjectId, required: true })
  connectionId: Types.ObjectId;

  /** Absent: the schedule follows the account's default zone (queue_defaults). */
  @Prop({ type: String })
  timeZone?: string;

  @Prop({ type: [SchemaFactory.createForClass(QueueSlot)], default: [] })
  slots: QueueSlot[];

  @Prop({ type: Boolean, default: false })
  paused: boolean;

  createdAt: Date;
  updatedAt: Date;
}

export const QueueScheduleSchema = SchemaFactory.createForClass(QueueSchedule);
QueueScheduleSchema.index({ userId: 1, connectionId: 1 }, { unique: true });
