import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsObject } from 'class-validator';
import { WhenPresent } from '../../common/validation/field-rules';
import { isMediaType, MEDIA_TYPES, type MediaType } from '../media-names';
import { MediaMessages } from '../media.errors';
import { FileNameRules, IsMediaContentType, MAX_FILE_NAME_LENGTH, RequiredText } from './upload-url.rules';

/** Deprecated POST /media/generate-upload-url body: the spec's two checks, then ours on metadata. */
export class GenerateUploadUrlDto {
  @FileNameRules(RequiredText(MediaMessages.fileAndTypeRequired))
  @ApiProperty({ example: 'clip.mp4', maxLength: MAX_FILE_NAME_LENGTH })
  fileName: string;

  @IsMediaContentType()
  @RequiredText(MediaMessages.fileAndTypeRequired)
  @ApiProperty({ description: 'Must start with image/ or video/', example: 'video/mp4' })
  contentType: string;

  @WhenPresent()
  @IsObject({ message: MediaMessages.metadataNotObject })
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  metadata?: Record<string, unknown>;

  // Another value counts as absent: the content type decides.
  @Transform(({ value }: { value: unknown }) => (isMediaType(value) ? value : undefined))
  @Allow()
  @ApiPropertyOptional({ enum: MEDIA_TYPES, description: 'Default: from the content type' })
  type?: MediaType;
}

export class GenerateUploadUrlResponse {
  @ApiProperty() uploadUrl: string;
  @ApiProperty({ description: 'Storage key' }) key: string;
}
