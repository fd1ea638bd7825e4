import { Args, GraphQLISODateTime, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GqlSessionAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { AddToQueueInput, QueueAdditionModel, QueueModel, QueueScheduleInput, QueueScheduleModel } from './models/queue.models';
import { QueueService, type QueueView } from './queue.service';
import { RequiresRole } from '../auth/team-roles';
import { validateInput } from '../common/validation/validate-input';
import { CreatePostDto } from '../posts/dto/create-post.dto';
import { PostApprovalsService } from '../posts/post-approvals.service';

/** Dashboard GraphQL for the queue: QueueService, as the REST routes (docs/queue.md). */
@Resolver(() => QueueScheduleModel)
@GqlSessionAuth()
export class QueueResolver {
  constructor(
    private readonly service: QueueService,
    private readonly approvals: PostApprovalsService,
  ) {}

  @Query(() => String, { description: "The account's default zone for queue schedules (UTC until set)" })
  queueTimeZone(@Ctx() ctx: RequestContext): Promise<string> {
    return this.service.defaultZone(ctx);
  }

  @Mutation(() => String, { description: "Sets the account's default zone; queues of schedules without their own zone move onto their slots in it" })
  setQueueTimeZone(@Ctx() ctx: RequestContext, @Args('timeZone') timeZone: string): Promise<string> {
    return this.service.setDefaultZone(ctx, timeZone);
  }

  @Query(() => QueueScheduleModel)
  queueSchedule(@Ctx() ctx: RequestContext, @Args('platformId') platformId: string): Promise<QueueScheduleModel> {
    return this.service.getSchedule(ctx, platformId);
  }

  @Mutation(() => QueueScheduleModel, { description: 'Replaces the whole schedule (absent fields take the defaults)' })
  setQueueSchedule(
    @Ctx() ctx: RequestContext,
    @Args('platformId') platformId: string,
    @Args('input', { type: () => QueueScheduleInput }) input: QueueScheduleInput,
  ): Promise<QueueScheduleModel> {
    return this.service.replaceSchedule(ctx, platformId, {
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
    return this.service.nextSlots(ctx, platformIds, count ?? 5);
  }

  @Query(() => QueueModel, { description: "A connection's queue: its schedule and its queued posts in order" })
  async queue(@Ctx() ctx: RequestContext, @Args('platformId') platformId: string): Promise<QueueModel> {
    return toQueueModel(await this.service.queueOf(ctx, platformId));
  }

  @RequiresRole('editor')
  @Mutation(() => QueueAdditionModel, { description: 'Schedules a new post, or a draft, at the next free slot shared by its connections' })
  async addToQueue(@Ctx() ctx: RequestContext, @Args('input', { type: () => AddToQueueInput }) input: AddToQueueInput): Promise<QueueAdditionModel> {
    const body = input.postGroupId
      ? { postGroupId: input.postGroupId }
      : {
          content: input.content ?? undefined,
          platforms: input.platforms ?? undefined,
          platformSettings: input.platformSettings ?? undefined,
          contentOverrides: input.contentOverrides ?? undefined,
          firstComment: input.firstComment ?? undefined,
        };
    const media = { mediaIds: input.mediaIds ?? undefined, mediaAltTexts: input.mediaAltTexts ?? undefined };
    // A team editor's post waits for approval where the account requires it; it is queued once approved.
    if (await this.approvals.needsApproval(ctx)) {
      const postGroupId = input.postGroupId
        ? await this.approvals.requestQueueSlot(ctx, input.postGroupId)
        : await this.approvals.createAwaitingApproval(ctx, validateInput(CreatePostDto, body), media, { queue: true });
      return { postGroupId, scheduledTime: null, awaitingApproval: true };
    }
    const added = await this.service.add(ctx, body, undefined, media);
    return { postGroupId: added.postGroupId, scheduledTime: new Date(added.scheduledTime), awaitingApproval: false };
  }

  @Mutation(() => QueueModel, { description: "compact: close the queue's gaps, in order; shuffle: a random order from the earliest free slots" })
  async reorderQueue(@Ctx() ctx: RequestContext, @Args('platformId') platformId: string, @Args('order') order: string): Promise<QueueModel> {
    return toQueueModel(await this.service.reorder(ctx, platformId, order));
  }

  @Mutation(() => QueueModel, { description: 'Swaps a queued post with the one before (up) or after (down) it' })
  async moveInQueue(
    @Ctx() ctx: RequestContext,
    @Args('platformId') platformId: string,
    @Args('postGroupId') postGroupId: string,
    @Args('direction') direction: string,
  ): Promise<QueueModel> {
    return toQueueModel(await this.service.move(ctx, platformId, postGroupId, direction));
  }
}

function toQueueModel(view: QueueView): QueueModel {
  return {
    platformId: view.platformId,
    schedule: view.schedule,
    posts: view.posts.map((p) => ({
      id: p.postGroupId,
      content: p.content,
      status: p.status,
      scheduledTime: p.status === 'scheduled' ? p.queuedFor : null,
      queuedFor: p.queuedFor,
      platformIds: p.platformIds,
    })),
  };
}
