import { batchMessages, MCP_MAX_BATCH_MESSAGES, mcpRequestCost } from './mcp-batch';

const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_posts', arguments: {} } });
const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };
const response = { jsonrpc: '2.0', id: 9, result: {} };

describe('mcpRequestCost', () => {
  it('counts one for a single message, whatever it is', () => {
    expect(mcpRequestCost(call(1))).toBe(1);
    expect(mcpRequestCost(notification)).toBe(1);
    expect(mcpRequestCost(undefined)).toBe(1);
  });

  it('counts each request of a batch; notifications, responses and non-messages are free, a batch costs at least one', () => {
    expect(mcpRequestCost([call(1), call(2), notification, response, { id: 3 }, 'x'])).toBe(2);
    expect(mcpRequestCost([notification, notification])).toBe(1);
    expect(mcpRequestCost([])).toBe(1);
    expect(mcpRequestCost(Array.from({ length: MCP_MAX_BATCH_MESSAGES }, (_, i) => call(i)))).toBe(MCP_MAX_BATCH_MESSAGES);
  });

  it('counts one for a batch over the bound, which is refused before anything reads it', () => {
    expect(mcpRequestCost(Array.from({ length: MCP_MAX_BATCH_MESSAGES + 1 }, (_, i) => call(i)))).toBe(1);
    expect(batchMessages(Array.from({ length: MCP_MAX_BATCH_MESSAGES + 1 }, (_, i) => call(i)))).toBe(MCP_MAX_BATCH_MESSAGES + 1);
    expect(batchMessages(call(1))).toBe(1);
  });
});
