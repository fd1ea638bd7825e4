/** An idempotency key: 1-255 visible ASCII characters, for create-post's Idempotency-Key header and MCP's idempotencyKey argument alike. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
