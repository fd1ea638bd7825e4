import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { RequestContext } from '../auth/request-context';
import { ApiError, ClientFault, errorResponse } from '../common/api-error';
import { ConnectionsService, type ConnectionRef } from '../connections/connections.service';
import { LimitsService, type UsageSummary } from '../limits/limits.service';
import type { PlatformName, PostGroupStatus } from '@app/rules';
import { buildListPostsQuery, paginate, type Pagination } from './list-posts.query';
import type { ListPostsQueryDto } from './dto/list-posts.query.dto';
import { MediaCleanupRegistry } from './media-cleanup';
import { PlatformPostsRepository, type PlatformPostSummary } from './platform-posts.repository';
import { PlatformRegistry } from '../platforms/platform-registry';
import { PostChecks } from './post-checks';
import { PostEvents } from './post-events';
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
import { CREATE_POST_IDEMPOTENCY, PostMessages } from './posts.errors';

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
    private readonly connections: ConnectionsService,
    private readonly limits: LimitsService,
    private readonly events: PostEvents,
    private readonly mediaCleanup: MediaCleanupRegistry,
    private readonly postChecks: PostChecks,
    private readonly platforms: PlatformRegistry,
  ) {}

  // ── create ────────────────────────────────────────────────────────────────────────────────

  /**
   * `options.mediaIds` (dashboard only; REST has no such field): the user's uploaded media linked
   * to the new group in the same transaction (MediaCleanupRegistry.attachToGroup).
   */
  async create(ctx: RequestContext, body: CreatePostDto, idempotencyKey?: string, options: { mediaIds?: string[] } = {}): Promise<CreatePostResult> {
    // The body was checked by its transport (the pipe or validateInput), before any key.
    const input = toCreatePostInput(body);
    if (!idempotencyKey) return this.createGroup(ctx, input, options);
    return this.idempotency.run<CreatePostResult>(
      { userId: ctx.userId, scope: 'create-post', key: idempotencyKey, input: body, messages: CREATE_POST_IDEMPOTENCY },
      (commit) => this.createGroup(ctx, input, options, commit),
    );
  }

  /** create-post's work; `commit` records an idempotency key's result in the same transaction. */
  private async createGroup(
    ctx: RequestContext,
    input: CreatePostInput,
    options: { mediaIds?: string[] },
    commit?: CommitResult<CreatePostResult>,
  ): Promise<CreatePostResult> {
    const refs = await this.ownedConnections(ctx.userId, input.platformIds);
    // Platform availability runs for every post, drafts included (reference notes).
    await this.limits.assertPlatformsAvailable(ctx, platformNamesOf(refs));

    const now = new Date();
    let scheduledTime = input.scheduledTime ? notBefore(input.scheduledTime, now) : undefined;
    if (scheduledTime)
      scheduledTime = await this.checkSchedule(
        ctx,
        refs.map((r) => r.platformId),
        scheduledTime,
        now,
      );
    if (scheduledTime) await this.assertPassesChecks(ctx, { content: input.content, platformIds: refs.map((r) => r.platformId) });
    const status: PostGroupStatus = scheduledTime ? 'scheduled' : 'draft';
    const postGroupId = new Types.ObjectId();
    const response: CreatePostResult = { success: true, postGroupId: String(postGroupId) };

    await this.transactions.run(async () => {
      await this.groups.create(ctx.userId, {
        _id: postGroupId,
        content: input.content,
        status,
        ...(scheduledTime ? { scheduledTime } : {}),
        platformSettings: input.platformSettings,
        platforms: platformNamesOf(refs),
        processingStatus: 'pending',
      });
      const posts = await this.platformPosts.createMany(
        ctx.userId,
        postGroupId,
        refs.map((ref) => ({
          connectionId: ref.id,
          platform: ref.platform,
          platformId: ref.platformId,
          externalId: ref.externalId,
          status: scheduledTime ? 'scheduled' : 'pending',
          content: input.content,
          ...(scheduledTime ? { scheduledTime } : {}),
        })),
      );
      if (options.mediaIds?.length) {
        const scope = { userId: ctx.userId, postGroupId: String(postGroupId) };
        const media = await this.mediaCleanup.attachToGroup(scope, options.mediaIds);
        await this.groups.attachMediaMany(ctx.userId, String(postGroupId), media);
      }
      if (scheduledTime) await this.recordScheduled(ctx.userId, postGroupId, posts, scheduledTime, []);
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
      const refs = await this.ownedConnections(ctx.userId, input.platformIds);
      await this.limits.assertPlatformsAvailable(ctx, platformNamesOf(refs));
      const now = new Date();
      const requested = input.scheduledTime ? notBefore(input.scheduledTime, now) : undefined;
      const scheduledTime = requested
        ? await this.checkSchedule(
            ctx,
            refs.map((r) => r.platformId),
            requested,
            now,
            undefined,
            { notify: false },
          )
        : undefined;
      if (scheduledTime) await this.assertPassesChecks(ctx, { content: input.content, platformIds: refs.map((r) => r.platformId) });
      return {
        ok: true,
        content: input.content,
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

  private async ownedConnections(userId: string, platformIds: string[]): Promise<ConnectionRef[]> {
    const owned = await this.connections.findOwned(userId, platformIds);
    const byId = new Map(owned.map((c) => [c.platformId, c]));
    return platformIds.map((id) => {
      const ref = byId.get(id);
      if (!ref) throw ApiError.badRequest(PostMessages.connectionNotFound(id));
      return ref;
    });
  }

  /**
   * Gathers the billing account's usage (this service owns platform posts) and asks the limits
   * service; returns the time to store (possibly moved for spacing).
   */
  /** The embedding app's post checks (post-checks.ts): a refusal is a 400 with its message, before anything is written. */
  private async assertPassesChecks(
    ctx: RequestContext,
    post: { postGroupId?: string; content: string; platformIds: string[]; mediaUrls?: string[] | null },
  ): Promise<void> {
    const refusal = await this.postChecks.refusal({
      stage: 'schedule',
      userId: ctx.userId,
      ...(post.postGroupId ? { postGroupId: post.postGroupId } : {}),
      content: post.content,
      platforms: uniqueNames(post.platformIds.map((id) => id.slice(0, id.indexOf('-')))),
      platformIds: post.platformIds,
      mediaUrls: post.mediaUrls ?? [],
    });
    if (refusal) throw ApiError.badRequest(refusal);
  }

  private async checkSchedule(
    ctx: RequestContext,
    platformIds: string[],
    scheduledTime: Date,
    now: Date,
    excludeGroupId?: string,
    options: { notify?: boolean } = {},
  ): Promise<Date> {
    const userIds = await this.limits.billingAccountUserIds(ctx);
    const period = this.limits.billingPeriod(ctx.billingOwnerUser, now);
    const [monthlyByPlatformId, scheduledPending, otherScheduledTimes, connectionCount] = await Promise.all([
      this.platformPosts.countUsedByPlatformId(userIds, period, excludeGroupId),
      this.platformPosts.countPending(userIds, excludeGroupId),
      this.platformPosts.scheduledTimesNear(ctx.userId, platformIds, scheduledTime, excludeGroupId),
      this.connections.countForUsers(userIds),
    ]);
    const monthlyTotal = Object.values(monthlyByPlatformId).reduce((a, b) => a + b, 0);
    const result = await this.limits.checkSchedule(
      ctx,
      {
        platformIds,
        scheduledTime,
        usage: { monthlyByPlatformId, monthlyTotal, scheduledPending, otherScheduledTimes },
        connectionCount,
        now,
      },
      options,
    );
    return result.scheduledTime;
  }

  /** `scheduled` log entries and `post.scheduled` events for these platform posts. */
  private async recordScheduled(
    userId: string,
    postGroupId: Types.ObjectId | string,
    posts: Array<Pick<PlatformPostRecord, '_id' | 'platform' | 'platformId'>>,
    scheduledTime: Date,
    extraLogs: NewPostLog[],
  ): Promise<void> {
    await this.logs.append(userId, postGroupId, [
      ...extraLogs,
      ...posts.map((p) => ({
        postId: p._id,
        platform: p.platform,
        event: 'scheduled' as const,
        metadata: { scheduledTime: scheduledTime.toISOString() },
      })),
    ]);
    await this.events.postScheduled(
      posts.map((p) => ({
        userId,
        postGroupId: String(postGroupId),
        postId: String(p._id),
        platform: p.platform,
        platformId: p.platformId,
        scheduledAt: scheduledTime,
      })),
    );
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
    if (!change.edits || !hasEdits(change.edits)) return this.move(ctx, id, change.schedule ?? {});
    return this.edit(ctx, id, change.schedule, change.edits);
  }

  /** update-post's status and time move, on a checked input. */
  private async move(ctx: RequestContext, postGroupId: string, input: UpdatePostInput): Promise<UpdatePostResult> {
    const group = await this.groups.findById(ctx.userId, postGroupId);
    if (!group) throw ApiError.notFound(PostMessages.notFound);
    const now = new Date();
    const plan = planUpdate(group, input, now);
    const posts = await this.platformPosts.findByGroup(ctx.userId, postGroupId);

    let scheduledTime = plan.scheduledTime;
    if (plan.needsLimitCheck && scheduledTime) {
      await this.limits.assertPlatformsAvailable(ctx, uniqueNames(posts.map((p) => p.platform)));
      // The limits service's (spacing-adjusted) time takes priority (spec rule 4).
      scheduledTime = await this.checkSchedule(
        ctx,
        posts.map((p) => p.platformId),
        scheduledTime,
        now,
        postGroupId,
      );
      await this.assertPassesChecks(ctx, { postGroupId, content: group.content, platformIds: posts.map((p) => p.platformId), mediaUrls: group.mediaUrls });
    }
    const set = { status: plan.status, ...(scheduledTime ? { scheduledTime } : {}) };

    await this.transactions.run(async () => {
      const updated = await this.groups.updateSchedule(ctx.userId, postGroupId, group.status, set);
      if (!updated) {
        // Moved (or deleted) since we read it: answer for its state now.
        const current = await this.groups.findById(ctx.userId, postGroupId);
        if (!current) throw ApiError.notFound(PostMessages.notFound);
        throw ApiError.badRequest(PostMessages.notUpdatable(current.status));
      }
      await this.platformPosts.updateScheduleForGroup(ctx.userId, postGroupId, {
        status: plan.status === 'scheduled' ? 'scheduled' : 'pending',
        ...(scheduledTime ? { scheduledTime } : {}),
      });
      const statusLog: NewPostLog[] = plan.statusChanged ? [{ event: 'status_changed', metadata: { from: group.status, to: plan.status } }] : [];
      if (plan.status === 'scheduled' && plan.needsLimitCheck && scheduledTime) {
        await this.recordScheduled(ctx.userId, postGroupId, posts, scheduledTime, statusLog);
      } else {
        await this.logs.append(ctx.userId, postGroupId, statusLog);
      }
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

    const refs = edits.platformIds ? await this.ownedConnections(ctx.userId, edits.platformIds) : null;
    const { add, remove } = refs ? diffPlatforms(posts, refs) : { add: [] as ConnectionRef[], remove: [] as PlatformPostRecord[] };
    const targetIds = refs ? refs.map((r) => r.platformId) : posts.map((p) => p.platformId);
    const targetNames = refs ? platformNamesOf(refs) : uniqueNames(posts.map((p) => p.platform));
    // A new platform is checked like a create (drafts too); the others as update-post does.
    if (refs) await this.limits.assertPlatformsAvailable(ctx, targetNames);
    let scheduledTime = plan.scheduledTime;
    const checkLimits = plan.status === 'scheduled' && (plan.needsLimitCheck || add.length > 0);
    if (checkLimits) {
      if (!refs) await this.limits.assertPlatformsAvailable(ctx, targetNames);
      scheduledTime = await this.checkSchedule(ctx, targetIds, scheduledTime ?? now, now, postGroupId);
    }
    const content = edits.content ?? group.content;
    if (plan.status === 'scheduled' && (checkLimits || edits.content !== undefined)) {
      await this.assertPassesChecks(ctx, { postGroupId, content, platformIds: targetIds, mediaUrls: group.mediaUrls });
    }
    const postStatus = plan.status === 'scheduled' ? 'scheduled' : 'pending';

    await this.transactions.run(async () => {
      const set = {
        status: plan.status,
        ...(scheduledTime ? { scheduledTime } : {}),
        ...(edits.content !== undefined ? { content } : {}),
        ...(refs ? { platforms: targetNames } : {}),
      };
      const updated = await this.groups.applyEdits(ctx.userId, postGroupId, group.status, set);
      if (!updated) {
        const current = await this.groups.findById(ctx.userId, postGroupId);
        if (!current) throw ApiError.notFound(PostMessages.notFound);
        assertEditable(current, []);
        throw ApiError.badRequest(PostMessages.notUpdatable(current.status));
      }
      const kept = posts.length - remove.length;
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
      if (edits.content !== undefined && (await this.platformPosts.setContentUnstarted(ctx.userId, postGroupId, content)) !== kept) {
        throw ApiError.badRequest(PostMessages.editStarted);
      }
      const added = add.length
        ? await this.platformPosts.createMany(
            ctx.userId,
            new Types.ObjectId(postGroupId),
            add.map((ref) => ({
              connectionId: ref.id,
              platform: ref.platform,
              platformId: ref.platformId,
              externalId: ref.externalId,
              status: postStatus,
              content,
              ...(scheduledTime ? { scheduledTime } : {}),
            })),
          )
        : [];
      await this.platformPosts.updateScheduleForGroup(ctx.userId, postGroupId, { status: postStatus, ...(scheduledTime ? { scheduledTime } : {}) });
      const statusLog: NewPostLog[] = plan.statusChanged ? [{ event: 'status_changed', metadata: { from: group.status, to: plan.status } }] : [];
      if (checkLimits && scheduledTime) {
        // Every post when the group (re)moved into the schedule, else only the new ones.
        const keptPosts = posts.filter((p) => !remove.includes(p));
        const newlyScheduled = plan.needsLimitCheck ? [...keptPosts, ...added] : added;
        await this.recordScheduled(ctx.userId, postGroupId, newlyScheduled, scheduledTime, statusLog);
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
      return this.mediaCleanup.deleteForGroup({ userId: ctx.userId, postGroupId });
    });
    await this.mediaCleanup.removeFiles(files);
    return { success: true };
  }

  // ── for other modules ─────────────────────────────────────────────────────────────────────

  /** Media module: the group's status (null when it is not this user's), e.g. to refuse edits. */
  async findGroupStatus(userId: string, postGroupId: string): Promise<PostGroupStatus | null> {
    if (!isObjectIdString(postGroupId)) return null;
    const group = await this.groups.findById(userId, postGroupId);
    return group?.status ?? null;
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
