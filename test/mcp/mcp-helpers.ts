import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApp } from '@test/support';

/** An MCP client (the SDK's own) connected over Streamable HTTP with these headers. */
export async function mcpClient(t: TestApp, headers: Record<string, string>, path = '/mcp'): Promise<Client> {
  const client = new Client({ name: 'e2e-test', version: '1.0.0' });
  // t.fetch: the endpoint's answers are held to the OpenAPI document like every other suite's.
  const transport = new StreamableHTTPClientTransport(new URL(`${t.baseUrl}${path}`), { requestInit: { headers }, fetch: t.fetch });
  await client.connect(transport);
  return client;
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

export type ToolCall = CallToolResult & { json: Record<string, unknown> };

/** Calls a tool and parses its JSON text. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolCall> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result.content[0] as { type: 'text'; text: string }).text;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { ...result, json };
}

export const isoIn = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** `n` JSON-RPC `tools/call` requests of one tool, ids 1..n: a batch to POST as it is. */
export const toolCallBatch = (n: number, name: string, args: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name, arguments: args } }));

/** One raw POST to the MCP endpoint (a batch, or anything the SDK client would not send). */
export function postMcp(t: TestApp, key: string, body: unknown): Promise<Response> {
  return t.fetch(`${t.baseUrl}/mcp`, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  });
}
