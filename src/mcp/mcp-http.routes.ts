import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { auditContext } from '../audit/audit-context';
import { ApiKeyAuthService } from '../auth/api-key-auth.service';
import { rateLimitHeaders, rateLimitMessage } from '../rate-limit/rate-limit-headers';
import { RATE_LIMIT_WINDOW_SECONDS, RateLimitService } from '../rate-limit/rate-limit.service';
import type { RequestContext } from '../auth/request-context';
import { ApiError, errorResponse } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { mcpAuthHeaders } from './mcp-auth-headers';
import { BATCH_TOO_LARGE, batchMessages, MCP_MAX_BATCH_MESSAGES, mcpRequestCost } from './mcp-batch';
import { McpServerFactory } from './mcp-server.factory';

const JSON_TYPE = 'application/json; charset=utf-8';
const STREAMABLE_ACCEPT = 'application/json, text/event-stream';

/**
 * The MCP endpoint (Streamable HTTP, stateless) on the app's Fastify instance at MCP_PATH.
 * Every request is authenticated first with the REST API-key rules (client `mcp`); a refusal
 * answers the REST status and `{ "error" }` body before any MCP message is read. POST carries
 * the JSON-RPC messages; GET (server-to-client stream) and DELETE (end session) answer 405,
 * since there are no sessions (docs/mcp.md).
 */
@Injectable()
export class McpHttpRoutes implements OnModuleInit {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
    private readonly auth: ApiKeyAuthService,
    private readonly servers: McpServerFactory,
    private readonly rateLimits: RateLimitService,
  ) {}

  onModuleInit(): void {
    const instance = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    instance.route({
      method: ['GET', 'POST', 'DELETE'],
      url: this.config.env.MCP_PATH,
      handler: (request, reply) => this.handle(request, reply),
    });
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let ctx: RequestContext;
    try {
      ctx = await this.auth.authenticate(mcpAuthHeaders(request.headers));
    } catch (err) {
      const { status, body } = errorResponse(err);
      if (status === 401) void reply.header('www-authenticate', 'Bearer');
      return reply.status(status).header('content-type', JSON_TYPE).send(body);
    }

    // The same per-key request limit as REST (off unless RATE_LIMIT_PER_MINUTE), each request of a
    // batch counted; a batch that does not fit is refused whole, before any of its calls runs.
    const limited = ctx.keyPrefix ? await this.rateLimits.consume(`${ctx.ownerId}:${ctx.keyPrefix}`, mcpRequestCost(request.body)) : null;
    if (limited) {
      // On the raw response: the transport below writes it itself (reply is hijacked).
      for (const [name, value] of Object.entries(rateLimitHeaders(limited, RATE_LIMIT_WINDOW_SECONDS))) reply.raw.setHeader(name, value);
      if (!limited.allowed) {
        return reply
          .status(429)
          .header('content-type', JSON_TYPE)
          .send(errorResponse(new ApiError(429, rateLimitMessage(limited))).body);
      }
    }
    if (batchMessages(request.body) > MCP_MAX_BATCH_MESSAGES) {
      return reply.status(400).header('content-type', JSON_TYPE).send(BATCH_TOO_LARGE);
    }

    if (request.method !== 'POST') {
      return reply
        .status(405)
        .header('allow', 'POST')
        .header('content-type', JSON_TYPE)
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless, use POST' }, id: null });
    }

    ensureStreamableAccept(request.raw);
    const server = this.servers.create(ctx);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    // The SDK reports a response it could not send (e.g. one too large to serialize) only here;
    // without an answer of our own the client would wait forever.
    server.server.onerror = (err) => {
      if (!/^Failed to send response/.test(err.message)) return this.logger.warn({ err }, 'MCP protocol error');
      this.logger.error({ err }, 'MCP response could not be sent');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': JSON_TYPE });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error: the response could not be sent' }, id: null }));
      }
    };
    try {
      await server.connect(transport);
      // The tools' changes are audited as this MCP client's (a route outside Nest's interceptors).
      await auditContext.run(ctx, () => transport.handleRequest(request.raw, reply.raw, request.body));
    } catch (err) {
      this.logger.error({ err }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': JSON_TYPE });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }));
      }
    }
  }
}

/**
 * The transport wants `Accept` to list both JSON and SSE (406 otherwise); like the reference,
 * a missing or partial header is completed instead of refused. The answer is JSON either way.
 */
export function ensureStreamableAccept(raw: IncomingMessage): void {
  const accept = raw.headers.accept ?? '';
  if (accept.includes('application/json') && accept.includes('text/event-stream')) return;
  raw.headers.accept = STREAMABLE_ACCEPT;
  const rawHeaders: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i].toLowerCase() !== 'accept') rawHeaders.push(raw.rawHeaders[i], raw.rawHeaders[i + 1]);
  }
  rawHeaders.push('Accept', STREAMABLE_ACCEPT);
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...rawHeaders);
}
