import { Field, InputType } from '@nestjs/graphql';
import { IsString, ValidateBy } from 'class-validator';
import { IsStringWhere, WhenGiven } from '../../common/validation/field-rules';
import { ConnectMessages } from '../connect.errors';
import { OAUTH2_SPECS } from '../providers/oauth-specs';
import { normalizeReturnTo } from '../return-to';

/**
 * The connect inputs, as GraphQL types and as the DTOs ConnectService checks every caller's input
 * against (`validateInput`: the dashboard's GraphQL and the hosted link page alike). What needs
 * the provider (its configuration, an instance URL it requires, its credential fields) is checked
 * by the service and the provider's own DTO after these.
 */

/** Platform names are matched trimmed and case-insensitively. */
export const platformKey = (value: string): string => value.trim().toLowerCase();

/** The other sign-ins there are, as `<platform>-<via>` (Instagram through `facebook`). */
const OTHER_SIGN_INS = new Set(OAUTH2_SPECS.filter((spec) => spec.via).map((spec) => `${spec.platform}-${spec.via}`));

/** Text here; ConnectService refuses a platform it has no provider for with the same message (plugins add platforms at start-up). */
const IsPlatformText = (): PropertyDecorator =>
  IsStringWhere(
    'isPlatformText',
    (value) => platformKey(value).length > 0,
    (args) => ConnectMessages.unknownPlatform(String(args.value)),
  );

/** `via` names another sign-in of this platform; blank counts as absent. */
const IsKnownSignIn = (): PropertyDecorator =>
  ValidateBy({
    name: 'isKnownSignIn',
    validator: {
      validate: (via: unknown, args) => {
        const { platform } = args?.object as StartConnectionInput;
        return typeof via === 'string' && (!via.trim() || OTHER_SIGN_INS.has(`${platformKey(String(platform))}-${platformKey(via)}`));
      },
      defaultMessage: (args) => ConnectMessages.unknownVia(String((args?.object as StartConnectionInput).platform), String(args?.value)),
    },
  });

const Text = (field: string): PropertyDecorator => IsString({ message: ConnectMessages.notText(field) });

@InputType('StartConnectionInput')
export class StartConnectionInput {
  @Field()
  @IsPlatformText()
  platform: string;

  @Field(() => String, {
    nullable: true,
    description: 'Another sign-in than the platform’s own: `facebook` for Instagram business accounts linked to a Facebook Page',
  })
  @WhenGiven()
  @IsKnownSignIn()
  via?: string | null;

  @Field(() => String, { nullable: true, description: 'Required for Mastodon: the instance, e.g. https://mastodon.social' })
  @WhenGiven()
  @Text('instanceUrl')
  instanceUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'Same-origin path to return to (default /connections)' })
  @WhenGiven()
  @IsStringWhere('isReturnTo', (value) => normalizeReturnTo(value) !== null, ConnectMessages.invalidReturnTo)
  returnTo?: string | null;
}

@InputType('ConnectCredentialsInput')
export class ConnectCredentialsInput {
  @Field()
  @IsPlatformText()
  platform: string;

  @Field(() => String, { nullable: true, description: 'Bluesky handle or e-mail' })
  @WhenGiven()
  @Text('identifier')
  identifier?: string | null;

  @Field({ description: 'Bluesky app password or Telegram bot token (never stored in clear, never returned)' })
  @WhenGiven()
  @Text('secret')
  secret: string;

  @Field(() => String, { nullable: true, description: 'Telegram channel or group: @name or numeric id' })
  @WhenGiven()
  @Text('chatId')
  chatId?: string | null;

  @Field(() => String, { nullable: true, description: 'Bluesky service (PDS) URL, default https://bsky.social' })
  @WhenGiven()
  @Text('serviceUrl')
  serviceUrl?: string | null;
}
