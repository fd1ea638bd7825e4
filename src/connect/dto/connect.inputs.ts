import { Field, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';

// `@Allow()` keeps each field through the global whitelisting pipe; ConnectService checks them
// with messages that name the problem.

@InputType('StartConnectionInput')
export class StartConnectionInput {
  @Field() @Allow() platform: string;
  @Field(() => String, {
    nullable: true,
    description: 'Another sign-in than the platform’s own: `facebook` for Instagram business accounts linked to a Facebook Page',
  })
  @Allow()
  via?: string | null;
  @Field(() => String, { nullable: true, description: 'Required for Mastodon: the instance, e.g. https://mastodon.social' }) @Allow() instanceUrl?:
    string | null;
  @Field(() => String, { nullable: true, description: 'Same-origin path to return to (default /connections)' }) @Allow() returnTo?: string | null;
}

@InputType('ConnectCredentialsInput')
export class ConnectCredentialsInput {
  @Field() @Allow() platform: string;
  @Field(() => String, { nullable: true, description: 'Bluesky handle or e-mail' }) @Allow() identifier?: string | null;
  @Field({ description: 'Bluesky app password or Telegram bot token (never stored in clear, never returned)' }) @Allow() secret: string;
  @Field(() => String, { nullable: true, description: 'Telegram channel or group: @name or numeric id' }) @Allow() chatId?: string | null;
  @Field(() => String, { nullable: true, description: 'Bluesky service (PDS) URL, default https://bsky.social' }) @Allow() serviceUrl?: string | null;
}
