import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { GetUploadUrlDto, GetUploadUrlResponse } from './dto/get-upload-url.dto';
import { MediaService } from './media.service';

/** POST /api/v1/get-upload-url: a pre-signed, one-time, 1-hour PUT address for a file. */
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
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'fileName, contentType, and postGroupId are required' })
  @ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to create upload URL' })
  getUploadUrl(@Ctx() ctx: RequestContext, @Body() body: GetUploadUrlDto): Promise<GetUploadUrlResponse> {
    return this.media.createUploadUrl(ctx, body);
  }
}
