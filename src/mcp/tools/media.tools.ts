import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { validateInput } from '../../common/validation/validate-input';
import { GetUploadUrlDto, SetAltTextDto } from '../../media/dto/get-upload-url.dto';
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
        contentType: z
          .string({ required_error: REQUIRED })
          .min(1, REQUIRED)
          .describe('MIME type the PUT will send, e.g. image/png, video/mp4, or application/pdf for a document'),
        postGroupId: z.string({ required_error: REQUIRED }).min(1, REQUIRED).describe('Post group the file belongs to'),
        type: z
          .string()
          .optional()
          .describe('image, video or document (a PDF, for LinkedIn document posts); always send it (without it, or with another value, the upload fails)'),
        altText: z
          .string()
          .optional()
          .describe(
            "Description of the image or video for screen readers, sent to the platforms that take alt text (within each of the group's platforms' limits)",
          ),
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(
      scope,
      'get_upload_url',
      'Failed to create upload URL',
      (args: { fileName: string; contentType: string; postGroupId: string; type?: string; altText?: string; idempotencyKey?: string }) => {
        const { idempotencyKey, ...input } = args;
        return idempotency.run(ctx.userId, 'get_upload_url', idempotencyKey, input, () =>
          media.createUploadUrl(ctx, validateInput(GetUploadUrlDto, defined(input))),
        );
      },
    ),
  );

  registerTool(
    server,
    'set_media_alt_text',
    {
      title: 'Set the alt text of a media file',
      description:
        "Sets the description of an uploaded image or video for screen readers (the mediaId of get_upload_url); an empty string clears it. Sent to the platforms that take alt text (Bluesky, Mastodon, X, LinkedIn, Facebook, Instagram images, Threads, Pinterest). Refused once the post is published or failed, while it is being published, and when longer than one of the post's platforms takes (X 1000, Pinterest 500, Mastodon 1500, Bluesky 2000, LinkedIn 4086, others 1000 characters). Returns { success, mediaId, altText }.",
      inputSchema: {
        mediaId: z.string().min(1).describe('The mediaId of get_upload_url'),
        altText: z.string().describe('New alt text; "" clears it'),
        idempotencyKey: idempotencyKeyParam,
      },
      annotations: { idempotentHint: true },
    },
    runTool(scope, 'set_media_alt_text', 'Failed to set alt text', (args: { mediaId: string; altText: string; idempotencyKey?: string }) => {
      const { idempotencyKey, ...input } = args;
      return idempotency.run(ctx.userId, 'set_media_alt_text', idempotencyKey, input, async () => {
        const { altText } = await media.setAltText(ctx, input.mediaId, validateInput(SetAltTextDto, { altText: input.altText }));
        return { success: true, mediaId: input.mediaId, altText };
      });
    }),
  );
}
