import type { OpenAPIObject } from '@nestjs/swagger';
import { MCP_MAX_BATCH_MESSAGES } from './mcp-batch';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});
const message = { type: 'object', additionalProperties: true, description: 'A JSON-RPC 2.0 message (see docs/mcp.md)' };
const jsonRpc = { 'application/json': { schema: message } };
const jsonRpcOrBatch = {
  'application/json': {
    schema: { oneOf: [message, { type: 'array', items: message, maxItems: MCP_MAX_BATCH_MESSAGES, description: 'A JSON-RPC batch' }] },
  },
};

/**
 * The MCP endpoint (a raw Fastify route: the MCP SDK's streamable HTTP transport writes the
 * answer), described by hand. The tools and their schemas are listed by `tools/list` itself. GET
 * and DELETE on the same path only answer 405 (stateless server) and are left out.
 */
export function mcpPaths(path: string): OpenAPIObject['paths'] {
  const security: Array<Record<string, string[]>> = [{ 'api-key': [] }, { 'mcp-bearer': [] }];
  const auth = {
    security,
    tags: ['mcp'],
  };
  const refusals = {
    '401': error('API key is required | Invalid API key | Invalid API key owner'),
    '403': error('MCP access is not enabled for this account (and the other API-key refusals)'),
  };
  return {
    [path]: {
      post: {
        ...auth,
        operationId: 'mcpRequest',
        summary: `MCP (Model Context Protocol) over streamable HTTP, stateless: one JSON-RPC message, or a batch of up to ${MCP_MAX_BATCH_MESSAGES}, per POST`,
        requestBody: { required: true, content: jsonRpcOrBatch },
        responses: {
          '200': { description: 'The JSON-RPC answer (an array for a batch)', content: jsonRpcOrBatch },
          '202': { description: 'A notification was accepted (no answer)' },
          '400': { description: `Not JSON-RPC, or a batch of more than ${MCP_MAX_BATCH_MESSAGES} messages (JSON-RPC error -32600)`, content: jsonRpc },
          ...refusals,
          '406': { description: 'Accept must allow application/json and text/event-stream', content: jsonRpc },
          '429': error(
            'Only with RATE_LIMIT_PER_MINUTE set: the key used up its requests for this minute, or a batch needs more than are left (each request in it counts; refused whole)',
          ),
        },
      },
    },
  };
}
