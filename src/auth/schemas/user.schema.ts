import { Prop, raw, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';
import { PLAN_NAMES, type PlanName } from '../../limits/plans';

/** A dashboard account. `email` is stored lower-cased and trimmed, so uniqueness is case-insensitive. */
@Schema({ collection: 'users', timestamps: true })
export class User {
  @Prop({ type: String, required: true, unique: true })
  email: string;

  /** The name shown for a managed (workspace) user; null: the email. */
  @Prop({ type: String, default: null })
  displayName: string | null;

  /** scrypt hash (`scrypt$N$r$p$salt$hash`); never the password. */
  @Prop({ type: String, required: true })
  passwordHash: string;

  @Prop({ type: String, required: true, enum: PLAN_NAMES, default: 'starter' })
  plan: PlanName;

  @Prop({ type: Boolean, default: false })
  isAdmin: boolean;

  /** The owner that manages this user (workspace mode), or null. */
  @Prop({ type: MongooseSchema.Types.ObjectId, default: null, index: true })
  parentUser: Types.ObjectId | null;

  @Prop(raw({ workspacesEnabled: { type: Boolean, default: false } }))
  permissions: { workspacesEnabled: boolean };

  /** Paid plans' connection allowance (subscription seats). */
  @Prop({ type: Number, default: 1, min: 0 })
  seats: number;

  /** null = the plan's value. */
  @Prop(raw({ apiAccess: { type: Boolean, default: null }, mcpAccess: { type: Boolean, default: null } }))
  entitlementOverrides: { apiAccess: boolean | null; mcpAccess: boolean | null };

  createdAt: Date;
  updatedAt: Date;
}

export const UserSchema = SchemaFactory.createForClass(User);

/** Plain object returned by the repository (`.lean()`). */
export type UserRecord = User & { _id: Types.ObjectId };
