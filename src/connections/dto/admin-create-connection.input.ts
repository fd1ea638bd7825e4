import { Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { Allow, IsNotEmpty } from 'class-validator';
import { IsNonBlankString, IsStringWhere, WhenGiven } from '../../common/validation/field-rules';
import { PLATFORM_NAME_PATTERN } from '@app/rules';
import { httpUrlOrNull } from '../../common/http-url';
import { ConnectionMessages } from '../connections.errors';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** An ISO 8601 date-time with a zone, and a real instant. */
const isIsoDateTime = (value: string): boolean => ISO_DATE_TIME.test(value) && !Number.isNaN(new Date(value).getTime());
const isHttpUrl = (value: string): boolean => httpUrlOrNull(value) !== null;
const trimmed = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * The admin's connection mutation, checked by the global pipe in this order: platform, externalId,
 * accessToken, the expiry; ConnectionsService then checks that the user exists.
 */
@InputType()
export class AdminCreateConnectionInput {
  @Field(() => ID) @Allow() userId: string;

  // The shape of a platform name here; ConnectionsService refuses one that is not a platform (a plugin's may be) with the same message.
  @Field(() => String, { description: "One of the eleven platform names (or a platform plugin's)" })
  @IsStringWhere('isPlatformName', (value) => PLATFORM_NAME_PATTERN.test(value), ConnectionMessages.invalidPlatform())
  platform: string;

  @Field({ description: 'Raw platform id (without the platform prefix); trimmed' })
  @Transform(trimmed)
  @IsNonBlankString(ConnectionMessages.externalIdRequired)
  externalId: string;

  @Field({ nullable: true }) @Allow() username?: string;
  @Field({ nullable: true }) @Allow() displayName?: string;
  @Field({ nullable: true, description: 'An http(s) URL' })
  @WhenGiven()
  @IsStringWhere('isHttpUrl', isHttpUrl, ConnectionMessages.notHttpUrl('profileImageUrl'))
  profileImageUrl?: string;

  @Field({ nullable: true, description: 'An http(s) URL' })
  @WhenGiven()
  @IsStringWhere('isHttpUrl', isHttpUrl, ConnectionMessages.notHttpUrl('profileUrl'))
  profileUrl?: string;

  @Field({ description: 'Stored encrypted; never returned' })
  @IsNotEmpty({ message: ConnectionMessages.accessTokenRequired })
  accessToken: string;

  @Field({ nullable: true, description: 'Stored encrypted; never returned' }) @Allow() refreshToken?: string;

  @Field({ nullable: true, description: 'ISO 8601 date-time with a zone; omitted (or empty) = no expiry' })
  @WhenGiven()
  @IsStringWhere('isIsoDateTime', isIsoDateTime, ConnectionMessages.invalidExpiry)
  accessTokenExpiresAt?: string;

  @Field({ nullable: true, description: 'Mastodon instance / Bluesky PDS base URL' }) @Allow() instanceUrl?: string;
  @Field({ nullable: true, description: 'Telegram: bot, channel, ...' }) @Allow() type?: string;
}
