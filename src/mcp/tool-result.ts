import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorResponse } from '../common/api-error';

/** A REST response body as a tool result: the JSON text (what assistants read) and structuredContent. */
export function toolResult(body: object): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body as Record<string, unknown> };
}

/**
 * A failure as an MCP tool error (`isError: true`, never a protocol error): the REST error body
 * (`{ error, ...extra }`, e.g. the limit-exceeded fields) plus the HTTP `status` REST would
 * have answered. Anything that is not an ApiError becomes the route's 500 message, like
 * `@FailureMessage`; the caller logs the cause.
 */
export function toolError(err: unknown, failureMessage: string): CallToolResult {
  const { status, body: error } = errorResponse(err, failureMessage);
  const body = { ...error, status };
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body, isError: true };
}
