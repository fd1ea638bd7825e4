import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { PLATFORM_NAMES } from '../../platforms/platform-adapter';
import { POST_GROUP_STATUSES } from '../post-status';

/** list-posts query string; clamps and checks live in `buildListPostsQuery`. */
export class ListPostsQueryDto {
  @Allow()
  @ApiPropertyOptional({ type: Number, default: 1, description: 'Below 1 → 1' })
  page?: unknown;
  @Allow()
  @ApiPropertyOptional({ type: Number, default: 20, description: 'Clamped to 1-100; 0, NaN or empty → 20' })
  limit?: unknown;
  @Allow()
  @ApiPropertyOptional({ enum: POST_GROUP_STATUSES })
  status?: unknown;
  @Allow()
  @ApiPropertyOptional({ enum: PLATFORM_NAMES, description: 'Bare platform name, case-insensitive' })
  platform?: unknown;
  @Allow()
  @ApiPropertyOptional({ enum: ['createdAt', 'scheduledTime', 'updatedAt'], default: 'createdAt' })
  sortBy?: unknown;
  @Allow()
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  sortOrder?: unknown;
  @Allow()
  @ApiPropertyOptional({ description: 'Inclusive lower bound on scheduledTime (any parseable date)' })
  fromDate?: unknown;
  @Allow()
  @ApiPropertyOptional({ description: 'Inclusive upper bound on scheduledTime (any parseable date)' })
  toDate?: unknown;
}

export class ListedPlatform {
  @ApiProperty({ example: 'linkedin-abc123' })
  platformId: string;
  @ApiProperty({ example: 'linkedin' })
  platform: string;
  @ApiProperty({ enum: ['pending', 'scheduled', 'processing', 'published', 'failed'] })
  status: string;
}

export class ListedPostDto {
  @ApiProperty()
  postGroupId: string;
  @ApiProperty()
  content: string;
  @ApiProperty({ enum: POST_GROUP_STATUSES })
  status: string;
  @ApiPropertyOptional()
  scheduledTime?: string;
  @ApiProperty()
  createdAt: string;
  @ApiProperty()
  updatedAt: string;
  @ApiProperty({ type: [ListedPlatform] })
  platforms: ListedPlatform[];
  @ApiProperty({ type: [String] })
  mediaUrls: string[];
}

export class PaginationDto {
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
  @ApiProperty() totalItems: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() hasNextPage: boolean;
  @ApiProperty() hasPrevPage: boolean;
}

export class ListPostsResponse {
  @ApiProperty({ example: true })
  success: true;
  @ApiProperty({ type: [ListedPostDto] })
  posts: ListedPostDto[];
  @ApiProperty({ type: PaginationDto })
  pagination: PaginationDto;
}
