import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/** A dashboard session. Only the SHA-256 of the cookie token is stored. */
@Schema({ collection: 'sessions', timestamps: { createdAt: true, updatedAt: false } })
export class Session {
  @Prop({ type: String, required: true, unique: true })
  tokenHash: string;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, index: true })
  userId: Types.ObjectId;

  /** The account this session acts in when it is another user's (a team membership); absent: the user's own. */
  @Prop({ type: MongooseSchema.Types.ObjectId, default: null })
  accountId?: Types.ObjectId | null;

  /** TTL index: the database removes the session once this passes (reads also check it). */
  @Prop({ type: Date, required: true, expires: 0 })
  expiresAt: Date;

  createdAt: Date;
}

export const SessionSchema = SchemaFactory.createForClass(Session);
export type SessionRecord = Session & { _id: Types.ObjectId };
