import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { validateInput } from '../../common/validation/validate-input';
import { GetUploadUrlDto } from '../../media/dto/get-upload-url.dto';
import type { MediaService } from '../../media/media.service';
import { MediaMessages } from '../../media/media.errors';
import type { McpIdempotencyService } from '../mcp-idempotency.service';
import { defined, idempotencyKeyParam, runTool, type ToolScope, registerTool } from './tool-kit';

// The SDK refuses arguments its schema does not take before the tool runs: with get-upload-url's message.
const REQUIRED = MediaMessages.uploadUrlRequired;

export function registerMediaTools(server: McpServer, scope: ToolScope, media: MediaService, idempotency: McpIdempotencyService): void {
  const { ctx } = scope;

  registerTool(
    server,
    'get_upload_url',
    {
      title: 'Get a media upload URL',
      description:
        'Pre-signed upload address for one media file of a post group (valid 1 hour, one use). Then PUT the file bytes to uploadUrl with the same Content-Type; fileUrl is its public address, and the file is attached to the post group. Create the post as a draft first and schedule it after the upload.',
      inputSchema: {
        fileName: z
          .string({ required_error: REQUIRED })
          .min(1, REQUIRED)
          .describe('File name, e.g. photo.png (sanitised: spaces to underscores, unusual characters removed)'),
        contentType: z.string({ required_error: REQUIRED }).min(1, REQUIRED).describe('MIME type the PUT will send, e.g. image/png or video/mp4'),
        postGroupId: z.string({ required_error: REQUIRED }).min(1, REQUIRED).describe('Post group the file belongs to'),
        type: z.string().optional().describe('image or video; always send it (without it, or with another value, the upload fails)'),
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(
      scope,
      'get_upload_url',
      'Failed to create upload URL',
      (args: { fileName: string; contentType: string; postGroupId: string; type?: string; idempotencyKey?: string }) => {
        const { idempotencyKey, ...input } = args;
        return idempotency.run(ctx.userId, 'get_upload_url', idempotencyKey, input, () =>
          media.createUploadUrl(ctx, validateInput(GetUploadUrlDto, defined(input))),
        );
      },
    ),
  );
}
