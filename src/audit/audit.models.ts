import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GraphQLJSON } from 'graphql-scalars';
import type { AuditEntryRecord } from './schemas/audit-entry.schema';

@ObjectType('AuditActor')
export class AuditActorModel {
  @ApiProperty({ enum: ['owner', 'member', 'api_key', 'mcp', 'review_link', 'system'] })
  @Field({ description: 'owner | member | api_key | mcp | review_link | system' })
  type: string;
  @ApiPropertyOptional({ type: String, description: 'A review link’s id' }) @Field(() => String, { nullable: true }) linkId?: string | null;
  @ApiPropertyOptional({ type: String, description: 'The name a review link’s visitor gave' }) @Field(() => String, { nullable: true }) name?: string | null;
  @ApiPropertyOptional({ type: String }) @Field(() => String, { nullable: true }) userId?: string | null;
  @ApiPropertyOptional({ type: String }) @Field(() => String, { nullable: true }) email?: string | null;
  @ApiPropertyOptional({ type: String, description: "A member's role when they acted" }) @Field(() => String, { nullable: true }) role?: string | null;
  @ApiPropertyOptional({ type: String, description: 'The API key’s public prefix (never the key)' }) @Field(() => String, { nullable: true }) keyPrefix?:
    string | null;
}

export class AuditTargetResponse {
  @ApiProperty({ description: 'post_group | connection | api_key | webhook | member | invite | account' }) type: string;
  @ApiProperty() id: string;
}

@ObjectType('AuditEntry')
export class AuditEntryModel {
  @ApiProperty() @Field(() => ID) id: string;
  @ApiProperty({ type: String, format: 'date-time' }) @Field(() => GraphQLISODateTime) at: Date;
  @ApiProperty({ description: 'e.g. post.created, api_key.revoked (docs/audit.md)' }) @Field() action: string;
  @ApiProperty({ type: AuditActorModel }) @Field(() => AuditActorModel) actor: AuditActorModel;
  @ApiProperty({ type: AuditTargetResponse, nullable: true }) @Field(() => GraphQLJSON, { nullable: true }) target: { type: string; id: string } | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'What the action changed (docs/audit.md); never a secret' })
  @Field(() => GraphQLJSON, { nullable: true })
  details: Record<string, unknown> | null;
}

@ObjectType('AuditPage')
export class AuditPageModel {
  @ApiProperty({ type: [AuditEntryModel] }) @Field(() => [AuditEntryModel]) entries: AuditEntryModel[];
  @ApiProperty() @Field(() => Int) page: number;
  @ApiProperty() @Field(() => Int) limit: number;
  @ApiProperty() @Field(() => Int) total: number;
}

export class AuditPageResponse extends AuditPageModel {
  @ApiProperty({ enum: [true] }) success: true;
}

export function toAuditEntryModel(e: AuditEntryRecord): AuditEntryModel {
  return { id: String(e._id), at: e.at, action: e.action, actor: { ...e.actor }, target: e.target ?? null, details: e.details ?? null };
}
