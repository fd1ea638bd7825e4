import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_ALT_TEXT_LENGTH } from '@app/rules';
import { IsPresent, WhenPresent } from '../../common/validation/field-rules';
import { AltTextRules } from './alt-text.rules';
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
  @ApiProperty({ description: 'MIME type the PUT must send (not validated here): application/pdf for a document', example: 'image/png' })
  contentType: string;

  @RequiredText(MediaMessages.uploadUrlRequired)
  @ApiProperty({ description: 'Post group the file belongs to (attached only when it is your group)', example: '665f1c2b9d3e4a0012345678' })
  postGroupId: string;

  @UploadTypeAsText()
  @ApiPropertyOptional({
    enum: MEDIA_TYPES,
    description: 'Storage key prefix; always send it: without it the upload fails. `document` is a PDF (contentType application/pdf), taken by LinkedIn only',
  })
  type?: string;

  @WhenPresent()
  @AltTextRules()
  @ApiPropertyOptional({
    maxLength: MAX_ALT_TEXT_LENGTH,
    description:
      'Description of the image or video for screen readers, sent to the platforms that take alt text (within each of the group\'s platforms\' limits); "" or absent: none',
    example: 'A red bicycle leaning on a brick wall',
  })
  altText?: string;
}

export class GetUploadUrlResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ description: 'Pre-signed PUT address (1 hour, one use)' }) uploadUrl: string;
  @ApiProperty({ description: 'Public address of the file once uploaded' }) fileUrl: string;
  @ApiProperty({ example: '665f1c2b9d3e4a0012345679' }) mediaId: string;
}

/** POST /api/v1/media/:mediaId/alt-text body (and the dashboard's and MCP's). */
export class SetAltTextDto {
  @AltTextRules()
  @IsPresent(MediaMessages.altTextRequired)
  @ApiProperty({
    maxLength: MAX_ALT_TEXT_LENGTH,
    description: 'New alt text; "" clears it. Surrounding whitespace is trimmed',
    example: 'A red bicycle leaning on a brick wall',
  })
  altText: string;
}

export class SetAltTextResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ example: '665f1c2b9d3e4a0012345679' }) mediaId: string;
  @ApiProperty({ description: 'The alt text as stored ("" when cleared)', example: 'A red bicycle leaning on a brick wall' }) altText: string;
}
