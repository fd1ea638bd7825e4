import type { Logger } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z, type ZodRawShape } from 'zod';
import { ApiError } from '../../common/api-error';
import type { RequestContext } from '../../auth/request-context';
import { toolError, toolResult } from '../tool-result';

/** What every tool handler gets: the authenticated caller of this MCP request. */
export interface ToolScope {
  ctx: RequestContext;
  logger: Logger;
  /** Bytes the tool results of this HTTP request may still take (MCP_MAX_RESPONSE_BYTES). */
  budget: { remaining: number; limit: number };
}

export interface ToolDefinition {
  title?: string;
  description: string;
  inputSchema: ZodRawShape;
  annotations?: ToolAnnotations;
}

type LooseRegisterTool = (name: string, config: ToolDefinition, cb: (args: unknown) => Promise<CallToolResult>) => unknown;

/**
 * `server.registerTool` without its generic inference: the SDK derives the callback's argument
 * type from the zod shape through deep conditional types, costly for the type checker (and a
 * known source of "excessively deep" errors). The handlers declare their argument types; the SDK
 * still validates the arguments against the schema at run time.
 */
export function registerTool<A>(server: McpServer, name: string, config: ToolDefinition, cb: (args: A) => Promise<CallToolResult>): void {
  (server.registerTool as unknown as LooseRegisterTool).call(server, name, config, cb as unknown as (args: unknown) => Promise<CallToolResult>);
}

/** The answer for a result that would not fit in what is left of the request's response budget. */
function tooLarge(size: number, limit: number): ApiError {
  const mb = (n: number) => (n / 1_048_576).toFixed(1);
  return new ApiError(
    413,
    `Result too large: about ${mb(size)} MB, and one MCP response may carry at most ${mb(limit)} MB of results (MCP_MAX_RESPONSE_BYTES); ask for less (a smaller limit or page) or make fewer calls in one batch`,
  );
}

/**
 * Wraps a tool body: its REST response body becomes the result; a failure becomes a tool error
 * with the REST message (`failureMessage` is the route's 500 text, as `@FailureMessage`).
 */
export function runTool<A>(scope: ToolScope, tool: string, failureMessage: string, body: (args: A) => Promise<object>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      const result = toolResult(await body(args));
      // The text and structuredContent both carry the body: it counts twice.
      const size = 2 * Buffer.byteLength((result.content[0] as { text: string }).text);
      if (size > scope.budget.remaining) {
        scope.logger.warn(`${tool}: result of ${size} bytes refused, ${scope.budget.remaining} of ${scope.budget.limit} left for this request`);
        return toolError(tooLarge(size, scope.budget.limit), failureMessage);
      }
      scope.budget.remaining -= size;
      return result;
    } catch (err) {
      if (!(err instanceof ApiError)) scope.logger.error({ err, tool }, failureMessage);
      return toolError(err, failureMessage);
    }
  };
}

export const idempotencyKeyParam = z
  .string()
  .optional()
  .describe(
    'Optional retry key (1-255 visible ASCII characters, e.g. a UUID). Repeating the call with the same key and the same arguments within 24 h returns the first result instead of acting twice; the same key with different arguments is refused (409).',
  );

export const dateParts = z
  .object({
    year: z.number().int().describe('e.g. 2026'),
    month: z.number().int().describe('1-12'),
    day: z.number().int().describe('1-31'),
  })
  .describe('A calendar date');

export const dateRangeParam = z.object({ start: dateParts, end: dateParts }).describe('Date range { start, end }, each { year, month, day }');

/** Copies only the arguments that were given (REST bodies never carry explicit undefined). */
export function defined<T extends Record<string, unknown>>(args: T): Partial<T> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as Partial<T>;
}
