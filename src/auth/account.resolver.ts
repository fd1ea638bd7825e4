import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../graphql/graphql.module';
import { GqlSessionAuth } from './auth.decorators';
import { AuthService } from './auth.service';
import { UpdateProfileInput } from './dto/profile.input';
import { SessionModel } from './models/session.model';
import { toUserModel, UserModel } from './models/user.model';
import { Ctx, type RequestContext } from './request-context';
import { readSessionToken } from './session-cookie';
import { SessionsService } from './sessions.service';

/** Sessions the cost estimate assumes per user (each sign-in makes one, for 7 days). */
export const SESSIONS_COST_ESTIMATE = 20;

/** Dashboard GraphQL for the signed-in user's own account: profile, password, sessions. */
@Resolver()
@GqlSessionAuth()
export class AccountResolver {
  constructor(
    private readonly auth: AuthService,
    private readonly sessionsService: SessionsService,
  ) {}

  @Mutation(() => UserModel, { description: 'A new email needs the current password (sign-in throttle applies); every other session ends' })
  async updateProfile(
    @Ctx() ctx: RequestContext,
    @Context() gql: GraphQLContext,
    @Args('input', { type: () => UpdateProfileInput }) input: UpdateProfileInput,
  ): Promise<UserModel> {
    if (input.email === undefined || input.email === null) return toUserModel(ctx.ownerUser);
    return toUserModel(await this.auth.changeEmail(ctx.ownerUser, input.email, input.currentPassword, gql.req.ip, readSessionToken(gql.req)));
  }

  @Mutation(() => Boolean, { description: 'Checks the current password (sign-in throttle applies); every other session ends' })
  async changePassword(
    @Ctx() ctx: RequestContext,
    @Context() gql: GraphQLContext,
    @Args('currentPassword') currentPassword: string,
    @Args('newPassword') newPassword: string,
  ): Promise<boolean> {
    await this.auth.changePassword(ctx.ownerUser, currentPassword, newPassword, gql.req.ip, readSessionToken(gql.req));
    return true;
  }

  @Query(() => [SessionModel], { complexity: ({ childComplexity }) => 1 + childComplexity * SESSIONS_COST_ESTIMATE })
  async sessions(@Ctx() ctx: RequestContext, @Context() gql: GraphQLContext): Promise<SessionModel[]> {
    const sessions = await this.sessionsService.list(ctx.ownerId, readSessionToken(gql.req));
    return sessions.map((s) => ({ id: s._id.toHexString(), createdAt: s.createdAt, expiresAt: s.expiresAt, current: s.current }));
  }

  @Mutation(() => Boolean, { description: 'Ends one of your sessions (your current one signs you out)' })
  async revokeSession(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.sessionsService.revoke(ctx.ownerId, id);
    return true;
  }
}
