import { Field, ID, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';

// `@Allow()` keeps each field through the global whitelisting pipe; ConnectionsService checks the
// rules (platform name, ISO date, user exists) with clear messages.
@InputType()
export class AdminCreateConnectionInput {
  @Field(() => ID) @Allow() userId: string;
  @Field({ description: 'One of the eleven platform names' }) @Allow() platform: string;
  @Field({ description: 'Raw platform id (without the platform prefix)' }) @Allow() externalId: string;
  @Field({ nullable: true }) @Allow() username?: string;
  @Field({ nullable: true }) @Allow() displayName?: string;
  @Field({ nullable: true }) @Allow() profileImageUrl?: string;
  @Field({ nullable: true }) @Allow() profileUrl?: string;
  @Field({ description: 'Stored encrypted; never returned' }) @Allow() accessToken: string;
  @Field({ nullable: true, description: 'Stored encrypted; never returned' }) @Allow() refreshToken?: string;
  @Field({ nullable: true, description: 'ISO 8601; omitted = no expiry' }) @Allow() accessTokenExpiresAt?: string;
  @Field({ nullable: true, description: 'Mastodon instance / Bluesky PDS base URL' }) @Allow() instanceUrl?: string;
  @Field({ nullable: true, description: 'Telegram: bot, channel, ...' }) @Allow() type?: string;
}
