import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import * as fastq from 'fastq';
import { FirstCommentService } from './first-comment.service';
import { PublicationStateService, type ClaimedPost } from './publication-state.service';
import { PublisherService } from './publisher.service';
import { PUBLISHING_SETTINGS, type PublishingSettings } from './publishing-settings';

/**
 * How many posts the next claim round may take with `inFlight` posts claimed and not finished, or
 * 0 to wait for some to finish: room for everything running plus one more round queued behind it.
 * While work is queued, a claim waits for half a pool of room, so a round's commands (find, claim,
 * read back, group and log writes) are shared by several posts instead of spent on each one as it
 * finishes; every slot still has work queued meanwhile.
 */
export function claimRoom(settings: Pick<PublishingSettings, 'concurrency' | 'claimBatch'>, inFlight: number): number {
  const room = Math.min(settings.claimBatch, 2 * settings.concurrency - inFlight);
  const worthClaiming = inFlight === 0 ? 1 : Math.max(1, Math.min(settings.claimBatch, Math.ceil(settings.concurrency / 2)));
  return room >= worthClaiming ? room : 0;
}

const TICK = 'publishing-tick';
const HEARTBEAT = 'publishing-lease-heartbeat';
const COMMENTS = 'publishing-first-comments';

/**
 * The scheduler's tick only hands work on: it claims due platform posts (with a lease) and
 * queues them for the publisher, which runs at most `concurrency` at once. A running tick is
 * never re-entered; a tick that claimed a full batch claims again at once (a backlog drains at
 * full speed), waiting for free slots rather than claiming more than it can start soon, so
 * leases are not spent waiting in a queue. A heartbeat renews the leases of held posts.
 */
@Injectable()
export class PublishSchedulerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PublishSchedulerService.name);
  private ticking = false;
  private stopping = false;
  /** Claimed posts waiting for, or holding, one of the `concurrency` publishing slots. */
  private readonly pool: fastq.queueAsPromised<ClaimedPost>;
  /** Claim tokens of held posts → how many of them are still held. */
  private readonly heldTokens = new Map<string, number>();
  private readonly idleWaiters: Array<() => void> = [];

  constructor(
    private readonly state: PublicationStateService,
    private readonly publisher: PublisherService,
    private readonly registry: SchedulerRegistry,
    @Inject(PUBLISHING_SETTINGS) private readonly settings: PublishingSettings,
    private readonly firstComments: FirstCommentService,
  ) {
    this.pool = fastq.promise(this, this.run, settings.concurrency);
  }

  onApplicationBootstrap(): void {
    if (!this.settings.schedulerEnabled) return;
    this.registry.addInterval(
      TICK,
      setInterval(() => void this.tick(), this.settings.intervalMs),
    );
    this.registry.addInterval(
      HEARTBEAT,
      setInterval(() => void this.heartbeat(), Math.max(250, Math.floor(this.settings.leaseMs / 3))),
    );
    // First comments' due retries, and attempts an instance left mid-call (settled as unknown).
    this.registry.addInterval(
      COMMENTS,
      setInterval(() => void this.sweepComments(), this.settings.intervalMs),
    );
    setImmediate(() => void this.tick());
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.pool.pause(); // nothing new starts; what is queued is released below
    for (const name of [TICK, HEARTBEAT, COMMENTS]) {
      if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
    }
    // A tick that is claiming finishes first (its claims land in the queue, not in limbo).
    const deadline = Date.now() + 10_000;
    while (this.ticking && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    // Claims not started yet go back to the queue at once (not when their lease runs out), so
    // another instance, or this one after a restart, publishes them without delay. A post taken
    // over from an instance that died mid-call keeps its in-flight marker: whoever claims it next
    // must reconcile with the platform before any resend.
    const unstarted = this.pool.getQueue();
    this.pool.kill();
    const released = await Promise.allSettled(unstarted.map((claimed) => this.state.defer(claimed, new Date(), Boolean(claimed.post.attemptInFlight))));
    if (unstarted.length) {
      const ok = released.filter((r) => r.status === 'fulfilled' && r.value).length;
      this.logger.log(`Shutdown: released ${ok} of ${unstarted.length} claimed posts not yet started`);
    }
    // Posts being published are finished (the platform call and its bookkeeping).
    while ((this.pool.running() > 0 || this.firstComments.busy) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    // Their connections' lastSuccessfulPost stamps are written behind: written now, whichever
    // module's shutdown runs first.
    await this.publisher.flushSuccessStamps();
  }

  /** Posts claimed and not finished by this instance (queued or running). */
  get inFlight(): number {
    return this.pool.running() + this.pool.length();
  }

  /** One scheduler tick (public for tests and benchmarks). */
  async tick(): Promise<void> {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    try {
      for (;;) {
        const room = claimRoom(this.settings, this.inFlight);
        if (room === 0) {
          await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
          if (this.stopping) return;
          continue;
        }
        const batch = await this.state.claimDue({ owner: this.settings.instanceId, leaseMs: this.settings.leaseMs, limit: room });
        for (const claimed of batch.claimed) this.enqueue(claimed);
        if (!batch.full || batch.claimed.length === 0 || this.stopping) break;
      }
    } catch (err) {
      this.logger.error({ err }, 'Publishing tick failed');
    } finally {
      this.ticking = false;
    }
  }

  private enqueue(claimed: ClaimedPost): void {
    const token = claimed.scope.token;
    this.heldTokens.set(token, (this.heldTokens.get(token) ?? 0) + 1);
    void this.pool.push(claimed);
  }

  /** The pool's worker: one publish (which records its own failures), then its lease is let go. */
  private async run(claimed: ClaimedPost): Promise<void> {
    try {
      await this.publisher.publish(claimed);
    } catch (err) {
      this.logger.error({ err }, 'Publishing crashed');
    } finally {
      const token = claimed.scope.token;
      const left = (this.heldTokens.get(token) ?? 1) - 1;
      if (left > 0) this.heldTokens.set(token, left);
      else this.heldTokens.delete(token);
      // After this task leaves the pool's count, so a waiting tick sees the free room.
      setImmediate(() => this.idleWaiters.splice(0).forEach((resolve) => resolve()));
    }
  }

  /** One first-comment sweep (public for tests). */
  async sweepComments(): Promise<void> {
    if (this.stopping) return;
    await this.firstComments.sweep();
  }

  private async heartbeat(): Promise<void> {
    if (!this.heldTokens.size) return;
    try {
      await this.state.renewLeases(this.settings.instanceId, [...this.heldTokens.keys()], this.settings.leaseMs);
    } catch (err) {
      this.logger.warn({ err }, 'Lease renewal failed');
    }
  }
}
