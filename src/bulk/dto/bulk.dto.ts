import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn } from 'class-validator';
import { PLATFORM_POST_STATUSES, POST_GROUP_STATUSES } from '@app/rules';
import { ErrorResponse } from '../../common/error.response';
import { WhenGiven } from '../../common/validation/field-rules';
import { MetricReadingDto } from '../../engagement/dto/engagement.responses';
import { ERROR_CATEGORIES } from '../../platforms/error-category';
import { FirstCommentDto } from '../../posts/dto/post-detail.response';
import { ListPostsQueryDto } from '../../posts/dto/list-posts.query.dto';
import { PlatformVerdictResponse } from '../../publishing/dto/validate-post.dto';
import { BULK_MODES, MAX_BULK_ROWS, MAX_MEDIA_PER_ROW, QUEUE_WORD } from '../bulk-rows';
import { CSV_COLUMNS, MAX_CSV_BYTES } from '../csv-rows';
import { EXPORT_CSV_COLUMNS } from '../export-rows';

// ── import ──────────────────────────────────────────────────────────────────────────────────

/** One row (documentation: rows are checked by create-post's DTO and bulk-rows.ts, one by one). */
export class BulkPostRowDto {
  @ApiProperty({ description: "create-post's content", example: 'Hello from a spreadsheet' })
  content: string;
  @ApiProperty({
    description:
      "Compound platform ids (`<platform>-<id>`), as create-post's `platforms` (which is accepted as an alias); in CSV separated by `|` (or `;`, `,`, spaces)",
    type: [String],
    example: ['linkedin-abc123', 'bluesky-did_plc_xyz'],
  })
  accounts: string[];
  @ApiPropertyOptional({
    type: String,
    description: `ISO 8601 UTC as create-post takes it; the word \`${QUEUE_WORD}\` for the accounts' next free queue slot; absent or empty: a draft`,
    example: '2030-01-01T10:00:00.000Z',
  })
  scheduledTime?: string;
  @ApiPropertyOptional({
    description: "create-post's text per account (keys: compound ids from accounts, or their platform names); in CSV a JSON object",
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  contentOverrides?: Record<string, string>;
  @ApiPropertyOptional({ description: "create-post's first comment" })
  firstComment?: string;
  @ApiPropertyOptional({ description: "create-post's platformSettings; in CSV a JSON object", type: 'object', additionalProperties: true })
  platformSettings?: Record<string, unknown>;
  @ApiPropertyOptional({
    type: [String],
    description: `Files to attach, fetched by the service (public http(s) addresses only) into storage; in CSV separated by \`|\`. At most ${MAX_MEDIA_PER_ROW} media per row`,
  })
  mediaUrls?: string[];
  @ApiPropertyOptional({ type: [String], description: 'Your uploaded media not yet attached to a post (24 hexadecimal characters each)' })
  mediaIds?: string[];
}

export class BulkCreatePostsDto {
  @ApiProperty({ type: [BulkPostRowDto], description: `1 to ${MAX_BULK_ROWS} rows` })
  rows: BulkPostRowDto[];
  @ApiPropertyOptional({
    enum: BULK_MODES,
    default: 'all',
    description: '`all`: nothing is created unless every row is; `partial`: the valid rows are created',
  })
  mode?: string;
}

/** The OpenAPI request body of the import routes: JSON rows, a CSV body, or a CSV file upload. */
export const BULK_REQUEST_BODY = {
  required: true,
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/BulkCreatePostsDto' } },
    'text/csv': {
      schema: {
        type: 'string',
        description: `A header line naming the columns (${CSV_COLUMNS.join(', ')}), then one post per record; UTF-8, at most ${MAX_CSV_BYTES / 1024 / 1024} MB`,
      },
    },
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'The CSV file' },
          mode: { type: 'string', enum: [...BULK_MODES] },
          delimiter: { type: 'string', enum: ['comma', 'semicolon', 'tab'] },
        },
      },
    },
  },
};

export class BulkRowErrorDto {
  @ApiProperty({ description: 'Row number: 1 is rows[0], or the first record after the CSV header' }) row: number;
  @ApiPropertyOptional({ description: 'CSV: the line the record starts on (the header is line 1)' }) line?: number;
  @ApiProperty({ description: 'The status create-post would answer (400, 403 for plan limits)', example: 403 }) httpStatus: number;
  @ApiProperty({ description: "create-post's message, or the row's own (media)", example: 'Post limit reached' }) error: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "The rest of create-post's error body (the limit-exceeded fields)" })
  details?: Record<string, unknown>;
}

export class BulkRowResultDto {
  @ApiProperty() row: number;
  @ApiPropertyOptional() line?: number;
  @ApiProperty() success: boolean;
  @ApiPropertyOptional({ description: 'Created rows: the new post group' }) postGroupId?: string;
  @ApiPropertyOptional({ enum: ['draft', 'scheduled'], description: 'Created rows: its status' }) status?: string;
  @ApiPropertyOptional({ description: 'Created scheduled rows: the stored time (after the clamp to now, spacing or the queue slot)' }) scheduledTime?: string;
  @ApiPropertyOptional({ description: 'Refused rows' }) httpStatus?: number;
  @ApiPropertyOptional({ description: 'Refused rows' }) error?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) details?: Record<string, unknown>;
}

export class BulkCreateResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ enum: BULK_MODES }) mode: string;
  @ApiProperty() total: number;
  @ApiProperty() created: number;
  @ApiProperty() failed: number;
  @ApiProperty({ type: [BulkRowResultDto], description: 'One per row, in order: `{ row, success, postGroupId | error }`' }) results: BulkRowResultDto[];
}

export class BulkRefusalResponse extends ErrorResponse {
  @ApiPropertyOptional({ description: 'All or nothing refused: rows in the request' }) total?: number;
  @ApiPropertyOptional({ type: [BulkRowErrorDto], description: 'All or nothing refused: every refused row' }) errors?: BulkRowErrorDto[];
}

export class BulkRowPreviewDto {
  @ApiProperty() row: number;
  @ApiPropertyOptional() line?: number;
  @ApiProperty({ description: 'create-post would create it, after the rows before it' }) success: boolean;
  @ApiProperty({ description: 'And every account would publish it (validate-post)' }) valid: boolean;
  @ApiPropertyOptional({ enum: ['draft', 'scheduled'] }) status?: string;
  @ApiPropertyOptional() scheduledTime?: string;
  @ApiPropertyOptional() httpStatus?: number;
  @ApiPropertyOptional() error?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) details?: Record<string, unknown>;
  @ApiPropertyOptional({ type: [PlatformVerdictResponse], description: "validate-post's verdict per account" }) platforms?: PlatformVerdictResponse[];
}

export class BulkValidationResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ description: 'Every row would be created and published as it is' }) valid: boolean;
  @ApiProperty() total: number;
  @ApiProperty() accepted: number;
  @ApiProperty() refused: number;
  @ApiProperty({ type: [BulkRowPreviewDto] }) results: BulkRowPreviewDto[];
}

// ── export ──────────────────────────────────────────────────────────────────────────────────

export const EXPORT_FORMATS = ['csv', 'json'] as const;

/** list-posts' filters and sort (not its paging: the export is every match), and the format. */
export class ExportPostsQueryDto extends OmitType(ListPostsQueryDto, ['page', 'limit'] as const) {
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value[0] : value))
  @WhenGiven()
  @IsIn(EXPORT_FORMATS, { message: "format must be 'csv' or 'json'" })
  @Allow()
  @ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'csv' })
  format?: 'csv' | 'json';
}

export class ExportedPlatformPostErrorDto {
  @ApiProperty() code: string;
  @ApiProperty() message: string;
  @ApiProperty({ enum: ERROR_CATEGORIES }) category: string;
}

export class ExportedPlatformPostDto {
  @ApiProperty() postId: string;
  @ApiProperty({ description: 'Compound id, as accounts names it' }) platformId: string;
  @ApiProperty() platform: string;
  @ApiProperty({ enum: PLATFORM_POST_STATUSES }) status: string;
  @ApiPropertyOptional() postedId?: string;
  @ApiPropertyOptional() publishedUrl?: string;
  @ApiPropertyOptional() publishedAt?: string;
  @ApiPropertyOptional({ type: ExportedPlatformPostErrorDto, description: 'Only when failed' }) error?: ExportedPlatformPostErrorDto;
  @ApiPropertyOptional({ type: FirstCommentDto }) firstComment?: FirstCommentDto;
  @ApiProperty({ type: MetricReadingDto, nullable: true, description: 'The latest engagement reading (docs/engagement.md); null when none' })
  metrics: MetricReadingDto | null;
}

export class ExportedPostDto {
  @ApiProperty() postGroupId: string;
  @ApiProperty({ enum: POST_GROUP_STATUSES }) status: string;
  @ApiProperty() content: string;
  @ApiProperty({ type: [String] }) accounts: string[];
  @ApiPropertyOptional() scheduledTime?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } }) contentOverrides?: Record<string, string>;
  @ApiPropertyOptional() firstComment?: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'As stored: the given settings merged over the defaults' })
  platformSettings: Record<string, Record<string, unknown>>;
  @ApiProperty({ type: [String] }) mediaUrls: string[];
  @ApiPropertyOptional({ type: Boolean, enum: [true] }) fromQueue?: true;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty({ type: [ExportedPlatformPostDto] }) platformPosts: ExportedPlatformPostDto[];
}

export class ExportPostsResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() exportedAt: string;
  @ApiProperty({ type: [ExportedPostDto] }) posts: ExportedPostDto[];
  @ApiProperty() count: number;
}

export const EXPORT_CSV_DESCRIPTION = `UTF-8 with a BOM, CRLF line ends, one post group per row; columns: ${EXPORT_CSV_COLUMNS.join(', ')} (docs/bulk.md)`;
