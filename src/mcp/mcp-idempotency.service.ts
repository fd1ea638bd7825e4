import { Injectable } from '@nestjs/common';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { IdempotencyMessages } from './mcp.errors';

/**
 * `idempotencyKey` of the MCP tools that create (create_webhook, get_upload_url, update_post), on
 * the one idempotency mechanism with the tool's name as the key's scope. create_post passes its
 * key to create-post's own (scope `create-post`, shared with the REST header).
 */
@Injectable()
export class McpIdempotencyService {
  constructor(private readonly idempotency: IdempotencyService) {}

  /** Validates a key (400 like the REST header, in the tools' words). */
  checkKey(key: string): string {
    return this.idempotency.checkKey(key, IdempotencyMessages);
  }

  /** Runs `execute` once per (user, tool, key); without a key it just runs. */
  run<T extends object>(userId: string, tool: string, key: string | undefined, args: unknown, execute: () => Promise<T>): Promise<T> {
    if (key === undefined) return execute();
    return this.idempotency.run({ userId, scope: tool, key, input: args, messages: IdempotencyMessages }, () => execute());
  }
}
