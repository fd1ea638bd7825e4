import { Field, InputType, ObjectType } from '@nestjs/graphql';
import { Allow } from 'class-validator';

@ObjectType('QueueSlot')
export class QueueSlotModel {
  @Field({ description: 'monday … sunday' }) weekday: string;
  @Field({ description: 'HH:mm, 24-hour, in the schedule’s time zone' }) time: string;
}

@ObjectType('QueueSchedule', { description: "A connection's weekly posting schedule (docs/queue.md)" })
export class QueueScheduleModel {
  @Field() platformId: string;
  @Field({ description: 'false: never set; the defaults are shown (UTC, no slots)' }) configured: boolean;
  @Field({ description: 'IANA time zone' }) timeZone: string;
  @Field(() => [QueueSlotModel]) slots: QueueSlotModel[];
  @Field() paused: boolean;
}

// `@Allow()` keeps each field through the global whitelisting pipe; QueueService checks them
// (the REST route's rules and messages).
@InputType()
export class QueueSlotInput {
  @Field() @Allow() weekday: string;
  @Field() @Allow() time: string;
}

@InputType()
export class QueueScheduleInput {
  @Field(() => String, { nullable: true, description: 'IANA time zone; default UTC' }) @Allow() timeZone?: string | null;
  @Field(() => [QueueSlotInput], { nullable: true, description: 'At most 70, no two alike; default none' }) @Allow() slots?: QueueSlotInput[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Default false' }) @Allow() paused?: boolean | null;
}
