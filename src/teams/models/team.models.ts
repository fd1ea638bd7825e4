import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('TeamMember', { description: 'A person of the account: its owner, or a member with a role (docs/teams.md)' })
export class TeamMemberModel {
  @Field(() => ID) userId: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) displayName: string | null;
  @Field({ description: 'owner | admin | editor | viewer' }) role: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When they joined (null: the owner)' }) since: Date | null;
}

@ObjectType('TeamInvite')
export class TeamInviteModel {
  @Field(() => ID) id: string;
  @Field() email: string;
  @Field({ description: 'admin | editor | viewer' }) role: string;
  @Field(() => GraphQLISODateTime) expiresAt: Date;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => String, { nullable: true }) invitedByEmail: string | null;
}

@ObjectType('CreatedTeamInvite', { description: 'The link is shown once: only its hash is kept' })
export class CreatedTeamInviteModel {
  @Field(() => TeamInviteModel) invite: TeamInviteModel;
  @Field() link: string;
  @Field({ description: 'false: no mail transport is configured (or it failed): pass the link on yourself' }) emailed: boolean;
}

@ObjectType('AccountChoice', { description: 'An account the signed-in person may act in' })
export class AccountChoiceModel {
  @Field(() => ID) accountId: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) displayName: string | null;
  @Field({ description: 'owner (their own account) | admin | editor | viewer' }) role: string;
  @Field() current: boolean;
}

@ObjectType('TeamContext', { description: 'Who is signed in, and the account and role they act in' })
export class TeamContextModel {
  @Field(() => ID) personId: string;
  @Field() personEmail: string;
  @Field({ description: "The person's own service-admin flag (`me` is the account acted in)" }) personIsAdmin: boolean;
  @Field(() => ID) accountId: string;
  @Field() accountEmail: string;
  @Field({ description: 'owner | admin | editor | viewer' }) role: string;
  @Field(() => [AccountChoiceModel]) accounts: AccountChoiceModel[];
}
