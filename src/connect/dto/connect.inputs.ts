import { Field, InputType } from '@nestjs/graphql';

@InputType('StartConnectionInput')
export class StartConnectionInput {
  @Field() platform: string;
  @Field(() => String, { nullable: true, description: 'Required for Mastodon: the instance, e.g. https://mastodon.social' }) instanceUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'Same-origin path to return to (default /connections)' }) returnTo?: string | null;
}

@InputType('ConnectCredentialsInput')
export class ConnectCredentialsInput {
  @Field() platform: string;
  @Field(() => String, { nullable: true, description: 'Bluesky handle or e-mail' }) identifier?: string | null;
  @Field({ description: 'Bluesky app password or Telegram bot token (never stored in clear, never returned)' }) secret: string;
  @Field(() => String, { nullable: true, description: 'Telegram channel or group: @name or numeric id' }) chatId?: string | null;
  @Field(() => String, { nullable: true, description: 'Bluesky service (PDS) URL, default https://bsky.social' }) serviceUrl?: string | null;
}
