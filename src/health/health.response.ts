import { ApiProperty } from '@nestjs/swagger';

export class DatabaseHealthResponse {
  @ApiProperty({ enum: ['up', 'down'] }) status: string;
  @ApiProperty({ enum: ['disconnected', 'connected', 'connecting', 'disconnecting', 'unknown'] }) state: string;
  @ApiProperty({ description: 'The embedded database (no MONGODB_URI)' }) embedded: boolean;
  @ApiProperty({ description: 'Time the ping took (or took to fail), ms' }) pingMs: number;
}

export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'] }) status: string;
  @ApiProperty({ type: DatabaseHealthResponse }) database: DatabaseHealthResponse;
}
