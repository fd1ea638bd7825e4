import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { Allow, IsDate, IsIn } from 'class-validator';
import { WhenGiven } from '../../common/validation/field-rules';
import { FirstCommentDto } from './post-detail.response';
import { PLATFORM_NAMES, PLATFORM_POST_STATUSES, POST_GROUP_STATUSES, type PostGroupStatus } from '@app/rules';
import {
  clampLimit,
  clampPage,
  DEFAULT_LIST_LIMIT,
  DEFAULT_SORT_KEY,
  LIST_SORT_KEYS,
  LIST_SORT_ORDERS,
  type ListSortKey,
  type ListSortOrder,
} from '../list-posts.query';
import { PostMessages } from '../posts.errors';

/** A repeated query parameter arrives as an array: the first value counts; '' and null count as absent. */
function given(value: unknown): unknown {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return first === undefined || first === null || first === '' ? undefined : first;
}

/** Any parseable date (a Date as GraphQL hands it, or text); what does not parse stays an invalid Date for `IsDate`. */
function toDate(value: unknown): Date | undefined {
  const v = given(value);
  if (v === undefined) return undefined;
  return v instanceof Date ? v : new Date(String(v));
}

/** `page` and `limit` as list-posts takes them (clamped, defaulted): every paged list of the API shares them. */
export class PageQueryDto {
  @Expose()
  @Transform(({ value }) => clampPage(value))
  @Allow()
  @ApiPropertyOptional({ type: Number, default: 1, description: 'Below 1 → 1' })
  page: number;

  @Expose()
  @Transform(({ value }) => clampLimit(value))
  @Allow()
  @ApiPropertyOptional({ type: Number, default: DEFAULT_LIST_LIMIT, description: 'Clamped to 1-100; 0, NaN or empty → 20' })
  limit: number;
}

/**
 * list-posts query, for every transport (REST's pipe, `validateInput` for MCP and GraphQL): clamps
 * and defaults as transforms, checks with the spec's messages. Fields are checked in the order
 * declared, the spec's: status, sortBy, then the dates. `buildListPostsQuery` turns the result
 * into the Mongo filter and sort.
 */
export class ListPostsQueryDto extends PageQueryDto {
  @Transform(({ value }) => given(value))
  @WhenGiven()
  @IsIn(POST_GROUP_STATUSES, { message: PostMessages.invalidStatus(POST_GROUP_STATUSES) })
  @ApiPropertyOptional({ enum: POST_GROUP_STATUSES, description: 'Exact group status; empty means all' })
  status?: PostGroupStatus;

  @Expose()
  @Transform(({ value }) => given(value) ?? DEFAULT_SORT_KEY)
  @IsIn(LIST_SORT_KEYS, { message: PostMessages.invalidSortBy })
  @ApiPropertyOptional({ enum: LIST_SORT_KEYS, default: DEFAULT_SORT_KEY })
  sortBy: ListSortKey;

  @Expose()
  @Transform(({ value }) => (given(value) === 'asc' ? 'asc' : 'desc'))
  @Allow()
  @ApiPropertyOptional({ enum: LIST_SORT_ORDERS, default: 'desc', description: 'Any other value counts as desc' })
  sortOrder: ListSortOrder;

  @Transform(({ value }) => toDate(value))
  @WhenGiven()
  @IsDate({ message: PostMessages.invalidFromDate })
  @ApiPropertyOptional({ type: String, description: 'Inclusive lower bound on scheduledTime (any parseable date)' })
  fromDate?: Date;

  @Transform(({ value }) => toDate(value))
  @WhenGiven()
  @IsDate({ message: PostMessages.invalidToDate })
  @ApiPropertyOptional({ type: String, description: 'Inclusive upper bound on scheduledTime (any parseable date)' })
  toDate?: Date;

  // Not checked: an unknown name matches nothing (an empty page), as the spec's prefix match would.
  @Transform(({ value }) => {
    const v = given(value);
    return v === undefined ? undefined : String(v).toLowerCase();
  })
  @Allow()
  @ApiPropertyOptional({ enum: PLATFORM_NAMES, description: 'Bare platform name, case-insensitive' })
  platform?: string;
}

export class ListedPlatform {
  @ApiProperty({ example: 'linkedin-abc123' })
  platformId: string;
  @ApiProperty({ example: 'linkedin' })
  platform: string;
  @ApiProperty({ enum: PLATFORM_POST_STATUSES })
  status: string;
  @ApiPropertyOptional({ description: 'Only when this account publishes its own text (an override): that text' })
  content?: string;
  @ApiPropertyOptional({ type: Boolean, enum: [true], description: 'Present (true) only with an override' })
  contentOverridden?: true;
  @ApiPropertyOptional({ type: FirstCommentDto, description: 'Only on a post with a first comment' })
  firstComment?: FirstCommentDto;
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
  @ApiPropertyOptional({ type: Boolean, enum: [true], description: 'Present (true) only on a post the queue placed' })
  fromQueue?: true;
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
