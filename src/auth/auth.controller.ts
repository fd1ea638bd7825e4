import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../common/error.response';
import { AppConfig } from '../config/app-config.service';
import { AuthMessages } from './auth.errors';
import { SessionAuth, SessionRoute } from './auth.decorators';
import { AuthService } from './auth.service';
import { MessageResponse, SessionUserResponse } from './dto/auth.responses';
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
  @SessionRoute()
  @ApiOperation({ summary: 'Create a dashboard account and sign in (sets the sps_session cookie)' })
  @ApiResponse({ status: 201, type: SessionUserResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'Email and password are required | A valid email is required | Password must be between 8 and 128 characters',
  })
  @ApiResponse({ status: 409, type: ErrorResponse, description: 'Email is already registered' })
  @ApiResponse({
    status: 429,
    type: ErrorResponse,
    description: 'Too many sign-ups from this address. Try again later. (Retry-After; SIGNUP_LIMIT_PER_HOUR per client address, 409s included)',
  })
  async register(@Body() dto: RegisterDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { user, token, expiresAt } = await this.auth.register(dto.email, dto.password, request.ip);
    setSessionCookie(reply, token, expiresAt, this.config.isProduction);
    return { user: toUserResponse(user) };
  }

  @Post('login')
  @SessionRoute()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in to the dashboard (sets the sps_session cookie)' })
  @ApiResponse({ status: 200, type: SessionUserResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Email and password are required' })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Invalid email or password' })
  @ApiResponse({ status: 429, type: ErrorResponse, description: 'Too many failed login attempts. Try again later. (Retry-After)' })
  async login(@Body() dto: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.auth.login(dto.email, dto.password, request.ip);
    setSessionCookie(reply, result.token, result.expiresAt, this.config.isProduction);
    return { user: toUserResponse(result.user) };
  }

  /** Ends the session (if any) and clears the cookie; succeeds without a session too. */
  @Post('logout')
  @SessionRoute()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: ends the session and clears the cookie (also without a session)' })
  @ApiResponse({ status: 200, type: MessageResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Malformed JSON body' })
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = readSessionToken(request);
    if (token) await this.auth.logout(token);
    clearSessionCookie(reply, this.config.isProduction);
    return { message: AuthMessages.loggedOut };
  }

  @Get('me')
  @SessionAuth()
  @ApiOperation({ summary: 'The signed-in dashboard user' })
  @ApiResponse({ status: 200, type: SessionUserResponse })
  me(@Ctx() ctx: RequestContext) {
    return { user: toUserResponse(ctx.ownerUser) };
  }
}
