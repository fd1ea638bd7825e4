import { Field, GraphQLISODateTime, ID, InputType, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-scalars';
import { Allow } from 'class-validator';
import { MediaAltTextInput } from '../../posts/dto/post.inputs';

@ObjectType('QueueSlot')
export class QueueSlotModel {
  @Field({ description: 'monday … sunday' }) weekday: string;
  @Field({ description: 'HH:mm, 24-hour, in the schedule’s time zone' }) time: string;
}

@ObjectType('QueueSchedule', { description: "A connection's weekly posting schedule (docs/queue.md)" })
export class QueueScheduleModel {
  @Field() platformId: string;
  @Field({ description: "false: never set; the defaults are shown (the account's zone, no slots)" }) configured: boolean;
  @Field({ description: 'IANA time zone its slots are in' }) timeZone: string;
  @Field({ description: "connection: its own zone; account: it follows the account's default zone (queueTimeZone)" }) timeZoneSource: string;
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
  @Field(() => String, { nullable: true, description: "IANA time zone; null: the account's default zone" }) @Allow() timeZone?: string | null;
  @Field(() => [QueueSlotInput], { nullable: true, description: 'At most 70, no two alike; default none' }) @Allow() slots?: QueueSlotInput[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Default false' }) @Allow() paused?: boolean | null;
}

@ObjectType('QueuedPost', { description: "A post in a connection's queue" })
export class QueuedPostModel {
  @Field(() => ID) id: string;
  @Field() content: string;
  @Field({ description: 'scheduled (at its slot) | draft (held: a schedule of its accounts gives no slot)' }) status: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Its slot (scheduled posts)' }) scheduledTime: Date | null;
  @Field(() => GraphQLISODateTime, { description: 'Its place: its slot, or the last one it had while held' }) queuedFor: Date;
  @Field(() => [String], { description: 'Compound connection ids it posts to' }) platformIds: string[];
}

@ObjectType('Queue', { description: "A connection's queue: its schedule and queued posts in order" })
export class QueueModel {
  @Field() platformId: string;
  @Field(() => QueueScheduleModel) schedule: QueueScheduleModel;
  @Field(() => [QueuedPostModel]) posts: QueuedPostModel[];
}

@ObjectType('QueueAddition', { description: 'The post added to the queue and the slot it got' })
export class QueueAdditionModel {
  @Field(() => ID) postGroupId: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'The slot taken (null while it awaits approval)' }) scheduledTime: Date | null;
  @Field({ description: "A team editor's post in an account that requires approval: queued once approved" }) awaitingApproval: boolean;
}

@InputType({ description: 'A draft (postGroupId), or a new post as createPost takes it without a time' })
export class AddToQueueInput {
  @Field(() => ID, { nullable: true }) @Allow() postGroupId?: string | null;
  @Field(() => String, { nullable: true }) @Allow() content?: string | null;
  @Field(() => [String], { nullable: true, description: 'Compound connection ids' }) @Allow() platforms?: string[] | null;
  @Field(() => GraphQLJSON, { nullable: true }) @Allow() platformSettings?: unknown;
  @Field(() => [ID], { nullable: true, description: 'Your uploaded media to attach (a new post)' }) @Allow() mediaIds?: string[] | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'As createPost (a new post)' }) @Allow() contentOverrides?: unknown;
  @Field(() => String, { nullable: true, description: 'As createPost (a new post)' }) @Allow() firstComment?: string | null;
  @Field(() => [MediaAltTextInput], { nullable: true, description: 'As createPost: alt text per file of mediaIds (a new post)' })
  @Allow()
  mediaAltTexts?: MediaAltTextInput[] | null;
}
