import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_SLOTS_PER_WEEK, WEEKDAYS } from '../slot-schedule';

export class QueueSlotDto {
  @ApiProperty({ enum: WEEKDAYS }) weekday: string;
  @ApiProperty({ example: '09:00', description: 'HH:mm, 24-hour, in the schedule’s time zone' }) time: string;
}

export class ReplaceScheduleDto {
  @ApiPropertyOptional({ example: 'Europe/Berlin', description: 'IANA time zone; default UTC' }) timeZone?: string;
  @ApiPropertyOptional({ type: [QueueSlotDto], description: `The week's slots, at most ${MAX_SLOTS_PER_WEEK}, no two alike; default none` })
  slots?: QueueSlotDto[];
  @ApiPropertyOptional({ description: 'A paused schedule gives no free slots; default false' }) paused?: boolean;
}

export class QueueScheduleDto {
  @ApiProperty({ example: 'linkedin-abc123' }) platformId: string;
  @ApiProperty({ description: 'false: never set; the defaults are shown' }) configured: boolean;
  @ApiProperty({ example: 'Europe/Berlin' }) timeZone: string;
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
