/** Messages of the MCP tools' own `idempotencyKey` (docs/mcp.md); everything else answers REST's messages. */
export const IdempotencyMessages = {
  invalidKey: 'Invalid idempotencyKey: 1-255 visible ASCII characters',
  reused: 'idempotencyKey reused with different arguments',
  inProgress: 'A call with this idempotencyKey is still in progress; retry later',
} as const;
