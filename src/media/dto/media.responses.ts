import { ApiProperty } from '@nestjs/swagger';

export class ProcessVideoResponse {
  @ApiProperty({ description: 'Handle of the background upload; the outcome is on the media record' })
  sessionId: string;
}

export class MediaSuccessResponse {
  @ApiProperty({ example: true }) success: true;
}
