import type { ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The Fastify request of a REST handler or a GraphQL resolver (context `{ req }`). */
export function executionRequest(context: ExecutionContext): FastifyRequest {
  if (context.getType<string>() === 'graphql') {
    return (context.getArgs()[2] as { req: FastifyRequest }).req;
  }
  return context.switchToHttp().getRequest<FastifyRequest>();
}
