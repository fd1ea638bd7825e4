import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import * as fastq from 'fastq';
import { ApiError } from '../common/api-error';
import { ConnectionsService } from '../connections/connections.service';
import { categorizeError } from '../platforms/error-category';
import { PlatformError, type PlatformAdapter, type PlatformCredentials } from '../platforms/platform-adapter';
import { PlatformRegistry } from '../platforms/platform-registry';
import { ACCOUNT_COLLECTION_PERIOD_MS, collectionBackoffMs, nextStep } from './collection-schedule';
import { ConnectionBudget } from './connection-budget';
import { ENGAGEMENT_SETTINGS, type EngagementSettings } from './engagement-settings';
import { MetricSnapshotsRepository } from './metric-snapshots.repository';
import { MetricTracksRepository, type TrackRelease } from './metric-tracks.repository';
import type { MetricTrackRecord } from './schemas/metric-track.schema';

const INTERVAL = 'engagement-collection';
/** A permission or sign-in problem is looked at again a day later (or at once after a reconnect). */
const BLOCKED_RETRY_MS = 24 * 60 * 60_000;

export interface CollectionReport {
  /** Tracks claimed in this pass. */
  claimed: number;
  /** Snapshots stored. */
  collected: number;
  /** Platform requests made. */
  requests: number;
  /** Tracks that ended (no metrics on the platform, post gone). */
  ended: number;
  /** Tracks put off (budget spent, rate limit, failure). */
  deferred: number;
}

/** One connection's share of a pass, with what the pass has done with it so far. */
interface ConnectionWork {
  connectionId: string;
  tracks: MetricTrackRecord[];
  token: string;
  now: Date;
  report: CollectionReport;
  /** Tracks already let go (a stop leaves them alone). */
  settled: Set<MetricTrackRecord>;
  /** How long the platform or the budget said to wait, once one did. */
  waitMs?: number;
}

/**
 * Reads post and account metrics when they are due (docs/engagement.md): claims due tracks with a
 * lease, reads each connection's in batches of its adapter's size within the connection's hourly
 * budget, stores one snapshot per reading and moves each track on. Its own interval, pool and
 * budget: a backlog of metrics never holds up publishing.
 */
@Injectable()
export class EngagementCollectorService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EngagementCollectorService.name);
  private running: Promise<CollectionReport> | null = null;
  private readonly pool: fastq.queueAsPromised<ConnectionWork>;

  constructor(
    private readonly tracks: MetricTracksRepository,
    private readonly snapshots: MetricSnapshotsRepository,
    private readonly connections: ConnectionsService,
    private readonly platforms: PlatformRegistry,
    private readonly budget: ConnectionBudget,
    private readonly scheduler: SchedulerRegistry,
    @Inject(ENGAGEMENT_SETTINGS) private readonly settings: EngagementSettings,
  ) {
    this.pool = fastq.promise(this, this.collectConnection, settings.concurrency);
    budget.configure(settings.requestsPerConnectionPerHour);
  }

  onApplicationBootstrap(): void {
    if (this.settings.intervalMs <= 0) return;
    this.scheduler.addInterval(
      INTERVAL,
      setInterval(() => void this.runOnce(), this.settings.intervalMs),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', INTERVAL)) this.scheduler.deleteInterval(INTERVAL);
    await this.running;
  }

  /** Tracks due now and not claimed (a gauge for operators and tests). */
  backlog(now = new Date()): Promise<number> {
    return this.tracks.countDue(now);
  }

  /** One pass over what is due at `now`; a pass still running is not re-entered. */
  runOnce(now = new Date()): Promise<CollectionReport> {
    this.running ??= this.pass(now).finally(() => (this.running = null));
    return this.running;
  }

  private async pass(now: Date): Promise<CollectionReport> {
    const report: CollectionReport = { claimed: 0, collected: 0, requests: 0, ended: 0, deferred: 0 };
    const token = randomUUID();
    const claimed = await this.tracks.claimDue(
      { owner: this.settings.instanceId, token, leaseUntil: new Date(now.getTime() + this.settings.leaseMs) },
      now,
      this.settings.claimBatch,
    );
    report.claimed = claimed.length;
    const byConnection = new Map<string, MetricTrackRecord[]>();
    for (const track of claimed) {
      const key = String(track.connectionId);
      byConnection.set(key, [...(byConnection.get(key) ?? []), track]);
    }
    await Promise.all([...byConnection].map(([connectionId, tracks]) => this.pool.push({ connectionId, tracks, token, now, report, settled: new Set() })));
    if (report.claimed) this.logger.log(report, 'Engagement collection pass');
    return report;
  }

  /** One connection's due tracks: its account reading, then its posts in batches. */
  private async collectConnection(work: ConnectionWork): Promise<void> {
    const { tracks, report } = work;
    const first = tracks[0];
    const adapter = this.platforms.get(first.platform);
    let credentials: PlatformCredentials;
    try {
      credentials = await this.connections.getCredentials(String(first.userId), work.connectionId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        // The connection is gone, and with it everything it would read.
        await this.tracks.removeForConnection(work.connectionId);
        return;
      }
      await this.deferAll(work, err);
      return;
    }

    const [accounts, posts] = [tracks.filter((t) => t.subject === 'account'), tracks.filter((t) => t.subject === 'post')];
    const queue: Array<() => Promise<'stop' | 'go'>> = [];
    for (const track of accounts) queue.push(() => this.readAccount(adapter, credentials, track, work));
    if (!adapter?.postMetrics) {
      if (posts.length)
        queue.push(async () => {
          await this.settle(
            work,
            posts.map((track) => ({ track, release: { nextAt: null, endedBecause: 'The platform gives no post metrics' } })),
          );
          report.ended += posts.length;
          return 'go';
        });
    } else {
      const size = Math.max(1, adapter.metricsBatchSize ?? 1);
      for (let i = 0; i < posts.length; i += size) {
        const batch = posts.slice(i, i + size);
        queue.push(() => this.readPosts(adapter, credentials, batch, work));
      }
    }
    for (let i = 0; i < queue.length; i++) {
      if ((await queue[i]()) === 'stop') {
        // The budget is spent or the platform said to wait: the rest waits as well.
        await this.deferAll(work, null);
        break;
      }
    }
  }

  private async readAccount(
    adapter: PlatformAdapter | undefined,
    credentials: PlatformCredentials,
    track: MetricTrackRecord,
    work: ConnectionWork,
  ): Promise<'stop' | 'go'> {
    if (!adapter?.accountMetrics) {
      await this.end(track, work, 'The platform gives no account metrics');
      return 'go';
    }
    const wait = await this.budget.take(work.connectionId);
    if (wait) return this.stop(work, wait);
    work.report.requests += 1;
    try {
      const values = await adapter.accountMetrics(credentials);
      await this.snapshots.record([{ track, values }], work.now);
      work.report.collected += 1;
      await this.permissionRestored([track], work);
      await this.settle(work, [{ track, release: { nextAt: new Date(work.now.getTime() + ACCOUNT_COLLECTION_PERIOD_MS), failures: 0, lastError: null } }]);
      return 'go';
    } catch (err) {
      return this.failed([track], err, work);
    }
  }

  private async readPosts(
    adapter: PlatformAdapter,
    credentials: PlatformCredentials,
    batch: MetricTrackRecord[],
    work: ConnectionWork,
  ): Promise<'stop' | 'go'> {
    const wait = await this.budget.take(work.connectionId);
    if (wait) return this.stop(work, wait);
    work.report.requests += 1;
    let answer;
    try {
      answer = await adapter.postMetrics!(
        credentials,
        batch.map((t) => ({ postedId: t.postedId!, publishedUrl: t.publishedUrl ?? null, publishedAt: t.publishedAt ?? null })),
      );
    } catch (err) {
      return this.failed(batch, err, work);
    }
    const readings = batch.flatMap((track) => {
      const values = answer.metrics.get(track.postedId!);
      return values ? [{ track, values }] : [];
    });
    await this.snapshots.record(readings, work.now);
    work.report.collected += readings.length;
    await this.permissionRestored(batch, work);
    const releases = batch.map((track) => {
      if (!answer.metrics.has(track.postedId!)) {
        work.report.ended += 1;
        return { track, release: { nextAt: null, endedBecause: answer.missing.get(track.postedId!) ?? 'The platform did not return this post' } };
      }
      // No step left: the series is complete (nextAt null, nothing ended it early).
      const next = nextStep(track.publishedAt ?? work.now, track.step, work.now);
      return { track, release: { nextAt: next?.dueAt ?? null, step: next?.step ?? track.step, failures: 0, lastError: null } };
    });
    await this.settle(work, releases);
    return 'go';
  }

  /** A failed read: a rate limit stops the connection; a missing permission or sign-in waits a day; anything else backs off. */
  private async failed(tracks: MetricTrackRecord[], err: unknown, work: ConnectionWork): Promise<'stop' | 'go'> {
    const error =
      err instanceof PlatformError ? err : new PlatformError('UNKNOWN_ERROR', err instanceof Error ? err.message : String(err), { retryable: true });
    const category = categorizeError({ code: error.code, category: error.options.category });
    const lastError = { code: error.code, message: error.message, category, at: work.now };
    if (category === 'rate_limited') {
      const waitMs = collectionBackoffMs(1, error.options.retryAfterMs);
      await this.budget.blockFor(work.connectionId, waitMs);
      await this.settle(
        work,
        tracks.map((track) => ({ track, release: { nextAt: new Date(work.now.getTime() + waitMs), lastError } })),
      );
      work.report.deferred += tracks.length;
      return this.stop(work, waitMs);
    }
    if (category === 'permission_missing') await this.connections.recordMissingPermission(String(tracks[0].userId), work.connectionId, error.message);
    if (category === 'permission_missing' || category === 'auth_expired' || category === 'configuration') {
      await this.settle(
        work,
        tracks.map((track) => ({ track, release: { nextAt: new Date(work.now.getTime() + BLOCKED_RETRY_MS), lastError } })),
      );
      work.report.deferred += tracks.length;
      this.logger.warn({ connectionId: work.connectionId, platform: tracks[0]?.platform, reason: error.message }, 'Metrics cannot be read for this connection');
      return this.stop(work, BLOCKED_RETRY_MS);
    }
    await this.settle(
      work,
      tracks.map((track) => {
        const failures = (track.failures ?? 0) + 1;
        return { track, release: { nextAt: new Date(work.now.getTime() + collectionBackoffMs(failures, error.options.retryAfterMs)), failures, lastError } };
      }),
    );
    work.report.deferred += tracks.length;
    return 'go';
  }

  /** A read worked where the last one lacked a permission: the connection no longer says it is missing. */
  private async permissionRestored(tracks: MetricTrackRecord[], work: ConnectionWork): Promise<void> {
    if (tracks.some((t) => t.lastError?.category === 'permission_missing')) {
      await this.connections.recordMissingPermission(String(tracks[0].userId), work.connectionId, null);
    }
  }

  private stop(work: ConnectionWork, waitMs: number): 'stop' {
    work.waitMs = waitMs;
    return 'stop';
  }

  private async end(track: MetricTrackRecord, work: ConnectionWork, reason: string): Promise<'go'> {
    await this.settle(work, [{ track, release: { nextAt: null, endedBecause: reason } }]);
    work.report.ended += 1;
    return 'go';
  }

  private async settle(work: ConnectionWork, releases: Array<{ track: MetricTrackRecord; release: TrackRelease }>): Promise<void> {
    for (const { track } of releases) work.settled.add(track);
    await this.tracks.release(work.token, releases);
  }

  /** Everything of the connection not yet let go waits: as long as it was told, or a backoff after `err`. */
  private async deferAll(work: ConnectionWork, err: unknown): Promise<void> {
    const left = work.tracks.filter((track) => !work.settled.has(track));
    await this.settle(
      work,
      left.map((track) => {
        const failures = err ? (track.failures ?? 0) + 1 : track.failures;
        const delay = work.waitMs ?? collectionBackoffMs(failures ?? 1);
        return { track, release: { nextAt: new Date(work.now.getTime() + delay), ...(err ? { failures } : {}) } };
      }),
    );
    work.report.deferred += left.length;
    if (err) this.logger.warn({ err, connectionId: work.connectionId }, 'Metrics collection failed for a connection');
  }
}
