import { mcpAuthHeaders } from './mcp-auth-headers';

describe('mcpAuthHeaders', () => {
  it('takes the key from a Bearer header (any case) and marks the client as mcp', () => {
    expect(mcpAuthHeaders({ authorization: 'Bearer sk_abc.def' })).toEqual({
      'x-api-key': 'sk_abc.def',
      'x-service-user-id': undefined,
      'x-service-client': 'mcp',
    });
    expect(mcpAuthHeaders({ authorization: 'bearer   sk_x ' })['x-api-key']).toBe('sk_x');
  });

  it('falls back to x-api-key; Bearer wins when both are sent', () => {
    expect(mcpAuthHeaders({ 'x-api-key': 'k1' })['x-api-key']).toBe('k1');
    expect(mcpAuthHeaders({ authorization: 'Bearer k2', 'x-api-key': 'k1' })['x-api-key']).toBe('k2');
  });

  it('ignores other authorization schemes and empty bearer tokens', () => {
    expect(mcpAuthHeaders({ authorization: 'Basic Zm9vOmJhcg==' })['x-api-key']).toBeUndefined();
    expect(mcpAuthHeaders({ authorization: 'Bearer ' })['x-api-key']).toBeUndefined();
  });

  it('always sends client mcp, whatever the caller claimed, and passes the workspace header', () => {
    const h = mcpAuthHeaders({ authorization: 'Bearer k', 'x-service-client': 'api', 'x-service-user-id': ['a'.repeat(24)] });
    expect(h['x-service-client']).toBe('mcp');
    expect(h['x-service-user-id']).toBe('a'.repeat(24));
  });
});
