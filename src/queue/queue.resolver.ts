import { Args, GraphQLISODateTime, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { QueueScheduleInput, QueueScheduleModel } from './models/queue.models';
import { QueueService } from './queue.service';

/** Dashboard GraphQL for the queue: QueueService, as the REST routes (docs/queue.md). */
@Resolver(() => QueueScheduleModel)
@GqlSessionAuth()
export class QueueResolver {
  constructor(private readonly queue: QueueService) {}

  @Query(() => QueueScheduleModel)
  queueSchedule(@Ctx() ctx: RequestContext, @Args('platformId') platformId: string): Promise<QueueScheduleModel> {
    return this.queue.getSchedule(ctx, platformId);
  }

  @Mutation(() => QueueScheduleModel, { description: 'Replaces the whole schedule (absent fields take the defaults)' })
  setQueueSchedule(
    @Ctx() ctx: RequestContext,
    @Args('platformId') platformId: string,
    @Args('input', { type: () => QueueScheduleInput }) input: QueueScheduleInput,
  ): Promise<QueueScheduleModel> {
    return this.queue.replaceSchedule(ctx, platformId, {
      timeZone: input.timeZone ?? undefined,
      slots: input.slots?.map(({ weekday, time }) => ({ weekday, time })) ?? undefined,
      paused: input.paused ?? undefined,
    });
  }

  @Query(() => [GraphQLISODateTime], { description: 'The next free slots shared by these connections, earliest first (count 1–50, default 5)' })
  nextQueueSlots(
    @Ctx() ctx: RequestContext,
    @Args('platformIds', { type: () => [String] }) platformIds: string[],
    @Args('count', { type: () => Int, nullable: true }) count?: number | null,
  ): Promise<Date[]> {
    return this.queue.nextSlots(ctx, platformIds, count ?? 5);
  }
}
