import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/**
 * JSON-RPC batches at the MCP endpoint. The SDK's Streamable HTTP transport still takes them (an
 * array of messages in one POST, answered by an array of responses) though the 2025-06-18 protocol
 * dropped them, so an assistant may send a hundred calls in one request.
 */

/** Messages one POST may carry: the transport's own bound, checked before the batch is counted. */
export const MCP_MAX_BATCH_MESSAGES = 100;

/** The JSON-RPC error past the bound, in the transport's own words. */
export const BATCH_TOO_LARGE = {
  jsonrpc: '2.0',
  error: { code: -32600, message: `Invalid Request: Batch must not exceed ${MCP_MAX_BATCH_MESSAGES} messages` },
  id: null,
} as const;

/** Messages in a POST body: an array's length, otherwise one. */
export const batchMessages = (body: unknown): number => (Array.isArray(body) ? body.length : 1);

/**
 * What a POST costs against the per-key request limit: one per JSON-RPC request in it (a message
 * the server answers: `tools/call`, `tools/list`, `ping`, …); notifications and responses ask for
 * no work. At least one, like any request, and one for a batch over the bound (refused unread).
 */
export function mcpRequestCost(body: unknown): number {
  if (!Array.isArray(body) || body.length > MCP_MAX_BATCH_MESSAGES) return 1;
  return Math.max(1, body.filter((message) => isJSONRPCRequest(message)).length);
}
