import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, personOf, type RequestContext } from '../auth/request-context';
import { readSessionToken } from '../auth/session-cookie';
import { PersonalAction, RequiresRole } from '../auth/team-roles';
import { ApiError } from '../common/api-error';
import type { GraphQLContext } from '../graphql/graphql.module';
import { AccountChoiceModel, CreatedTeamInviteModel, TeamContextModel, TeamInviteModel, TeamMemberModel } from './models/team.models';
import { TeamsService } from './teams.service';

/** The dashboard's team: members and roles, invitations, and the account switcher. */
@Resolver()
@GqlSessionAuth()
export class TeamsResolver {
  constructor(private readonly teams: TeamsService) {}

  @PersonalAction()
  @Query(() => TeamContextModel)
  async teamContext(@Ctx() ctx: RequestContext): Promise<TeamContextModel> {
    const person = personOf(ctx);
    return {
      personId: person.id,
      personEmail: person.email,
      personIsAdmin: person.isAdmin,
      accountId: ctx.userId,
      accountEmail: ctx.ownerUser.email,
      role: ctx.member?.role ?? 'owner',
      accounts: await this.teams.accountsOf(ctx),
    };
  }

  @Query(() => [TeamMemberModel], { complexity: ({ childComplexity }) => 1 + childComplexity * 50 })
  teamMembers(@Ctx() ctx: RequestContext): Promise<TeamMemberModel[]> {
    return this.teams.members(ctx);
  }

  @RequiresRole('admin')
  @Query(() => [TeamInviteModel], { complexity: ({ childComplexity }) => 1 + childComplexity * 50 })
  teamInvites(@Ctx() ctx: RequestContext): Promise<TeamInviteModel[]> {
    return this.teams.openInvites(ctx);
  }

  @Mutation(() => CreatedTeamInviteModel, { description: 'Owner and admins: invite by e-mail with a role (admin, editor, viewer)' })
  inviteMember(@Ctx() ctx: RequestContext, @Args('email') email: string, @Args('role') role: string): Promise<CreatedTeamInviteModel> {
    return this.teams.invite(ctx, email, role);
  }

  @Mutation(() => Boolean)
  async revokeTeamInvite(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.teams.revokeInvite(ctx, id);
    return true;
  }

  @Mutation(() => TeamMemberModel, { description: 'Takes effect on the member’s next request' })
  changeMemberRole(@Ctx() ctx: RequestContext, @Args('userId', { type: () => ID }) userId: string, @Args('role') role: string): Promise<TeamMemberModel> {
    return this.teams.changeRole(ctx, userId, role);
  }

  @Mutation(() => Boolean, { description: 'Takes effect on the member’s next request' })
  async removeMember(@Ctx() ctx: RequestContext, @Args('userId', { type: () => ID }) userId: string): Promise<boolean> {
    await this.teams.remove(ctx, userId);
    return true;
  }

  @Query(() => Boolean, { description: "Editors' posts wait for an admin's or the owner's approval" })
  requireApproval(@Ctx() ctx: RequestContext): Promise<boolean> {
    return this.teams.requiresApproval(ctx);
  }

  @Mutation(() => Boolean, { description: 'Owner and admins: whether editors need approval before their posts are scheduled' })
  async setRequireApproval(@Ctx() ctx: RequestContext, @Args('requireApproval') requireApproval: boolean): Promise<boolean> {
    await this.teams.setRequireApproval(ctx, requireApproval);
    return requireApproval;
  }

  @PersonalAction()
  @Mutation(() => Boolean, { description: 'Leave a team account you are a member of' })
  async leaveAccount(@Ctx() ctx: RequestContext, @Args('accountId', { type: () => ID }) accountId: string): Promise<boolean> {
    await this.teams.leave(personOf(ctx), accountId);
    return true;
  }

  @PersonalAction()
  @Mutation(() => [AccountChoiceModel], { description: 'Act in another account you belong to (your own: its id); the choice lasts for this session' })
  async switchAccount(
    @Ctx() ctx: RequestContext,
    @Context() gql: GraphQLContext,
    @Args('accountId', { type: () => ID }) accountId: string,
  ): Promise<AccountChoiceModel[]> {
    const token = readSessionToken(gql.req);
    if (!token) throw ApiError.unauthorized('Authentication required');
    await this.teams.switchAccount(ctx, token, accountId);
    const person = personOf(ctx);
    return (await this.teams.accountsOf(ctx)).map((a) => ({ ...a, current: a.accountId === (accountId === person.id ? person.id : accountId) }));
  }
}
