import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { GetUploadUrlDto, GetUploadUrlResponse, SetAltTextDto, SetAltTextResponse } from './dto/get-upload-url.dto';
import { MediaMessages } from './media.errors';
import { MediaService } from './media.service';

/** POST /api/v1/get-upload-url: a pre-signed, one-time, 1-hour PUT address for a file; POST /api/v1/media/:mediaId/alt-text. */
@ApiTags('media')
@ApiKeyAuth()
@ApiHeader({ name: 'x-api-key', required: true, description: 'API key' })
@Controller('api/v1')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Post('get-upload-url')
  @HttpCode(200)
  @FailureMessage('Failed to create upload URL')
  @ApiOperation({ summary: 'Pre-signed upload URL; PUT the file to it with the same Content-Type' })
  @ApiResponse({ status: 200, type: GetUploadUrlResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      'fileName, contentType, and postGroupId are required | the altText messages of media/{mediaId}/alt-text (length, characters, a platform limit)',
  })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to create upload URL' })
  getUploadUrl(@Ctx() ctx: RequestContext, @Body() body: GetUploadUrlDto): Promise<GetUploadUrlResponse> {
    return this.media.createUploadUrl(ctx, body);
  }

  @Post('media/:mediaId/alt-text')
  @HttpCode(200)
  @FailureMessage('Failed to set alt text')
  @ApiOperation({
    summary: 'Set or clear the alt text of one of your media files',
    description:
      "Sent to the platforms that take alt text when the post is published. Refused once the post is published or failed, while it is being published, and when longer than the limit of one of the post's platforms (docs/media.md).",
  })
  @ApiParam({ name: 'mediaId', description: 'The mediaId of get-upload-url' })
  @ApiResponse({ status: 200, type: SetAltTextResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: `${MediaMessages.altTextRequired} | ${MediaMessages.altTextNotString} | altText must be at most <n> characters | altText must not contain control characters… | altText is too long for <platform> (<length>/<limit> characters) | ${MediaMessages.altTextPostFinished} | ${MediaMessages.altTextPublishing}`,
  })
  @ApiResponse({ status: 404, type: ErrorResponse, description: MediaMessages.notFound })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to set alt text' })
  async setAltText(@Ctx() ctx: RequestContext, @Param('mediaId') mediaId: string, @Body() body: SetAltTextDto): Promise<SetAltTextResponse> {
    const { altText } = await this.media.setAltText(ctx, mediaId, body);
    return { success: true, mediaId, altText };
  }
}
