import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';
import type { UsageSummary } from '../../limits/limits.service';

@ObjectType('ConnectionUsage')
export class ConnectionUsageModel {
  @Field() platformId: string;
  @Field(() => Int) used: number;
  @Field(() => Int) remaining: number;
}

@ObjectType('MonthlyPostsUsage')
export class MonthlyPostsUsageModel {
  @Field(() => Int) limit: number;
  @Field({ description: 'account: one pool for the account (Starter); connection: each connection has `limit` (paid plans)' })
  scope: string;
  @Field(() => Int, { description: 'Platform posts counted this period, whole billing account' }) used: number;
  @Field(() => Int, { nullable: true, description: 'Account scope only; null on connection scope (see byConnection)' })
  remaining: number | null;
  @Field(() => [ConnectionUsageModel]) byConnection: ConnectionUsageModel[];
}

@ObjectType('Allowance')
export class AllowanceModel {
  @Field(() => Int) limit: number;
  @Field(() => Int) used: number;
  @Field(() => Int) remaining: number;
}

/** GET /api/v1/usage as a type: the numbers the limit checks use. */
@ObjectType('Usage')
export class UsageModel {
  @Field() planName: string;
  @Field(() => GraphQLISODateTime, { description: 'Billing period start (calendar month, UTC)' }) periodStart: Date;
  @Field(() => GraphQLISODateTime, { description: 'Billing period end (exclusive)' }) periodEnd: Date;
  @Field(() => MonthlyPostsUsageModel) monthlyPosts: MonthlyPostsUsageModel;
  @Field(() => AllowanceModel, { description: 'Scheduled platform posts not yet published' }) scheduledPosts: AllowanceModel;
  @Field(() => Int, { nullable: true, description: 'How far ahead posts may be scheduled, in days; null: no limit' })
  scheduleHorizonDays: number | null;
  @Field(() => AllowanceModel) connections: AllowanceModel;
  @Field(() => [String], { description: 'Platforms the plan includes' }) platforms: string[];
}

export function toUsageModel(usage: UsageSummary): UsageModel {
  return { ...usage, periodStart: new Date(usage.periodStart), periodEnd: new Date(usage.periodEnd) };
}
