import { ApiProperty } from '@nestjs/swagger';
import { PLATFORM_NAMES } from '@app/rules';

export class ConnectionUsageResponse {
  @ApiProperty({ example: 'linkedin-abc123' }) platformId: string;
  @ApiProperty() used: number;
  @ApiProperty() remaining: number;
}

export class MonthlyPostsUsageResponse {
  @ApiProperty() limit: number;
  @ApiProperty({ enum: ['account', 'connection'], description: 'account: one pool; connection: each connection has `limit` (paid plans)' })
  scope: string;
  @ApiProperty({ description: 'Platform posts counted this period, whole billing account' }) used: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Account scope only; null on connection scope (see byConnection)' })
  remaining: number | null;
  @ApiProperty({ type: [ConnectionUsageResponse] }) byConnection: ConnectionUsageResponse[];
}

export class AllowanceResponse {
  @ApiProperty() limit: number;
  @ApiProperty() used: number;
  @ApiProperty() remaining: number;
}

export class UsageResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'Pro' }) planName: string;
  @ApiProperty({ format: 'date-time', description: 'Billing period start (calendar month, UTC)' }) periodStart: string;
  @ApiProperty({ format: 'date-time', description: 'Billing period end (exclusive)' }) periodEnd: string;
  @ApiProperty({ type: MonthlyPostsUsageResponse }) monthlyPosts: MonthlyPostsUsageResponse;
  @ApiProperty({ type: AllowanceResponse, description: 'Scheduled platform posts not yet published' }) scheduledPosts: AllowanceResponse;
  @ApiProperty({ type: Number, nullable: true, description: 'How far ahead posts may be scheduled; null: no limit' })
  scheduleHorizonDays: number | null;
  @ApiProperty({ type: AllowanceResponse }) connections: AllowanceResponse;
  @ApiProperty({ enum: PLATFORM_NAMES, isArray: true, description: 'Platforms the plan includes' }) platforms: string[];
}
