import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_SLOTS_PER_WEEK, WEEKDAYS } from '../slot-schedule';

export class QueueSlotDto {
  @ApiProperty({ enum: WEEKDAYS }) weekday: string;
  @ApiProperty({ example: '09:00', description: 'HH:mm, 24-hour, in the schedule’s time zone' }) time: string;
}

export class ReplaceScheduleDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Europe/Berlin',
    description: "IANA time zone; absent or null: the account's default zone (PUT /api/v1/queue/time-zone; UTC until set)",
  })
  timeZone?: string | null;
  @ApiPropertyOptional({ type: [QueueSlotDto], description: `The week's slots, at most ${MAX_SLOTS_PER_WEEK}, no two alike; default none` })
  slots?: QueueSlotDto[];
  @ApiPropertyOptional({ description: 'A paused schedule gives no free slots; default false' }) paused?: boolean;
}

export class QueueScheduleDto {
  @ApiProperty({ example: 'linkedin-abc123' }) platformId: string;
  @ApiProperty({ description: 'false: never set; the defaults are shown' }) configured: boolean;
  @ApiProperty({ example: 'Europe/Berlin', description: 'The zone its slots are in' }) timeZone: string;
  @ApiProperty({ enum: ['connection', 'account'], description: "connection: its own zone; account: it follows the account's default zone" })
  timeZoneSource: string;
  @ApiProperty({ type: [QueueSlotDto] }) slots: QueueSlotDto[];
  @ApiProperty() paused: boolean;
}

export class QueueScheduleResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: QueueScheduleDto }) schedule: QueueScheduleDto;
}

export class NextSlotsResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [String], format: 'date-time', description: 'ISO 8601 UTC instants, earliest first' }) slots: string[];
}

export class AddToQueueDto {
  @ApiPropertyOptional({ description: 'A draft to queue (24-character hexadecimal id); without it, the new post below' }) postGroupId?: string;
  @ApiPropertyOptional({ description: 'As create-post (a new post)' }) content?: string;
  @ApiPropertyOptional({ type: [String], description: 'As create-post (a new post): compound connection ids' }) platforms?: string[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'As create-post (a new post)' }) platformSettings?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'As create-post (a new post): text per account' })
  contentOverrides?: Record<string, string>;
  @ApiPropertyOptional({ description: 'As create-post (a new post)' }) firstComment?: string;
}

export class AddToQueueResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: '665f1c2b9d3e4a0012345678' }) postGroupId: string;
  @ApiProperty({ format: 'date-time', description: 'The slot it got (ISO 8601 UTC); the post is scheduled then' }) scheduledTime: string;
}

export class QueuedPostDto {
  @ApiProperty() postGroupId: string;
  @ApiProperty() content: string;
  @ApiProperty({ enum: ['scheduled', 'draft'], description: 'draft: held, no slot while a schedule of its accounts gives none' }) status: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Its slot (scheduled posts)' }) scheduledTime?: string;
  @ApiProperty({ format: 'date-time', description: 'Its place: its slot, or the last one it had while held' }) queuedFor: string;
  @ApiProperty({ type: [String], description: 'Compound connection ids it posts to' }) platforms: string[];
}

export class QueueDto {
  @ApiProperty({ example: 'linkedin-abc123' }) platformId: string;
  @ApiProperty({ type: QueueScheduleDto }) schedule: QueueScheduleDto;
  @ApiProperty({ type: [QueuedPostDto], description: 'In queue order' }) posts: QueuedPostDto[];
}

export class QueueResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: QueueDto }) queue: QueueDto;
}

export class ReorderQueueDto {
  @ApiProperty({ enum: ['compact', 'shuffle'], description: 'compact: close the gaps, in order; shuffle: a random order from the earliest free slots' })
  order: string;
}

export class MoveInQueueDto {
  @ApiProperty() postGroupId: string;
  @ApiProperty({ enum: ['up', 'down'], description: 'Swap places with the post before (up) or after (down)' }) direction: string;
}

export class QueueTimeZoneDto {
  @ApiProperty({ example: 'Europe/Berlin', description: 'IANA time zone' }) timeZone: string;
}

export class QueueTimeZoneResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'Europe/Berlin', description: "The account's default zone for queue schedules (UTC until set)" }) timeZone: string;
}
