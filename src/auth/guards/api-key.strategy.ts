import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import { ApiKeyAuthService } from '../api-key-auth.service';
import { setRequestContext, type RequestContext } from '../request-context';

/** The named passport strategy `api-key`: headers → request context (see ApiKeyAuthService). */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(private readonly auth: ApiKeyAuthService) {
    super();
  }

  async validate(request: FastifyRequest): Promise<RequestContext> {
    const context = await this.auth.authenticate(request.headers);
    setRequestContext(request, context);
    return context;
  }
}
