import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import type { ManagedUserView } from '../workspace.service';

@ObjectType('ManagedUser', { description: 'A user this account manages (workspace)' })
export class ManagedUserModel {
  @Field(() => ID) id: string;
  @Field({ description: 'Its email' }) username: string;
  @Field() displayName: string;
  @Field({ description: 'Always "managed"' }) role: string;
  @Field(() => Int, { description: 'Shown for compatibility with the REST ManagedUser; not enforced (the owner’s plan limits apply)' })
  dailyPostsLeft: number;
  @Field(() => String, { nullable: true, description: 'The current connection link; null when none is valid' }) connectionsPageUrl: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) connectionsPageTokenExpiresAt: Date | null;
}

@ObjectType('ManagedUserApiKey')
export class ManagedUserApiKeyModel {
  @Field(() => ID) userId: string;
  @Field({ description: 'The full key, shown only in this answer; the user’s previous keys stop working' }) apiKey: string;
}

@ObjectType('ConnectionLink')
export class ConnectionLinkModel {
  @Field() url: string;
  @Field(() => GraphQLISODateTime) tokenExpiresAt: Date;
}

// `@Allow()` keeps the fields through the global pipe; WorkspaceService checks them with the REST DTO.
@InputType()
export class CreateManagedUserInput {
  @Field({ description: 'Email' }) @Allow() username: string;
  @Field(() => String, { nullable: true, description: 'Defaults to the email' }) @Allow() displayName?: string | null;
}

@InputType()
export class ConnectionLinkInput {
  @Field(() => Boolean, { nullable: true, description: 'A new link; the previous one stops working' }) @Allow() rotate?: boolean | null;
  @Field(() => Float, { nullable: true, description: 'Days until it expires (default 90, at most 365)' }) @Allow() expiresInDays?: number | null;
}

export function toManagedUserModel(view: ManagedUserView): ManagedUserModel {
  return {
    id: view._id,
    username: view.username,
    displayName: view.displayName,
    role: view.role,
    dailyPostsLeft: view.dailyPostsLeft,
    connectionsPageUrl: view.connectionsPageUrl,
    connectionsPageTokenExpiresAt: view.connectionsPageTokenExpiresAt ? new Date(view.connectionsPageTokenExpiresAt) : null,
  };
}
