import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

@Schema({ collection: 'api_keys', timestamps: { createdAt: true, updatedAt: false } })
export class ApiKey {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, index: true })
  userId: Types.ObjectId;

  @Prop({ type: String, required: true })
  name: string;

  /** Public part before the dot (`legacy` for keys without a dot). */
  @Prop({ type: String, required: true, index: true })
  keyPrefix: string;

  /**
   * Unique lookup handle: the key prefix for dotted keys; `legacy:<id>` for legacy keys, which all
   * share the prefix `legacy` and are found through the `keyPrefix` index instead.
   */
  @Prop({ type: String, required: true, unique: true })
  lookupKey: string;

  /** SHA-256 hex of the full key. */
  @Prop({ type: String, required: true })
  keyHash: string;

  @Prop({ type: Date, default: null })
  lastUsedAt: Date | null;

  /** The team member who made it in the dashboard (keys belong to the account); null: the owner, or made otherwise. */
  @Prop({ type: MongooseSchema.Types.ObjectId, default: null })
  createdBy?: Types.ObjectId | null;

  /** Soft delete: set on revocation. */
  @Prop({ type: Date, default: null })
  revokedAt: Date | null;

  createdAt: Date;
}

export const ApiKeySchema = SchemaFactory.createForClass(ApiKey);
export type ApiKeyRecord = ApiKey & { _id: Types.ObjectId };
