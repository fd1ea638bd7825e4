import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config.service';
import { sessionRequestRefusal, trustedOrigins, type SessionRequestFacts } from '../session-request';

const BODY_FORMAT = 'sessionRequest:bodyFormat';

/**
 * On a session route whose body is not JSON (process-video's multipart upload, a server-rendered
 * page's form): the origin rule still applies; the route checks its body itself.
 */
export const OwnBodyFormat = (contentType: string) => SetMetadata(BODY_FORMAT, contentType);

function factsOf(request: FastifyRequest): SessionRequestFacts {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const length = Number(header('content-length') ?? 0);
  return {
    origin: header('origin'),
    fetchSite: header('sec-fetch-site'),
    host: request.host,
    contentType: header('content-type'),
    hasBody: length > 0 || Number.isNaN(length) || header('transfer-encoding') !== undefined,
  };
}

/** The rules of session routes (session-request.ts) on REST requests; GraphQL has Apollo's CSRF prevention. */
@Injectable()
export class SessionRequestGuard implements CanActivate {
  private readonly trusted: ReadonlySet<string>;

  constructor(
    private readonly reflector: Reflector,
    config: AppConfig,
  ) {
    this.trusted = trustedOrigins(config.publicBaseUrl, config.corsOrigins);
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const bodyFormat = this.reflector.getAllAndOverride<string | undefined>(BODY_FORMAT, [context.getHandler(), context.getClass()]);
    const refusal = sessionRequestRefusal(factsOf(context.switchToHttp().getRequest<FastifyRequest>()), this.trusted, bodyFormat);
    if (refusal) throw refusal;
    return true;
  }
}
