import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getRequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { rateLimitHeaders, rateLimitMessage } from './rate-limit-headers';
import { RATE_LIMIT_WINDOW_SECONDS, RateLimitService } from './rate-limit.service';

/**
 * Runs after the API-key guard: one request counted against the key that made it, the RateLimit
 * headers on the answer, 429 with Retry-After past the limit.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limits: RateLimitService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.limits.enabled) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const caller = getRequestContext(request);
    if (!caller?.keyPrefix) return true;
    const decision = await this.limits.consume(`${caller.ownerId}:${caller.keyPrefix}`);
    if (!decision) return true;
    void reply.headers(rateLimitHeaders(decision, RATE_LIMIT_WINDOW_SECONDS));
    if (!decision.allowed) throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, rateLimitMessage(decision));
    return true;
  }
}
