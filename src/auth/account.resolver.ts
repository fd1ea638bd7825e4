import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../graphql/graphql.module';
import { GqlSessionAuth } from './auth.decorators';
import { AuthService } from './auth.service';
import { UpdateProfileInput } from './dto/profile.input';
import { SessionModel } from './models/session.model';
import { toUserModel, UserModel } from './models/user.model';
import { Ctx, personOf, type RequestContext } from './request-context';
import { readSessionToken } from './session-cookie';
import { SessionsService } from './sessions.service';
import { PersonalAction } from './team-roles';

/** Sessions the cost estimate assumes per user (each sign-in makes one, for 7 days). */
export const SESSIONS_COST_ESTIMATE = 20;

/**
 * Dashboard GraphQL for the signed-in person's own profile, password and sessions: theirs, even
 * while they act in a team account (any role may).
 */
@Resolver()
@GqlSessionAuth()
export class AccountResolver {
  constructor(
    private readonly auth: AuthService,
    private readonly sessionsService: SessionsService,
  ) {}

  @PersonalAction()
  @Mutation(() => UserModel, { description: 'A new email needs the current password (sign-in throttle applies); every other session ends' })
  async updateProfile(
    @Ctx() ctx: RequestContext,
    @Context() gql: GraphQLContext,
    @Args('input', { type: () => UpdateProfileInput }) input: UpdateProfileInput,
  ): Promise<UserModel> {
    const person = personOf(ctx);
    if (input.email === undefined || input.email === null) return toUserModel(person);
    return toUserModel(await this.auth.changeEmail(person, input.email, input.currentPassword, gql.req.ip, readSessionToken(gql.req)));
  }

  @PersonalAction()
  @Mutation(() => Boolean, { description: 'Checks the current password (sign-in throttle applies); every other session ends' })
  async changePassword(
    @Ctx() ctx: RequestContext,
    @Context() gql: GraphQLContext,
    @Args('currentPassword') currentPassword: string,
    @Args('newPassword') newPassword: string,
  ): Promise<boolean> {
    await this.auth.changePassword(personOf(ctx), currentPassword, newPassword, gql.req.ip, readSessionToken(gql.req));
    return true;
  }

  @PersonalAction()
  @Query(() => [SessionModel], { complexity: ({ childComplexity }) => 1 + childComplexity * SESSIONS_COST_ESTIMATE })
  async sessions(@Ctx() ctx: RequestContext, @Context() gql: GraphQLContext): Promise<SessionModel[]> {
    const sessions = await this.sessionsService.list(personOf(ctx).id, readSessionToken(gql.req));
    return sessions.map((s) => ({ id: s._id.toHexString(), createdAt: s.createdAt, expiresAt: s.expiresAt, current: s.current }));
  }

  @PersonalAction()
  @Mutation(() => Boolean, { description: 'Ends one of your sessions (your current one signs you out)' })
  async revokeSession(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.sessionsService.revoke(personOf(ctx).id, id);
    return true;
  }
}
