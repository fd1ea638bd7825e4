import { DynamicModule, Inject, Injectable, Module } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Strategy } from 'passport-custom';
import { ApiError, PASSPORT, type ApiIdentity, type Authenticator } from 'social-post-scheduler';

export interface GatewayAuthOptions {
  /** Shared with the gateway: it signs the user id it forwards with HMAC-SHA256. */
  secret: string;
}

const GATEWAY_AUTH_OPTIONS = Symbol('GATEWAY_AUTH_OPTIONS');

/** The gateway's signature of a user id (hex HMAC-SHA256). */
export function gatewaySignature(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId).digest('hex');
}

/**
 * The passport strategy `gateway`, registered on the service's own passport: a request an
 * organisation's API gateway has already authenticated carries `x-gateway-user` and
 * `x-gateway-signature`. Without them it `fail`s, and the service tries the API key as usual; with
 * a wrong signature it answers 401; with a right one it names the user, who then goes through
 * the service's own checks (plan API access, workspace header).
 */
@Injectable()
export class GatewayStrategy extends Strategy {
  constructor(@Inject(PASSPORT) passport: Authenticator, @Inject(GATEWAY_AUTH_OPTIONS) options: GatewayAuthOptions) {
    super((request, done) => {
      const headers = (request as unknown as { headers: Record<string, string | undefined> }).headers;
      const userId = headers['x-gateway-user'];
      if (!userId) return done(null, false);
      const expected = Buffer.from(gatewaySignature(options.secret, userId));
      const given = Buffer.from(headers['x-gateway-signature'] ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return done(ApiError.unauthorized('Gateway signature invalid'));
      const identity: ApiIdentity = { userId };
      done(null, identity);
    });
    passport.use('gateway', this);
  }
}

@Module({})
export class GatewayAuthModule {
  static forRoot(options: GatewayAuthOptions): DynamicModule {
    return { module: GatewayAuthModule, providers: [{ provide: GATEWAY_AUTH_OPTIONS, useValue: options }, GatewayStrategy] };
  }
}
