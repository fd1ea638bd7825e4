import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccountsBootstrapService } from './accounts-bootstrap.service';
import { ApiKeyAuthService } from './api-key-auth.service';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AdminGuard } from './guards/admin.guard';
import { ApiKeyGuard } from './guards/api-key.guard';
import { ApiKeyStrategy } from './guards/api-key.strategy';
import { PASSPORT, passportProvider } from './guards/passport';
import { SessionGuard } from './guards/session.guard';
import { SessionRequestGuard } from './guards/session-request.guard';
import { LoginThrottleService } from './login-throttle.service';
import { MembershipsRepository } from './memberships.repository';
import { MembershipsService } from './memberships.service';
import { SignUpThrottleService } from './sign-up-throttle.service';
import { ApiKeySchema, ApiKey } from './schemas/api-key.schema';
import { Membership, MembershipSchema } from './schemas/membership.schema';
import { Session, SessionSchema } from './schemas/session.schema';
import { User, UserSchema } from './schemas/user.schema';
import { SessionsRepository } from './sessions.repository';
import { AccountResolver } from './account.resolver';
import { SessionsService } from './sessions.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { AuthResolver } from './auth.resolver';
import { AdminUsersResolver } from './admin-users.resolver';

/**
 * Users, dashboard sessions, API keys, workspaces and entitlements. Global, so any module's
 * controller can use `@ApiKeyAuth()` / `@SessionAuth()` / `@AdminOnly()` and inject UsersService
 * without importing it.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: Session.name, schema: SessionSchema },
      { name: ApiKey.name, schema: ApiKeySchema },
      { name: Membership.name, schema: MembershipSchema },
    ]),
  ],
  controllers: [AuthController, ApiKeysController],
  providers: [
    passportProvider,
    UsersRepository,
    SessionsRepository,
    ApiKeysRepository,
    MembershipsRepository,
    MembershipsService,
    UsersService,
    SessionsService,
    ApiKeysService,
    ApiKeyAuthService,
    LoginThrottleService,
    SignUpThrottleService,
    AuthService,
    ApiKeyStrategy,
    ApiKeyGuard,
    SessionGuard,
    SessionRequestGuard,
    AdminGuard,
    AccountsBootstrapService,
    AuthResolver,
    AdminUsersResolver,
    AccountResolver,
  ],
  exports: [
    PASSPORT,
    AuthService,
    UsersService,
    MembershipsService,
    ApiKeysService,
    SessionsService,
    ApiKeyAuthService,
    ApiKeyGuard,
    SessionGuard,
    SessionRequestGuard,
    AdminGuard,
  ],
})
export class AuthModule {}
