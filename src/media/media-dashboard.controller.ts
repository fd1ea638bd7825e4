import { Body, Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { SessionAuth } from '../auth/auth.decorators';
import { OwnBodyFormat } from '../auth/guards/session-request.guard';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { DeprecatedRoute } from '../common/deprecated-route';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { GenerateUploadUrlDto, GenerateUploadUrlResponse } from './dto/generate-upload-url.dto';
import { MediaSuccessResponse, ProcessVideoResponse } from './dto/media.responses';
import { isAcceptedVideo, videoMimeTypeFor } from './media-names';
import { MediaService } from './media.service';
import { VideoProcessingService } from './video-processing.service';
import { MediaMessages } from './media.errors';
import { ProcessVideoMessages } from './media.errors';
import { RequiresRole } from '../auth/team-roles';

/** Dashboard-only media routes (session cookie). */
@ApiTags('media (dashboard)')
@SessionAuth()
@Controller('media')
export class MediaDashboardController {
  constructor(
    private readonly media: MediaService,
    private readonly videos: VideoProcessingService,
  ) {}

  /**
   * Receives the multipart file streamed to a temp file (never whole in memory), answers the
   * session id, and stores and probes it in the background.
   */
  @RequiresRole('editor')
  @Post('process-video')
  @OwnBodyFormat('multipart/form-data')
  @HttpCode(200)
  @FailureMessage('Failed to process video')
  @ApiOperation({ summary: 'Server-side video upload (multipart: video, postGroupId); asynchronous' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['video', 'postGroupId'],
      properties: { video: { type: 'string', format: 'binary' }, postGroupId: { type: 'string' } },
    },
  })
  @ApiResponse({ status: 200, type: ProcessVideoResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'No video file uploaded | Unsupported video format. Allowed: MP4, MOV, AVI, MKV, WebM | postGroupId is required',
  })
  @ApiResponse({ status: 413, type: ErrorResponse, description: 'Video exceeds the plan upload limit' })
  async processVideo(@Ctx() ctx: RequestContext, @Req() request: FastifyRequest): Promise<ProcessVideoResponse> {
    if (!request.isMultipart()) throw ApiError.badRequest(ProcessVideoMessages.noFile);
    const cap = this.videos.videoCapBytes(ctx);
    let video: { tempPath: string; originalName: string; mimeType: string } | undefined;
    let postGroupId: string | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: cap.bytes, files: 1 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'postGroupId' && typeof part.value === 'string') postGroupId = part.value.trim();
          continue;
        }
        if (part.fieldname !== 'video') {
          part.file.resume();
          continue;
        }
        if (!isAcceptedVideo(part.mimetype, part.filename)) {
          part.file.destroy();
          throw ApiError.badRequest(ProcessVideoMessages.unsupported);
        }
        const tempPath = await this.media.scratchPath();
        video = { tempPath, originalName: part.filename, mimeType: videoMimeTypeFor(part.filename, part.mimetype) };
        await pipeline(part.file, createWriteStream(tempPath));
        if (part.file.truncated) throw new ApiError(413, ProcessVideoMessages.tooLarge(Math.round(cap.bytes / 1024 / 1024), cap.planName));
      }
      if (!video) throw ApiError.badRequest(ProcessVideoMessages.noFile);
      if (!postGroupId) throw ApiError.badRequest(ProcessVideoMessages.noGroup);
    } catch (err) {
      if (video) await rm(video.tempPath, { force: true });
      throw mapMultipartError(err, cap);
    }
    return this.videos.startVideoProcessing(ctx, { ...video, postGroupId });
  }

  @RequiresRole('editor')
  @Delete('post/media/:mediaId')
  @FailureMessage('Failed to delete media file')
  @ApiOperation({ summary: 'Delete a media file of your post (not once the post is published or failed)' })
  @ApiResponse({ status: 200, type: MediaSuccessResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Cannot delete media from a post that has already been published or failed' })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Authentication required' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: MediaMessages.notFound })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to delete media file' })
  deleteMedia(@Ctx() ctx: RequestContext, @Param('mediaId') mediaId: string): Promise<MediaSuccessResponse> {
    return this.media.deleteMedia(ctx, mediaId);
  }

  /** Deprecated (spec): answers carry `Deprecation: true` and a `Link` to get-upload-url. */
  @RequiresRole('editor')
  @Post('generate-upload-url')
  @DeprecatedRoute('/api/v1/get-upload-url')
  @HttpCode(200)
  @FailureMessage('Failed to generate upload URL')
  @ApiOperation({ summary: 'Deprecated: use POST /api/v1/get-upload-url', deprecated: true })
  @ApiResponse({ status: 200, type: GenerateUploadUrlResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'fileName and contentType are required | Only video and image files are allowed' })
  generateUploadUrl(@Ctx() ctx: RequestContext, @Body() body: GenerateUploadUrlDto): Promise<GenerateUploadUrlResponse> {
    return this.media.createLegacyUploadUrl(ctx, body);
  }
}

/** Multipart limit errors as clear JSON answers (files limit, size limit, broken bodies). */
function mapMultipartError(err: unknown, cap: { bytes: number; planName: string }): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ApiError(413, ProcessVideoMessages.tooLarge(Math.round(cap.bytes / 1024 / 1024), cap.planName));
  }
  if (code === 'FST_FILES_LIMIT') return ApiError.badRequest(MediaMessages.oneVideoPerRequest);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return ApiError.badRequest(ProcessVideoMessages.noFile);
  return err;
}
