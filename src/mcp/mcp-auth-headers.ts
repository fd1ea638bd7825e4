type Headers = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The headers the REST API-key check reads, from an MCP request: the key from
 * `Authorization: Bearer <key>` (else `x-api-key`, as the reference accepts), the client forced
 * to `mcp` (so the MCP-access entitlement is checked), and `x-service-user-id` passed through.
 * The verification itself stays in ApiKeyAuthService.
 */
export function mcpAuthHeaders(headers: Headers): Headers {
  const authorization = first(headers.authorization)?.trim();
  const bearer = authorization && /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : undefined;
  return {
    'x-api-key': bearer || first(headers['x-api-key']) || undefined,
    'x-service-user-id': first(headers['x-service-user-id']),
    'x-service-client': 'mcp',
  };
}
