import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { httpUrlOrNull } from '../../common/http-url';
import type { ConnectionRecord } from '../connections.repository';
import { tokenStatusOf } from '../token-status';

@ObjectType('ConnectionLastError')
export class ConnectionLastErrorModel {
  @Field() message: string;
  @Field(() => GraphQLISODateTime) occurredAt: Date;
}

/** A platform connection for the dashboard: the spec's fields plus ids; never tokens. */
@ObjectType('Connection')
export class ConnectionModel {
  @Field(() => ID) id: string;
  @Field(() => ID) userId: string;
  @Field() platform: string;
  @Field({
    description: 'Compound id `<platform>-<id>` that createPost takes: `<id>` is the externalId, encoded where createPost refuses it (Bluesky DIDs)',
  })
  platformId: string;
  @Field({ description: "The platform's own account id (Bluesky: the DID)" }) externalId: string;
  @Field() username: string;
  @Field(() => String, { nullable: true }) displayName: string | null;
  @Field(() => String, { nullable: true }) profileImageUrl: string | null;
  @Field(() => String, { nullable: true }) profileUrl: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) accessTokenExpiresAt: Date | null;
  @Field({ description: 'valid | expiring_soon | expired | unknown' }) tokenStatus: string;
  @Field(() => String, { nullable: true }) tokenExpiresIn: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastSuccessfulPost: Date | null;
  @Field(() => ConnectionLastErrorModel, { nullable: true }) lastError: ConnectionLastErrorModel | null;
  @Field({
    description:
      'ok | reauth_required. reauth_required: the platform refused to renew the token for good; nothing refreshes it until the account is connected again (startConnection or connectWithCredentials), which sets ok',
  })
  health: string;
  @Field(() => String, { nullable: true, description: "Why the account must be reconnected (the platform's words); null when health is ok" })
  healthReason: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the refused refresh was seen; null when health is ok' })
  reauthRequiredAt: Date | null;
  @Field(() => String, {
    nullable: true,
    description: 'A permission a feature (reading metrics) found missing: which to grant, in the platform’s words; null when none. Reconnect and allow it',
  })
  missingPermission: string | null;
  @Field(() => String, { nullable: true }) instanceUrl: string | null;
  @Field(() => String, { nullable: true }) type: string | null;
  @Field(() => GraphQLISODateTime) createdAt: Date;
}

export function toConnectionModel(record: ConnectionRecord, now: Date = new Date()): ConnectionModel {
  const { tokenStatus, tokenExpiresIn } = tokenStatusOf(record.accessTokenExpiresAt, now);
  return {
    id: record.id,
    userId: record.userId,
    platform: record.platform,
    platformId: record.platformId,
    externalId: record.externalId,
    username: record.username ?? '',
    displayName: record.displayName,
    profileImageUrl: httpUrlOrNull(record.profileImageUrl),
    profileUrl: httpUrlOrNull(record.profileUrl),
    accessTokenExpiresAt: record.accessTokenExpiresAt,
    tokenStatus,
    tokenExpiresIn,
    lastSuccessfulPost: record.lastSuccessfulPost,
    lastError: record.lastError,
    health: record.health,
    healthReason: record.healthReason,
    reauthRequiredAt: record.reauthRequiredAt,
    missingPermission: record.missingPermission,
    instanceUrl: record.instanceUrl,
    type: record.type,
    createdAt: record.createdAt,
  };
}

/** testConnection's answer (REST test-connection, with dates as DateTime). */
@ObjectType('ConnectionTestResult')
export class ConnectionTestResultModel {
  @Field() platform: string;
  @Field() platformId: string;
  @Field() username: string;
  @Field({ description: 'ok | error' }) status: string;
  @Field() message: string;
  @Field(() => [String]) permissions: string[];
  @Field(() => String, { nullable: true }) tokenExpiresIn: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastSuccessfulPost: Date | null;
  @Field(() => ConnectionLastErrorModel, { nullable: true }) lastError: ConnectionLastErrorModel | null;
}
