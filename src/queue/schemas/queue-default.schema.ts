import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/** An account's queue defaults: the zone its connections' schedules use unless they set their own. One per user. */
@Schema({ collection: 'queue_defaults', timestamps: true })
export class QueueDefault {
  @Prop({ type: Types.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: String, required: true })
  timeZone: string;

  createdAt: Date;
  updatedAt: Date;
}

export const QueueDefaultSchema = SchemaFactory.createForClass(QueueDefault);
QueueDefaultSchema.index({ userId: 1 }, { unique: true });
