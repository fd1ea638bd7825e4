import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { RequestContext, UserSummary } from '../auth/request-context';
import { UsersService } from '../auth/users.service';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { outsideTransaction } from '../database/transactions';
import { PlatformRegistry } from '../platforms/platform-registry';
import { LimitEmailsRepository } from './limit-emails.repository';
import { LimitMailer } from './limit-mailer';
import {
  applySpacing,
  billingPeriodOf,
  checkConnections,
  checkHorizon,
  checkNewConnections,
  checkMonthlyPosts,
  checkPlatformsAvailable,
  checkScheduledPending,
  connectionAllowance,
  type BillingPeriod,
  type LimitExceededBody,
  type RuleContext,
} from './limit-rules';
import { PLAN_TABLE, planPlatforms, type PlanTable } from './plans';

export type { LimitExceededBody } from './limit-rules';

export interface ScheduleUsage {
  /** Platform posts counted in the billing period ("used"), by compound platformId, excluding the group being scheduled. */
  monthlyByPlatformId: Record<string, number>;
  /** Sum over the whole billing account (billing owner + its managed users), excluding this group. */
  monthlyTotal: number;
  /** Pending (scheduled, not yet published) platform posts of the billing account, excluding this group. */
  scheduledPending: number;
  /** Scheduled times of other pending platform posts on the same connections, for spacing. */
  otherScheduledTimes: Record<string, Date[]>;
}

export interface ScheduleCheckInput {
  platformIds: string[];
  /** Already clamped to now by the caller. */
  scheduledTime: Date;
  usage: ScheduleUsage;
  /** Connections of the whole billing account. */
  connectionCount: number;
  now?: Date;
}

export interface UsageSummary {
  planName: string;
  periodStart: string;
  periodEnd: string;
  monthlyPosts: {
    limit: number;
    scope: 'account' | 'connection';
    /** Account total (informative on connection scope, where each connection has its own pool). */
    used: number;
    /** Account scope only; null on connection scope (see byConnection). */
    remaining: number | null;
    byConnection: { platformId: string; used: number; remaining: number }[];
  };
  scheduledPosts: { limit: number; used: number; remaining: number };
  scheduleHorizonDays: number | null;
  connections: { limit: number; used: number; remaining: number };
  platforms: string[];
}

const platformOf = (platformId: string): string => platformId.slice(0, Math.max(0, platformId.indexOf('-'))).toLowerCase();

/**
 * Plan limits of the billing owner (the key owner in workspace mode): the checks posts run on the
 * way to `scheduled`, the minimum spacing between posts of one connection, the limit-reached
 * e-mail, and "how much is left". Usage numbers come from the caller (posts owns the post
 * collections); the decisions are the pure functions of `limit-rules.ts`.
 */
@Injectable()
export class LimitsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LimitsService.name);
  private readonly spacingMs: number;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly users: UsersService,
    private readonly emails: LimitEmailsRepository,
    private readonly mailer: LimitMailer,
    private readonly platformRegistry: PlatformRegistry,
    @Inject(PLAN_TABLE) private readonly plans: PlanTable,
    config: AppConfig,
  ) {
    this.spacingMs = config.env.MIN_POST_SPACING_SECONDS * 1000;
  }

  /** `MIN_POST_SPACING_SECONDS` in milliseconds: the queue keeps its slots this far from other posts. */
  get minPostSpacingMs(): number {
    return this.spacingMs;
  }

  /** Billing month [start, end): calendar month UTC (no billing anchor is stored on users yet). */
  billingPeriod(_billingOwner: UserSummary, now: Date = new Date()): BillingPeriod {
    return billingPeriodOf(now);
  }

  /** The users whose posts and connections count toward the billing owner's pool (owner + managed users). */
  async billingAccountUserIds(ctx: RequestContext): Promise<string[]> {
    const ownerId = ctx.billingOwnerUser.id;
    const managed = await this.users.listManaged(ownerId);
    return [ownerId, ...managed.map((u) => u.id).filter((id) => id !== ownerId)];
  }

  /** 403 PLATFORM_NOT_AVAILABLE when a platform is not on the billing owner's plan (every create-post, drafts included). */
  async assertPlatformsAvailable(ctx: RequestContext, platforms: string[], now: Date = new Date()): Promise<void> {
    const refusal = checkPlatformsAvailable(this.ruleContext(ctx.billingOwnerUser, now), platforms);
    if (refusal) throw this.toError(refusal);
  }

  /**
   * The move of a group to `scheduled`: platform availability, then connections over the seat
   * limit, monthly posts, pending posts and the schedule horizon. A refusal throws 403 with the
   * limit-exceeded body and (for the usage limits, not platform availability) starts the
   * once-a-month e-mail to the billing owner without waiting for it. Returns the time to use,
   * moved later when another post of one of the connections is closer than the minimum spacing.
   */
  async checkSchedule(ctx: RequestContext, input: ScheduleCheckInput, options: { notify?: boolean } = {}): Promise<{ scheduledTime: Date; adjusted: boolean }> {
    const now = input.now ?? new Date();
    const owner = ctx.billingOwnerUser;
    const rc = this.ruleContext(owner, now);
    const platformIds = [...new Set(input.platformIds)];
    const platforms = platformIds.map(platformOf).filter((p) => this.platformRegistry.has(p));
    const unavailable = checkPlatformsAvailable(rc, platforms);
    if (unavailable) throw this.toError(unavailable);

    const refusal =
      checkConnections(rc, connectionAllowance(rc.plan, owner.seats), input.connectionCount) ??
      checkMonthlyPosts(rc, platformIds, input.usage) ??
      checkScheduledPending(rc, platformIds.length, input.usage.scheduledPending) ??
      checkHorizon(rc, input.scheduledTime, now);
    if (refusal) {
      // A dry run (validate-post) reports the refusal without the limit-reached e-mail.
      if (options.notify ?? true) this.notifyLimitReached(owner, refusal);
      throw this.toError(refusal);
    }
    const others = platformIds.flatMap((id) => input.usage.otherScheduledTimes[id] ?? []);
    return applySpacing(input.scheduledTime, others, this.spacingMs);
  }

  /** The refusal (or null) for connecting `adding` new accounts when the billing account has `connectionCount`. */
  newConnectionsRefusal(billingOwner: UserSummary, connectionCount: number, adding: number, now: Date = new Date()): LimitExceededBody | null {
    const rc = this.ruleContext(billingOwner, now);
    return checkNewConnections(rc, connectionAllowance(rc.plan, billingOwner.seats), connectionCount, adding);
  }

  /** "How much is left" for the dashboard, from the same numbers the checks use. */
  usageSummary(ctx: RequestContext, input: { usage: ScheduleUsage; connectionCount: number; platformIds?: string[]; now?: Date }): UsageSummary {
    const rc = this.ruleContext(ctx.billingOwnerUser, input.now ?? new Date());
    const { plan } = rc;
    const connectionLimit = connectionAllowance(plan, ctx.billingOwnerUser.seats);
    const ids = input.platformIds ?? Object.keys(input.usage.monthlyByPlatformId);
    return {
      planName: plan.displayName,
      periodStart: rc.period.start.toISOString(),
      periodEnd: rc.period.end.toISOString(),
      monthlyPosts: {
        limit: plan.monthlyPosts,
        scope: plan.monthlyScope,
        used: input.usage.monthlyTotal,
        remaining: plan.monthlyScope === 'account' ? Math.max(0, plan.monthlyPosts - input.usage.monthlyTotal) : null,
        byConnection: ids.map((platformId) => {
          const used = input.usage.monthlyByPlatformId[platformId] ?? 0;
          return { platformId, used, remaining: Math.max(0, plan.monthlyPosts - used) };
        }),
      },
      scheduledPosts: {
        limit: plan.scheduledPosts,
        used: input.usage.scheduledPending,
        remaining: Math.max(0, plan.scheduledPosts - input.usage.scheduledPending),
      },
      scheduleHorizonDays: plan.scheduleHorizonDays,
      connections: { limit: connectionLimit, used: input.connectionCount, remaining: Math.max(0, connectionLimit - input.connectionCount) },
      platforms: [...rc.platforms],
    };
  }

  /** Resolves when every e-mail started so far has been recorded (tests, shutdown). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.whenIdle();
  }

  /**
   * Fire-and-forget: the first refusal of a billing month claims that month's e-mail (unique
   * (ownerId, period) insert), then sends it by SMTP or keeps it in the outbox. Any failure is
   * logged and recorded, never surfaced to the request.
   */
  private notifyLimitReached(owner: UserSummary, refusal: LimitExceededBody): void {
    // Outside the caller's transaction (a bulk import runs its rows in one): the e-mail's claim
    // must not roll back with the request, nor use its session after it has ended.
    const task = outsideTransaction(() => this.sendLimitEmail(owner, refusal))
      .catch((err: unknown) => this.logger.error({ err, ownerId: owner.id }, 'Limit-reached e-mail could not be recorded'))
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  private async sendLimitEmail(owner: UserSummary, refusal: LimitExceededBody): Promise<void> {
    const email = await this.emails.claim(owner.id, {
      period: refusal.periodStart,
      code: refusal.code,
      to: owner.email,
      from: this.mailer.from,
      subject: `You have reached a limit of your ${refusal.planName} plan`,
      text: [
        'Hello,',
        '',
        `A post could not be scheduled: ${refusal.message}`,
        '',
        `Billing period: ${refusal.periodStart} to ${refusal.periodEnd}.`,
        'Upgrade your plan or wait for the next billing period to schedule more posts.',
        'We send this notice once per billing month.',
      ].join('\n'),
    });
    if (!email) return; // Already notified this billing month.
    if (!this.mailer.configured) {
      await this.emails.setStatus(owner.id, email.id, 'stored');
      this.logger.log(
        { ownerId: owner.id, to: email.to, subject: email.subject, code: email.code },
        'Limit-reached e-mail kept in outbox (SMTP not configured)',
      );
      return;
    }
    try {
      await this.mailer.send({ to: email.to, from: email.from, subject: email.subject, text: email.text });
      await this.emails.setStatus(owner.id, email.id, 'sent');
    } catch (err) {
      this.logger.warn({ err, ownerId: owner.id }, 'Limit-reached e-mail could not be sent');
      await this.emails.setStatus(owner.id, email.id, 'failed', err instanceof Error ? err.message : String(err));
    }
  }

  private ruleContext(owner: UserSummary, now: Date): RuleContext {
    const plan = this.plans[owner.plan] ?? this.plans.starter;
    return { plan, platforms: planPlatforms(plan, this.platformRegistry.names()), period: this.billingPeriod(owner, now) };
  }

  private toError(refusal: LimitExceededBody): ApiError {
    const { error, ...rest } = refusal;
    return ApiError.forbidden(error, rest);
  }
}
