import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const REQUIRED = 'fileName, contentType, and postGroupId are required';

/** POST /api/v1/get-upload-url body. */
export class GetUploadUrlDto {
  // Runs after the presence checks (class-validator applies decorators bottom-up).
  @MaxLength(255, { message: 'fileName must be at most 255 characters' })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @ApiProperty({ maxLength: 255, description: 'Trimmed; spaces become underscores; other than letters, digits, `_`, `.`, `-` removed', example: 'photo 1.png' })
  fileName: string;

  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @ApiProperty({ description: 'MIME type the PUT must send (not validated)', example: 'image/png' })
  contentType: string;

  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @ApiProperty({ description: 'Post group the file belongs to (attached only when it is your group)', example: '665f1c2b9d3e4a0012345678' })
  postGroupId: string;

  @IsOptional()
  @Allow()
  @ApiPropertyOptional({ enum: ['image', 'video'], description: 'Storage key prefix; always send it: without it the upload fails' })
  type?: unknown;
}

export class GetUploadUrlResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ description: 'Pre-signed PUT address (1 hour, one use)' }) uploadUrl: string;
  @ApiProperty({ description: 'Public address of the file once uploaded' }) fileUrl: string;
  @ApiProperty({ example: '665f1c2b9d3e4a0012345679' }) mediaId: string;
}
