import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config.service';
import { AuthMessages } from './auth.errors';
import { SessionAuth } from './auth.decorators';
import { AuthService } from './auth.service';
import { LoginDto, RegisterDto } from './dto/credentials.dto';
import { Ctx, type RequestContext, type UserSummary } from './request-context';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';

export function toUserResponse(user: UserSummary) {
  return {
    id: user.id,
    email: user.email,
    plan: user.plan,
    isAdmin: user.isAdmin,
    parentUserId: user.parentUserId,
    workspacesEnabled: user.workspacesEnabled,
    apiAccess: user.apiAccess,
    mcpAccess: user.mcpAccess,
    seats: user.seats,
  };
}

/** Dashboard sign-up, sign-in and sign-out (docs/auth.md). */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Post('register')
  async register(@Body() dto: RegisterDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { user, token, expiresAt } = await this.auth.register(dto.email, dto.password);
    setSessionCookie(reply, token, expiresAt, this.config.isProduction);
    return { user: toUserResponse(user) };
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.auth.login(dto.email, dto.password, request.ip);
    if ('retryAfterSeconds' in result) {
      void reply.header('retry-after', String(result.retryAfterSeconds));
      throw result.error;
    }
    setSessionCookie(reply, result.token, result.expiresAt, this.config.isProduction);
    return { user: toUserResponse(result.user) };
  }

  /** Ends the session (if any) and clears the cookie; succeeds without a session too. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = readSessionToken(request);
    if (token) await this.auth.logout(token);
    clearSessionCookie(reply, this.config.isProduction);
    return { message: AuthMessages.loggedOut };
  }

  @Get('me')
  @SessionAuth()
  me(@Ctx() ctx: RequestContext) {
    return { user: toUserResponse(ctx.ownerUser) };
  }
}
