import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MEDIA_TYPES } from '../media-names';
import { MediaMessages } from '../media.errors';
import { FileNameRules, MAX_FILE_NAME_LENGTH, RequiredText, UploadTypeAsText } from './upload-url.rules';

/** POST /api/v1/get-upload-url body, for REST's pipe and MCP get_upload_url (`validateInput`). */
export class GetUploadUrlDto {
  @FileNameRules(RequiredText(MediaMessages.uploadUrlRequired))
  @ApiProperty({
    maxLength: MAX_FILE_NAME_LENGTH,
    description: 'Trimmed; spaces become underscores; other than letters, digits, `_`, `.`, `-` removed',
    example: 'photo 1.png',
  })
  fileName: string;

  @RequiredText(MediaMessages.uploadUrlRequired)
  @ApiProperty({ description: 'MIME type the PUT must send (not validated)', example: 'image/png' })
  contentType: string;

  @RequiredText(MediaMessages.uploadUrlRequired)
  @ApiProperty({ description: 'Post group the file belongs to (attached only when it is your group)', example: '665f1c2b9d3e4a0012345678' })
  postGroupId: string;

  @UploadTypeAsText()
  @ApiPropertyOptional({ enum: MEDIA_TYPES, description: 'Storage key prefix; always send it: without it the upload fails' })
  type?: string;
}

export class GetUploadUrlResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ description: 'Pre-signed PUT address (1 hour, one use)' }) uploadUrl: string;
  @ApiProperty({ description: 'Public address of the file once uploaded' }) fileUrl: string;
  @ApiProperty({ example: '665f1c2b9d3e4a0012345679' }) mediaId: string;
}
