import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionRoute } from '../auth/auth.decorators';
import { AuthService } from '../auth/auth.service';
import { toUserResponse } from '../auth/auth.controller';
import { UserResponse } from '../auth/dto/auth.responses';
import { SessionsService } from '../auth/sessions.service';
import { readSessionToken, setSessionCookie } from '../auth/session-cookie';
import { ApiError } from '../common/api-error';
import { ErrorResponse } from '../common/error.response';
import { AppConfig } from '../config/app-config.service';
import { TeamMessages } from './teams.errors';
import { TeamsService } from './teams.service';

export class AcceptInviteDto {
  @ApiPropertyOptional({ type: String, description: 'Only when no account exists for the invited address: the new account’s password' })
  @Allow()
  password?: unknown;
}

export class InviteDescriptionResponse {
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['admin', 'editor', 'viewer'] }) role: string;
  @ApiProperty() accountEmail: string;
  @ApiProperty({ type: String, nullable: true }) accountName: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Who sent it (null: no longer a user)' }) invitedByEmail: string | null;
  @ApiProperty() expiresAt: string;
  @ApiProperty({ description: 'An account exists for the address: sign in with it to accept' }) hasAccount: boolean;
}

export class AcceptedInviteResponse {
  @ApiProperty({ description: 'The team account the session now acts in' }) accountId: string;
  @ApiProperty({ enum: ['admin', 'editor', 'viewer'] }) role: string;
  @ApiProperty({ type: UserResponse, description: 'The person (their own user)' }) user: UserResponse;
}

/**
 * Invitation links (docs/teams.md): what a link offers, and accepting it, signed in with the
 * invited address or by making the account. Session routes: the token in the path is the secret.
 */
@ApiTags('auth')
@Controller('auth/invites')
export class TeamInvitesController {
  constructor(
    private readonly teams: TeamsService,
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
  ) {}

  @Get(':token')
  @SessionRoute()
  @ApiOperation({ summary: 'What an invitation offers (the account, the role, the address it is for)' })
  @ApiResponse({ status: 200, type: InviteDescriptionResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: TeamMessages.inviteUsed })
  @ApiResponse({ status: 404, type: ErrorResponse, description: TeamMessages.inviteNotFound })
  @ApiResponse({ status: 410, type: ErrorResponse, description: TeamMessages.inviteExpired })
  async describe(@Param('token') token: string) {
    const d = await this.teams.describeInvite(token);
    return { ...d, expiresAt: d.expiresAt.toISOString() };
  }

  @Post(':token/accept')
  @SessionRoute()
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept: signed in with the invited address, or with `password` to make that account; the session then acts in the team account' })
  @ApiResponse({ status: 200, type: AcceptedInviteResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${TeamMessages.inviteUsed} | ${TeamMessages.passwordRequired} | the sign-up password rule` })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'An account exists for <email>: sign in to accept the invitation' })
  @ApiResponse({ status: 403, type: ErrorResponse, description: 'This invitation is for <email>: sign in with that address to accept it' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: TeamMessages.inviteNotFound })
  @ApiResponse({ status: 410, type: ErrorResponse, description: TeamMessages.inviteExpired })
  async accept(@Param('token') token: string, @Body() body: AcceptInviteDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    let sessionToken = readSessionToken(request);
    const signedIn = sessionToken ? await this.sessions.resolve(sessionToken) : null;
    if (!signedIn) sessionToken = null;
    const { user, accountId } = await this.teams.accept(token, signedIn?.user ?? null, async (email) => {
      const password = (body as { password?: unknown } | undefined)?.password;
      if (typeof password !== 'string' || !password) throw ApiError.badRequest(TeamMessages.passwordRequired);
      const created = await this.auth.register(email, password, request.ip);
      setSessionCookie(reply, created.token, created.expiresAt, this.config.isProduction);
      sessionToken = created.token;
      return created.user;
    });
    if (sessionToken) await this.sessions.switchAccount(sessionToken, accountId);
    const membership = await this.teams.roleIn(accountId, user.id);
    return { accountId, role: membership, user: toUserResponse(user) };
  }
}
