import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { RequestContext } from '../auth/request-context';
import { ApiError, ClientFault, errorResponse } from '../common/api-error';
import { ConnectionsService, type ConnectionRef } from '../connections/connections.service';
import { LimitsService, type UsageSummary } from '../limits/limits.service';
import { supportsFirstComment, type PlatformName, type PostGroupStatus } from '@app/rules';
import { buildListPostsQuery, paginate, type Pagination } from './list-posts.query';
import { cursorOf, groupsAfter } from './post-export-cursor';
import type { ListPostsQueryDto } from './dto/list-posts.query.dto';
import { MediaCleanupRegistry, type MediaAltText } from './media-cleanup';
import { PlatformPostsRepository, type PlatformPostSummary, type PlatformPostTexts } from './platform-posts.repository';
import { PlatformRegistry } from '../platforms/platform-registry';
import { PostEvents } from './post-events';
import { PostScheduling } from './post-scheduling';
import { PostGroupsRepository } from './post-groups.repository';
import { PostLogsRepository, type NewPostLog } from './post-logs.repository';
import { notBefore, planUpdate, toCreatePostInput, UPDATE_MESSAGES, type CreatePostInput, type UpdatePostInput } from './post-rules';
import { toListedPost, type ListedPost } from './posts.mapper';
import { IdempotencyService, type CommitResult } from '../idempotency/idempotency.service';
import { isObjectIdString } from '../database/object-id';
import { Transactions } from '../database/transactions';
import type { PlatformPostRecord } from './schemas/platform-post.schema';
import type { PostGroupRecord } from './schemas/post-group.schema';
import type { PostLogRecord } from './schemas/post-log.schema';
import { assertEditable, diffPlatforms, hasEdits, type PostEdits } from './post-edits';
import { validateInput } from '../common/validation/validate-input';
import { CreatePostDto } from './dto/create-post.dto';
import { CREATE_POST_IDEMPOTENCY, PostMessages, QueueSlotUnavailable } from './posts.errors';
import { isDuplicateKeyError } from '../database/mongo-errors';
import { firstCommentPlatformsProblem, overrideFor, pendingFirstComment, unchosenOverrideKey } from './rich-post-rules';
import { AuditService } from '../audit/audit.service';

export const POST_LOGS_LIMIT = 100;

export interface CreatePostResult {
  success: true;
  postGroupId: string;
}

/** One page of a list, with list-posts' pagination. */
export interface ListPage<T> {
  items: T[];
  pagination: Pagination;
}

/** What an update asks for: update-post's move, and the dashboard's edits. */
export interface PostChange {
  schedule?: UpdatePostInput;
  edits?: PostEdits;
}

export interface UpdatePostResult {
  success: true;
  message: string;
  postGroup: { _id: string; status: PostGroupStatus; scheduledTime?: string };
}

/** What create-post would do (validate-post): its refusal, or what it would store. */
export type CreatePreview =
  | { ok: false; status: number; body: { error: string } & Record<string, unknown> }
  | {
      ok: true;
      content: string;
      /** Each overridden account's text, by compound id (the others publish `content`). */
      overrides: Record<string, string>;
      firstComment?: string;
      platformSettings: Record<string, Record<string, unknown>>;
      connections: ConnectionRef[];
      status: 'draft' | 'scheduled';
      /** After the clamp to now and the minimum spacing. */
      scheduledTime?: Date;
      scheduledTimeAdjusted: boolean;
    };

/** Post groups, their platform posts and logs: the rules of create, list, get, update, delete. */
@Injectable()
export class PostsService {
  constructor(
    private readonly groups: PostGroupsRepository,
    private readonly platformPosts: PlatformPostsRepository,
    private readonly logs: PostLogsRepository,
    private readonly idempotency: IdempotencyService,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly connections: ConnectionsService,
    private readonly limits: LimitsService,
    private readonly mediaCleanup: MediaCleanupRegistry,
    private readonly platforms: PlatformRegistry,
    private readonly scheduling: PostScheduling,
    private readonly events: PostEvents,
  ) {}

  // ── create ────────────────────────────────────────────────────────────────────────────────

  /**
   * `options.mediaIds` (dashboard only; REST has no such field): the user's uploaded media linked
   * to the new group in the same transaction (MediaCleanupRegistry.attachToGroup).
   * `options.notifyLimits: false`: a limit refusal sends no limit-reached e-mail (a bulk dry run).
   */
  async create(
    ctx: RequestContext,
    body: CreatePostDto,
    idempotencyKey?: string,
    options: { mediaIds?: string[]; mediaAltTexts?: MediaAltText[]; notifyLimits?: boolean } = {},
  ): Promise<CreatePostResult> {
    // The body was checked by its transport (the pipe or validateInput), before any key.
    const input = toCreatePostInput(body);
    const created = (commit?: CommitResult<CreatePostResult>) =>
      this.createGroup(ctx, input, options, commit).then(async (result) => {
        await this.audit.record('post.created', {
          target: { type: 'post_group', id: result.postGroupId },
          details: { platforms: input.platformIds.length, scheduled: !!input.scheduledTime },
        });
        return result;
      });
    if (!idempotencyKey) return created();
    return this.idempotency.run<CreatePostResult>(
      { userId: ctx.userId, scope: 'create-post', key: idempotencyKey, input: body, messages: CREATE_POST_IDEMPOTENCY },
      (commit) => created(commit),
    );
  }

  /**
   * The queue's add (src/queue picks the slot): a new group, or the draft `postGroupId`, scheduled
   * at `slot` and holding it as its connections' queue claim, with create-post's (or update-post's)
   * checks. `QueueSlotUnavailable` when the spacing would move it off the slot or another post
   * took the slot meanwhile; the caller tries the next one.
   */
  async scheduleAtQueueSlot(
    ctx: RequestContext,
    target: { input: CreatePostInput; mediaIds?: string[]; mediaAltTexts?: MediaAltText[]; notifyLimits?: boolean } | { postGroupId: string },
    slot: Date,
    commit?: CommitResult<CreatePostResult>,
  ): Promise<CreatePostResult> {
    if ('input' in target)
      return this.createGroup(
        ctx,
        target.input,
        { mediaIds: target.mediaIds, mediaAltTexts: target.mediaAltTexts, queueSlot: slot, notifyLimits: target.notifyLimits },
        commit,
      );
    const postGroupId = groupId(target.postGroupId);
    await this.move(ctx, postGroupId, { status: 'scheduled', scheduledTime: slot }, { queueSlot: slot, commit });
    return { success: true, postGroupId };
  }

  /** The compound connection ids a queue addition targets: create-post's (checked as it checks them), or the draft's. */
  async queueTargetOf(ctx: RequestContext, target: { input: CreatePostInput } | { postGroupId: string }): Promise<ConnectionRef[]> {
    if ('input' in target) return this.scheduling.ownedConnections(ctx.userId, target.input.platformIds);
    const group = await this.groups.findById(ctx.userId, groupId(target.postGroupId));
    if (!group) throw ApiError.notFound(PostMessages.notFound);
    if (group.status !== 'draft') throw ApiError.badRequest(PostMessages.notQueueable(group.status));
    const posts = await this.platformPosts.findByGroup(ctx.userId, target.postGroupId);
    return this.scheduling.ownedConnections(ctx.userId, [...new Set(posts.map((p) => p.platformId))]);
  }

  /** A queue claim lost to a concurrent add (the unique index) is the slot being unavailable. */
  private async inQueueTransaction<T>(queued: boolean, work: () => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(work);
    } catch (err) {
      if (queued && isDuplicateKeyError(err)) throw new QueueSlotUnavailable();
      throw err;
    }
  }

  /** create-post's work; `commit` records an idempotency key's result in the same transaction. */
  private async createGroup(
    ctx: RequestContext,
    input: CreatePostInput,
    options: { mediaIds?: string[]; mediaAltTexts?: MediaAltText[]; queueSlot?: Date; notifyLimits?: boolean },
    commit?: CommitResult<CreatePostResult>,
  ): Promise<CreatePostResult> {
    const refs = await this.scheduling.ownedConnections(ctx.userId, input.platformIds);
    // Platform availability runs for every post, drafts included (reference notes).
    await this.limits.assertPlatformsAvailable(ctx, platformNamesOf(refs));

    const now = new Date();
    const { queueSlot } = options;
    let scheduledTime = queueSlot ?? (input.scheduledTime ? notBefore(input.scheduledTime, now) : undefined);
    if (scheduledTime)
      scheduledTime = await this.scheduling.checkSchedule(
        ctx,
        refs.map((r) => r.platformId),
        scheduledTime,
        now,
        undefined,
        { notify: options.notifyLimits ?? true },
      );
    if (queueSlot && scheduledTime?.getTime() !== queueSlot.getTime()) throw new QueueSlotUnavailable();
    const texts = refs.map((ref) => ({ ref, override: overrideFor(input.contentOverrides, ref.platformId) }));
    if (scheduledTime)
      await this.assertTextsPassChecks(
        ctx,
        input.content,
        texts.map((t) => ({ platformId: t.ref.platformId, override: t.override })),
      );
    const status: PostGroupStatus = scheduledTime ? 'scheduled' : 'draft';
    const postGroupId = new Types.ObjectId();
    const response: CreatePostResult = { success: true, postGroupId: String(postGroupId) };

    await this.inQueueTransaction(!!queueSlot, async () => {
      await this.groups.create(ctx.userId, {
        _id: postGroupId,
        content: input.content,
        status,
        ...(scheduledTime ? { scheduledTime } : {}),
        platformSettings: input.platformSettings,
        platforms: platformNamesOf(refs),
        processingStatus: 'pending',
        ...(queueSlot ? { fromQueue: true } : {}),
        ...(input.firstComment !== undefined ? { firstComment: input.firstComment } : {}),
      });
      const posts = await this.platformPosts.createMany(
        ctx.userId,
        postGroupId,
        texts.map(({ ref, override }) => ({
          connectionId: ref.id,
          platform: ref.platform,
          platformId: ref.platformId,
          externalId: ref.externalId,
          status: scheduledTime ? 'scheduled' : 'pending',
          content: override ?? input.content,
          ...(override !== undefined ? { contentOverridden: true as const } : {}),
          ...(input.firstComment !== undefined && supportsFirstComment(ref.platform) ? { firstComment: pendingFirstComment(input.firstComment) } : {}),
          ...(scheduledTime ? { scheduledTime } : {}),
          ...(queueSlot ? { queueSlot, queuedFor: queueSlot } : {}),
        })),
      );
      if (options.mediaIds?.length || options.mediaAltTexts?.length) {
        const scope = { userId: ctx.userId, postGroupId: String(postGroupId) };
        const media = await this.mediaCleanup.attachToGroup(scope, options.mediaIds ?? [], {
          altTexts: options.mediaAltTexts,
          platforms: platformNamesOf(refs),
        });
        await this.groups.attachMediaMany(ctx.userId, String(postGroupId), media);
      }
      if (scheduledTime) await this.scheduling.recordScheduled(ctx.userId, postGroupId, posts, scheduledTime, []);
      await commit?.(response);
    });
    return response;
  }

  /**
   * What create-post would answer for this body, writing nothing and sending no limit e-mail
   * (validate-post): the refusal it would give, or the status and time it would store.
   */
  async previewCreate(ctx: RequestContext, body: unknown): Promise<CreatePreview> {
    try {
      const input = toCreatePostInput(validateInput(CreatePostDto, body));
      const refs = await this.scheduling.ownedConnections(ctx.userId, input.platformIds);
      await this.limits.assertPlatformsAvailable(ctx, platformNamesOf(refs));
      const now = new Date();
      const requested = input.scheduledTime ? notBefore(input.scheduledTime, now) : undefined;
      const scheduledTime = requested
        ? await this.scheduling.checkSchedule(
            ctx,
            refs.map((r) => r.platformId),
            requested,
            now,
            undefined,
            { notify: false },
          )
        : undefined;
      const overrides: Record<string, string> = {};
      for (const ref of refs) {
        const override = overrideFor(input.contentOverrides, ref.platformId);
        if (override !== undefined) overrides[ref.platformId] = override;
      }
      if (scheduledTime)
        await this.assertTextsPassChecks(
          ctx,
          input.content,
          refs.map((r) => ({ platformId: r.platformId, override: overrides[r.platformId] })),
        );
      return {
        ok: true,
        content: input.content,
        overrides,
        ...(input.firstComment !== undefined ? { firstComment: input.firstComment } : {}),
        platformSettings: input.platformSettings,
        connections: refs,
        status: scheduledTime ? 'scheduled' : 'draft',
        scheduledTime,
        scheduledTimeAdjusted: !!requested && !!scheduledTime && scheduledTime.getTime() !== requested.getTime(),
      };
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, ...errorResponse(err) };
      throw err;
    }
  }

  /**
   * The embedding app's checks on what each account publishes: one call with the group's content
   * for the accounts without an override (the only call when there is none), one per override.
   */
  private async assertTextsPassChecks(
    ctx: RequestContext,
    content: string,
    posts: Array<{ platformId: string; override?: string }>,
    group: { postGroupId?: string; mediaUrls?: string[] | null } = {},
  ): Promise<void> {
    const byText = new Map<string, string[]>();
    const plain = posts.filter((p) => p.override === undefined).map((p) => p.platformId);
    if (plain.length || posts.length === 0) byText.set(content, plain);
    for (const p of posts) if (p.override !== undefined) byText.set(p.override, [...(byText.get(p.override) ?? []), p.platformId]);
    for (const [text, platformIds] of byText) {
      await this.scheduling.assertPassesChecks(ctx, { ...group, content: text, platformIds });
    }
  }

  /** The numbers the limit checks use, for the caller's billing account (GET /api/v1/usage). */
  async usage(ctx: RequestContext): Promise<UsageSummary> {
    const now = new Date();
    const userIds = await this.limits.billingAccountUserIds(ctx);
    const period = this.limits.billingPeriod(ctx.billingOwnerUser, now);
    const [monthlyByPlatformId, scheduledPending, connectionCount, connections] = await Promise.all([
      this.platformPosts.countUsedByPlatformId(userIds, period),
      this.platformPosts.countPending(userIds),
      this.connections.countForUsers(userIds),
      this.connections.list(ctx.userId),
    ]);
    const monthlyTotal = Object.values(monthlyByPlatformId).reduce((a, b) => a + b, 0);
    return this.limits.usageSummary(ctx, {
      usage: { monthlyByPlatformId, monthlyTotal, scheduledPending, otherScheduledTimes: {} },
      connectionCount,
      platformIds: connections.map((c) => c.platformId),
      now,
    });
  }

  // ── read ──────────────────────────────────────────────────────────────────────────────────

  /**
   * A page of the user's post groups: list-posts' filters, sort, paging, total and errors, for
   * every transport. `summaries`: what list-posts shows, each group joined with its platform posts
   * in the same command; `records`: whole group records (the dashboard batches their platform
   * posts, media and logs per field).
   */
  async list(ctx: RequestContext, params: ListPostsQueryDto, view: 'summaries'): Promise<ListPage<ListedPost>>;
  async list(ctx: RequestContext, params: ListPostsQueryDto, view: 'records'): Promise<ListPage<PostGroupRecord>>;
  async list(ctx: RequestContext, params: ListPostsQueryDto, view: 'summaries' | 'records'): Promise<ListPage<ListedPost | PostGroupRecord>> {
    const query = buildListPostsQuery(params, this.platforms.names());
    if (query.matchesNothing) return { items: [], pagination: paginate(query.page, query.limit, 0) };
    const [items, totalItems] = await Promise.all([
      view === 'summaries'
        ? this.groups
            .findListPage<PlatformPostSummary>(
              ctx.userId,
              query.filter,
              query.sort,
              query.skip,
              query.limit,
              this.platformPosts.summariesLookup(ctx.userId, 'platformPosts'),
            )
            .then((groups) => groups.map((g) => toListedPost(g, g.platformPosts)))
        : this.groups.findPage(ctx.userId, query.filter, query.sort, query.skip, query.limit),
      this.groups.countMatching(ctx.userId, query.filter),
    ]);
    return { items, pagination: paginate(query.page, query.limit, totalItems) };
  }

  /**
   * Every group matching list-posts' filters, in its sort (`page` and `limit` ignored), `size` at
   * a time with their platform posts: the exports. Keyset paging (post-export-cursor.ts), so
   * memory holds one batch whatever the total.
   */
  async *exportBatches(
    ctx: RequestContext,
    params: Omit<ListPostsQueryDto, 'page' | 'limit'>,
    size = 100,
  ): AsyncGenerator<Array<{ group: PostGroupRecord; platformPosts: PlatformPostRecord[] }>> {
    const query = buildListPostsQuery({ ...params, page: 1, limit: size }, this.platforms.names());
    if (query.matchesNothing) return;
    let after: Record<string, unknown> | null = null;
    for (;;) {
      const filter = after ? { ...query.filter, $and: [after] } : query.filter;
      const groups = await this.groups.findPage(ctx.userId, filter, query.sort, 0, size);
      if (!groups.length) return;
      const posts = await this.platformPosts.findByGroups(
        ctx.userId,
        groups.map((g) => String(g._id)),
      );
      const byGroup = new Map<string, PlatformPostRecord[]>();
      for (const post of posts) byGroup.set(String(post.postGroupId), [...(byGroup.get(String(post.postGroupId)) ?? []), post]);
      yield groups.map((group) => ({ group, platformPosts: byGroup.get(String(group._id)) ?? [] }));
      if (groups.length < size) return;
      after = groupsAfter(params.sortBy, params.sortOrder, cursorOf(params.sortBy, groups[groups.length - 1]));
    }
  }

  /** One post group of the user with its platform posts (404 `Post group not found`; a malformed id: see `groupId`). */
  async get(ctx: RequestContext, postGroupId: string): Promise<{ group: PostGroupRecord; platformPosts: PlatformPostRecord[] }> {
    const group = await this.groups.findById(ctx.userId, groupId(postGroupId));
    if (!group) throw ApiError.notFound(PostMessages.notFound);
    return { group, platformPosts: await this.platformPosts.findByGroup(ctx.userId, postGroupId) };
  }

  /** 404 `Post group not found` unless the id names one of the user's groups (a malformed id: see `groupId`). */
  /** When the caller's pending posts on these connections go out, in [from, until), by compound id (the queue's taken slots). */
  scheduledTimesOf(ctx: RequestContext, platformIds: string[], from: Date, until: Date): Promise<Record<string, Date[]>> {
    return this.platformPosts.scheduledTimesBetween(ctx.userId, platformIds, from, until);
  }

  async assertOwnGroup(ctx: RequestContext, postGroupId: string): Promise<void> {
    if (!(await this.groups.findById(ctx.userId, groupId(postGroupId)))) throw ApiError.notFound(PostMessages.notFound);
  }

  /** Platform posts of several groups, one query (for a request-scoped DataLoader). */
  platformPostsOfGroups(userId: string, postGroupIds: string[]): Promise<PlatformPostRecord[]> {
    return this.platformPosts.findByGroups(userId, postGroupIds);
  }

  /** Logs of several groups, one query, the first POST_LOGS_LIMIT of each (as post-logs). */
  async logsOfGroups(userId: string, postGroupIds: string[]): Promise<Map<string, PostLogRecord[]>> {
    const byGroup = new Map<string, PostLogRecord[]>(postGroupIds.map((id) => [id, []]));
    for (const log of await this.logs.listForGroups(userId, postGroupIds)) {
      const list = byGroup.get(String(log.postGroupId));
      if (list && list.length < POST_LOGS_LIMIT) list.push(log);
    }
    return byGroup;
  }

  /** The group's log, oldest first, the first POST_LOGS_LIMIT entries. */
  async logsOf(ctx: RequestContext, postGroupId: string): Promise<PostLogRecord[]> {
    const group = await this.groups.findById(ctx.userId, groupId(postGroupId));
    if (!group) throw ApiError.notFound(PostMessages.notFound);
    return this.logs.listForGroup(ctx.userId, postGroupId, POST_LOGS_LIMIT);
  }

  // ── update ────────────────────────────────────────────────────────────────────────────────

  /**
   * update-post, and the dashboard's edits: `schedule` is update-post's status and time move;
   * `edits` (the dashboard's content and platforms) need a draft or scheduled group the engine
   * has not taken (post-edits.ts). New platforms go through availability and, on a scheduled
   * group, the limit checks like a create; removed platforms' posts are deleted; everything in
   * one transaction, conditional on nothing having been claimed meanwhile.
   */
  async update(ctx: RequestContext, postGroupId: string, change: PostChange): Promise<UpdatePostResult> {
    const id = groupId(postGroupId);
    const result =
      !change.edits || !hasEdits(change.edits) ? await this.move(ctx, id, change.schedule ?? {}) : await this.edit(ctx, id, change.schedule, change.edits);
    const changed = [
      ...Object.keys(change.schedule ?? {}).filter((k) => change.schedule?.[k as keyof UpdatePostInput] !== undefined),
      ...Object.keys(change.edits ?? {}),
    ];
    await this.audit.record('post.updated', { target: { type: 'post_group', id }, details: { fields: changed, status: result.postGroup.status } });
    return result;
  }

  /** update-post's status and time move, on a checked input. */
  private async move(
    ctx: RequestContext,
    postGroupId: string,
    input: UpdatePostInput,
    queue?: { queueSlot: Date; commit?: CommitResult<CreatePostResult> },
  ): Promise<UpdatePostResult> {
    const group = await this.groups.findById(ctx.userId, postGroupId);
    if (!group) throw ApiError.notFound(PostMessages.notFound);
    if (queue && group.status !== 'draft') throw ApiError.badRequest(PostMessages.notQueueable(group.status));
    const now = new Date();
    const plan = planUpdate(group, input, now);
    const posts = await this.platformPosts.findByGroup(ctx.userId, postGroupId);

    let scheduledTime = plan.scheduledTime;
    if (plan.needsLimitCheck && scheduledTime) {
      await this.limits.assertPlatformsAvailable(ctx, uniqueNames(posts.map((p) => p.platform)));
      // The limits service's (spacing-adjusted) time takes priority (spec rule 4).
      scheduledTime = await this.scheduling.checkSchedule(
        ctx,
        posts.map((p) => p.platformId),
        scheduledTime,
        now,
        postGroupId,
      );
      if (queue && scheduledTime.getTime() !== queue.queueSlot.getTime()) throw new QueueSlotUnavailable();
      await this.assertTextsPassChecks(
        ctx,
        group.content,
        posts.map((p) => ({ platformId: p.platformId, override: p.contentOverridden ? p.content : undefined })),
        { postGroupId, mediaUrls: group.mediaUrls },
      );
    }
    const set = { status: plan.status, ...(scheduledTime ? { scheduledTime } : {}), ...(queue ? { fromQueue: true as const } : {}) };
    // A time or status the person sets takes the post out of the queue: it no longer moves with it.
    const leaveQueue = !queue && !!group.fromQueue && (plan.statusChanged || input.scheduledTime !== undefined);

    await this.inQueueTransaction(!!queue, async () => {
      const updated = await this.groups.updateSchedule(ctx.userId, postGroupId, group.status, set, { leaveQueue });
      if (!updated) {
        // Moved (or deleted) since we read it: answer for its state now.
        const current = await this.groups.findById(ctx.userId, postGroupId);
        if (!current) throw ApiError.notFound(PostMessages.notFound);
        throw ApiError.badRequest(queue ? PostMessages.notQueueable(current.status) : PostMessages.notUpdatable(current.status));
      }
      if (queue) await this.platformPosts.placeInQueue(ctx.userId, postGroupId, { slot: queue.queueSlot });
      else
        await this.platformPosts.updateScheduleForGroup(
          ctx.userId,
          postGroupId,
          { status: plan.status === 'scheduled' ? 'scheduled' : 'pending', ...(scheduledTime ? { scheduledTime } : {}) },
          { leaveQueue },
        );
      const statusLog: NewPostLog[] = plan.statusChanged ? [{ event: 'status_changed', metadata: { from: group.status, to: plan.status } }] : [];
      if (plan.status === 'scheduled' && plan.needsLimitCheck && scheduledTime) {
        await this.scheduling.recordScheduled(ctx.userId, postGroupId, posts, scheduledTime, statusLog);
      } else {
        await this.logs.append(ctx.userId, postGroupId, statusLog);
      }
      await queue?.commit?.({ success: true, postGroupId });
    });

    return {
      success: true,
      message: plan.message,
      postGroup: {
        _id: postGroupId,
        status: plan.status,
        ...(scheduledTime ? { scheduledTime: scheduledTime.toISOString() } : {}),
      },
    };
  }

  /** The dashboard's content and platform edits (see `update`), with its schedule move if any. */
  private async edit(ctx: RequestContext, postGroupId: string, schedule: UpdatePostInput | undefined, edits: PostEdits): Promise<UpdatePostResult> {
    const group = await this.groups.findById(ctx.userId, postGroupId);
    if (!group) throw ApiError.notFound(PostMessages.notFound);
    const posts = await this.platformPosts.findByGroup(ctx.userId, postGroupId);
    assertEditable(group, posts);
    const now = new Date();
    const plan = schedule
      ? planUpdate(group, schedule, now)
      : {
          status: group.status as 'draft' | 'scheduled',
          scheduledTime: group.scheduledTime ?? undefined,
          statusChanged: false,
          needsLimitCheck: false,
          message: UPDATE_MESSAGES.unchanged,
        };

    const refs = edits.platformIds ? await this.scheduling.ownedConnections(ctx.userId, edits.platformIds) : null;
    const { add, remove } = refs ? diffPlatforms(posts, refs) : { add: [] as ConnectionRef[], remove: [] as PlatformPostRecord[] };
    const targetIds = refs ? refs.map((r) => r.platformId) : posts.map((p) => p.platformId);
    const targetNames = refs ? platformNamesOf(refs) : uniqueNames(posts.map((p) => p.platform));
    // The overrides' keys name the accounts the group ends up with; the first comment must suit each of them.
    const unchosen = edits.contentOverrides ? unchosenOverrideKey(edits.contentOverrides, targetIds) : null;
    if (unchosen !== null) throw ApiError.badRequest(PostMessages.overrideKeyNotChosen(unchosen));
    const firstComment = edits.firstComment !== undefined ? edits.firstComment || undefined : (group.firstComment ?? undefined);
    const commentProblem =
      firstComment !== undefined && (edits.firstComment !== undefined || refs) ? firstCommentPlatformsProblem(firstComment, targetNames) : null;
    if (commentProblem) throw ApiError.badRequest(commentProblem);
    // A new platform is checked like a create (drafts too); the others as update-post does.
    if (refs) await this.limits.assertPlatformsAvailable(ctx, targetNames);
    let scheduledTime = plan.scheduledTime;
    const checkLimits = plan.status === 'scheduled' && (plan.needsLimitCheck || add.length > 0);
    if (checkLimits) {
      if (!refs) await this.limits.assertPlatformsAvailable(ctx, targetNames);
      scheduledTime = await this.scheduling.checkSchedule(ctx, targetIds, scheduledTime ?? now, now, postGroupId);
    }
    const content = edits.content ?? group.content;
    // What each account publishes after the edit: a new overrides map replaces every override;
    // otherwise an overridden post keeps its text and the others take the (new) content.
    const textOf = (platformId: string, current?: { content: string; contentOverridden?: boolean }): { text: string; overridden: boolean } => {
      if (edits.contentOverrides !== undefined) {
        const override = overrideFor(edits.contentOverrides, platformId);
        return override !== undefined ? { text: override, overridden: true } : { text: content, overridden: false };
      }
      if (current?.contentOverridden) return { text: current.content, overridden: true };
      return { text: content, overridden: false };
    };
    const keptPosts = posts.filter((p) => !remove.includes(p));
    const textsChange = edits.content !== undefined || edits.contentOverrides !== undefined;
    if (plan.status === 'scheduled' && (checkLimits || textsChange)) {
      const finalTexts = [
        ...keptPosts.map((p) => ({ platformId: p.platformId, ...textOf(p.platformId, p) })),
        ...add.map((r) => ({ platformId: r.platformId, ...textOf(r.platformId) })),
      ];
      await this.assertTextsPassChecks(
        ctx,
        content,
        finalTexts.map((t) => ({ platformId: t.platformId, override: t.overridden ? t.text : undefined })),
        { postGroupId, mediaUrls: group.mediaUrls },
      );
    }
    const textUpdates: PlatformPostTexts[] = [];
    for (const p of keptPosts) {
      const update: PlatformPostTexts = { id: p._id };
      if (textsChange) update.content = textOf(p.platformId, p);
      if (edits.firstComment !== undefined && supportsFirstComment(p.platform))
        update.firstComment = firstComment !== undefined ? pendingFirstComment(firstComment) : null;
      if (update.content || update.firstComment !== undefined) textUpdates.push(update);
    }
    const postStatus = plan.status === 'scheduled' ? 'scheduled' : 'pending';
    // As on update-post; new or removed accounts take it out too (its slot may not be theirs).
    const leaveQueue = !!group.fromQueue && ((!!schedule && (plan.statusChanged || schedule.scheduledTime !== undefined)) || add.length + remove.length > 0);

    await this.transactions.run(async () => {
      const set = {
        status: plan.status,
        ...(scheduledTime ? { scheduledTime } : {}),
        ...(edits.content !== undefined ? { content } : {}),
        ...(refs ? { platforms: targetNames } : {}),
        ...(edits.firstComment !== undefined && firstComment !== undefined ? { firstComment } : {}),
      };
      const removeFirstComment = edits.firstComment !== undefined && firstComment === undefined;
      const updated = await this.groups.applyEdits(ctx.userId, postGroupId, group.status, set, { leaveQueue, removeFirstComment });
      if (!updated) {
        const current = await this.groups.findById(ctx.userId, postGroupId);
        if (!current) throw ApiError.notFound(PostMessages.notFound);
        assertEditable(current, []);
        throw ApiError.badRequest(PostMessages.notUpdatable(current.status));
      }
      if (
        remove.length &&
        (await this.platformPosts.deleteUnstarted(
          ctx.userId,
          postGroupId,
          remove.map((p) => p._id),
        )) !== remove.length
      ) {
        throw ApiError.badRequest(PostMessages.editStarted);
      }
      if (textUpdates.length && (await this.platformPosts.setTextsUnstarted(ctx.userId, postGroupId, textUpdates)) !== textUpdates.length) {
        throw ApiError.badRequest(PostMessages.editStarted);
      }
      const added = add.length
        ? await this.platformPosts.createMany(
            ctx.userId,
            new Types.ObjectId(postGroupId),
            add.map((ref) => {
              const text = textOf(ref.platformId);
              return {
                connectionId: ref.id,
                platform: ref.platform,
                platformId: ref.platformId,
                externalId: ref.externalId,
                status: postStatus,
                content: text.text,
                ...(text.overridden ? { contentOverridden: true as const } : {}),
                ...(firstComment !== undefined && supportsFirstComment(ref.platform) ? { firstComment: pendingFirstComment(firstComment) } : {}),
                ...(scheduledTime ? { scheduledTime } : {}),
              };
            }),
          )
        : [];
      await this.platformPosts.updateScheduleForGroup(
        ctx.userId,
        postGroupId,
        { status: postStatus, ...(scheduledTime ? { scheduledTime } : {}) },
        { leaveQueue },
      );
      const statusLog: NewPostLog[] = plan.statusChanged ? [{ event: 'status_changed', metadata: { from: group.status, to: plan.status } }] : [];
      if (checkLimits && scheduledTime) {
        // Every post when the group (re)moved into the schedule, else only the new ones.
        const newlyScheduled = plan.needsLimitCheck ? [...keptPosts, ...added] : added;
        await this.scheduling.recordScheduled(ctx.userId, postGroupId, newlyScheduled, scheduledTime, statusLog);
      } else {
        await this.logs.append(ctx.userId, postGroupId, statusLog);
      }
    });
    return {
      success: true,
      message: plan.message,
      postGroup: { _id: postGroupId, status: plan.status, ...(scheduledTime ? { scheduledTime: scheduledTime.toISOString() } : {}) },
    };
  }

  // ── delete ────────────────────────────────────────────────────────────────────────────────

  /**
   * Group, platform posts, logs and media records in one transaction; storage files after the
   * commit, where a failure is logged and does not fail the request.
   */
  async delete(ctx: RequestContext, postGroupId: string): Promise<{ success: true }> {
    groupId(postGroupId);
    const files = await this.transactions.run(async () => {
      const deleted = await this.groups.delete(ctx.userId, postGroupId);
      if (!deleted) throw ApiError.notFound(PostMessages.notFound);
      await this.platformPosts.deleteForGroup(ctx.userId, postGroupId);
      await this.logs.deleteForGroup(ctx.userId, postGroupId);
      await this.events.postGroupDeleted([{ userId: ctx.userId, postGroupId }]);
      return this.mediaCleanup.deleteForGroup({ userId: ctx.userId, postGroupId });
    });
    await this.mediaCleanup.removeFiles(files);
    await this.audit.record('post.deleted', { target: { type: 'post_group', id: postGroupId } });
    return { success: true };
  }

  // ── for other modules ─────────────────────────────────────────────────────────────────────

  /** Media module: the group's status (null when it is not this user's), e.g. to refuse edits. */
  async findGroupStatus(userId: string, postGroupId: string): Promise<PostGroupStatus | null> {
    if (!isObjectIdString(postGroupId)) return null;
    const group = await this.groups.findById(userId, postGroupId);
    return group?.status ?? null;
  }

  /** Media module: what decides whether the group's alt texts may change, and their length limits (null when it is not this user's). */
  async findGroupForMedia(userId: string, postGroupId: string): Promise<Pick<PostGroupRecord, 'status' | 'processingStatus' | 'platforms'> | null> {
    if (!isObjectIdString(postGroupId)) return null;
    const group = await this.groups.findById(userId, postGroupId);
    return group ? { status: group.status, processingStatus: group.processingStatus, platforms: group.platforms ?? [] } : null;
  }

  /** Media module: records a media file of the group (shown in list-posts `mediaUrls`). */
  attachMedia(userId: string, postGroupId: string, media: { mediaId: string; url: string }): Promise<boolean> {
    if (!isObjectIdString(postGroupId)) return Promise.resolve(false);
    return this.groups.attachMedia(userId, postGroupId, media.mediaId, media.url);
  }

  async detachMedia(userId: string, postGroupId: string, media: { mediaId: string; url: string }): Promise<void> {
    if (!isObjectIdString(postGroupId)) return;
    await this.groups.detachMedia(userId, postGroupId, media.mediaId, media.url);
  }
}

/**
 * A post group id as given, once checked: a malformed one can name no group. The spec answers it
 * on REST (and MCP) with the route's 500 message; the dashboard as not found (ClientFault).
 */
function groupId(id: string): string {
  if (!isObjectIdString(id)) throw new ClientFault(`Malformed post group id: ${String(id).slice(0, 40)}`, PostMessages.notFound);
  return id;
}

function uniqueNames(names: string[]): PlatformName[] {
  return [...new Set(names)] as PlatformName[];
}

function platformNamesOf(refs: ConnectionRef[]): PlatformName[] {
  return uniqueNames(refs.map((r) => r.platform));
}
