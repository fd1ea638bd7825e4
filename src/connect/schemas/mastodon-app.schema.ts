import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** This service's OAuth client on one Mastodon instance (registered once, kept). */
@Schema({ collection: 'mastodon_apps', timestamps: true })
export class MastodonApp {
  /** Origin, e.g. `https://mastodon.social`. */
  @Prop({ type: String, required: true })
  instanceUrl: string;

  @Prop({ type: String, required: true })
  redirectUri: string;

  @Prop({ type: String, required: true })
  clientId: string;

  @Prop({ type: String, required: true })
  clientSecretEncrypted: string;
}

export const MastodonAppSchema = SchemaFactory.createForClass(MastodonApp);
MastodonAppSchema.index({ instanceUrl: 1, redirectUri: 1 }, { unique: true });
