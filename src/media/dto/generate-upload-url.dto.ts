import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

const REQUIRED = 'fileName and contentType are required';

/** Deprecated POST /media/generate-upload-url body. */
export class GenerateUploadUrlDto {
  @MaxLength(255, { message: 'fileName must be at most 255 characters' })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @ApiProperty({ example: 'clip.mp4', maxLength: 255 })
  fileName: string;

  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @ApiProperty({ description: 'Must start with image/ or video/', example: 'video/mp4' })
  contentType: string;

  @IsOptional()
  @IsObject({ message: 'metadata must be an object' })
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  metadata?: Record<string, unknown>;

  @IsOptional()
  @Allow()
  @ApiPropertyOptional({ enum: ['image', 'video'], description: 'Default: from the content type' })
  type?: unknown;
}

export class GenerateUploadUrlResponse {
  @ApiProperty() uploadUrl: string;
  @ApiProperty({ description: 'Storage key' }) key: string;
}
