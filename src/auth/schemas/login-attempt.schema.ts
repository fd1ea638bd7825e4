import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Failed-login state per (email, IP), shared by all instances. */
@Schema({ collection: 'login_attempts' })
export class LoginAttempt {
  /** SHA-256 of `<lower-cased email>|<ip>` (no address or e-mail stored in clear). */
  @Prop({ type: String, required: true, unique: true })
  key: string;

  @Prop({ type: Number, required: true, default: 0 })
  failures: number;

  @Prop({ type: Date, required: true })
  lastFailureAt: Date;

  @Prop({ type: Date, default: null })
  lockedUntil: Date | null;

  /** TTL index: the record disappears once neither the window nor a lock needs it. */
  @Prop({ type: Date, required: true, expires: 0 })
  expiresAt: Date;
}

export const LoginAttemptSchema = SchemaFactory.createForClass(LoginAttempt);
