import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One setting of this deployment, shared by every instance on the database (e.g. the encryption key's check value). */
@Schema({ collection: 'instance_settings', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class InstanceSetting {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true })
  value: string;

  createdAt: Date;
}

export const InstanceSettingSchema = SchemaFactory.createForClass(InstanceSetting);
