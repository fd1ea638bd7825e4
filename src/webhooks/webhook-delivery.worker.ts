import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import * as fastq from 'fastq';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../config/app-config.service';
import { TokenCipher } from '../crypto/token-cipher';
import { MetricsService } from '../metrics/metrics.service';
import { leaseMs, MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';
import { signPayload } from './signature';
import type { DeliveryAttempt } from './schemas/webhook-delivery.schema';
import { WebhookDeliveriesRepository, type ClaimedDelivery, type Delivered } from './webhook-deliveries.repository';
import type { OutboundGuard } from '../common/outbound/outbound-guard';
import { postWebhook, webhookGuard } from './webhook-http';
import { FAILURES_BEFORE_DISABLE } from './webhooks.errors';
import { WebhooksRepository, type DeliveryWebhook } from './webhooks.repository';

/**
 * One delivery per webhook in flight per instance: a hanging receiver holds one slot of the pool,
 * attempts to one receiver happen one after another, and "five consecutive failures" is exact
 * (no sixth attempt already on the wire when the fifth disables the webhook).
 */
export const PER_WEBHOOK_IN_FLIGHT = 1;

const PUMP = 'webhook-delivery-pump';

/** The next batch of a run, claimed while the last delivery of the batch before was sent. */
interface Ahead {
  claimed: ClaimedDelivery[];
  /** The webhook as the record of the successes left it (undefined: nothing was recorded). */
  webhook: DeliveryWebhook | null | undefined;
  error?: Error;
}

/**
 * After a success a slot goes on with the same receiver's queue, claimed BATCH at a time, at most
 * DELIVERIES_PER_RUN in a row before it goes back to the pool (so one long queue cannot keep other
 * webhooks waiting) — unless the pool has a free slot then: nobody waits for this one, and the
 * pump's search for other work would only find this receiver again. Still one request at a time
 * per webhook, oldest first.
 */
export const DELIVERIES_PER_RUN = 50;
/**
 * Each batch costs three commands (claim read, claim-and-record write, the webhook's streak write
 * and read) whatever its size; a batch is leased for BATCH single-delivery leases, so a crashed
 * instance's batch comes due again after at most that long (25 × 20 s by default).
 */
export const BATCH = 25;

/**
 * Delivers the outbox. A timer only ticks; each tick finds due deliveries and claims them
 * (`claim`, atomic with a lease) until the pool is full, and each finished delivery frees a
 * slot and claims again. Deliveries run concurrently, each cut at the timeout, so a slow or dead
 * receiver never holds up other webhooks. State lives in the documents: a restart, or another
 * instance, picks up whatever is due, including claims whose lease ran out.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDeliveryWorker.name);
  /** The delivery pool: claims are only made while it has a free slot, so it never queues. */
  private readonly pool: fastq.queueAsPromised<ClaimedDelivery>;
  private readonly perWebhook = new Map<string, number>();
  private pumping = false;
  private stopped = true;
  /** The destination rules and the pool of checked sockets; a test may swap it for one with its own resolver. */
  guard: OutboundGuard;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly registry: SchedulerRegistry,
    private readonly cipher: TokenCipher,
  ) {
    this.pool = fastq.promise(this, this.run, config.env.WEBHOOKS_DELIVERY_CONCURRENCY);
    this.guard = webhookGuard(config.env);
  }

  private get env() {
    return this.config.env;
  }

  onApplicationBootstrap(): void {
    this.metrics.registerGauge('sps_webhook_outbox_depth', 'Webhook deliveries waiting to be sent', () => this.deliveries.countPending());
    if (this.env.WEBHOOKS_WORKER_ENABLED) this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.registry.addInterval(PUMP, setInterval(() => void this.pump(), this.env.WEBHOOKS_WORKER_INTERVAL_MS).unref());
    void this.pump();
  }

  /** Stops claiming and waits for deliveries in flight (each bounded by the timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.registry.doesExist('interval', PUMP)) this.registry.deleteInterval(PUMP);
    if (!this.pool.idle()) await this.pool.drained();
  }

  private get busy(): number {
    return this.pool.running() + this.pool.length();
  }

  /** Claims until the pool is full or nothing is due. Also callable to nudge the worker. */
  async pump(): Promise<void> {
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    try {
      const concurrency = this.env.WEBHOOKS_DELIVERY_CONCURRENCY;
      const lease = leaseMs(this.env.WEBHOOKS_DELIVERY_TIMEOUT_MS);
      while (!this.stopped && this.busy < concurrency) {
        const saturated = [...this.perWebhook].filter(([, n]) => n >= PER_WEBHOOK_IN_FLIGHT).map(([id]) => id);
        const now = new Date();
        const { ids, more } = await this.deliveries.findDue(now, concurrency - this.busy, saturated, PER_WEBHOOK_IN_FLIGHT);
        if (!ids.length) break;
        // Claimed in parallel; a candidate another instance won meanwhile comes back null.
        const claims = await Promise.all(ids.map((id) => this.deliveries.claim(id, now, lease, randomUUID())));
        for (const claim of claims) if (claim) this.track(claim);
        // Nothing left to find: the due queue was seen to its end (the next tick looks again).
        if (!claims.some(Boolean) || !more) break;
      }
    } catch (err) {
      this.logger.error({ err }, 'Claiming webhook deliveries failed');
    } finally {
      this.pumping = false;
    }
  }

  private track(claim: ClaimedDelivery): void {
    this.perWebhook.set(claim.webhookId, (this.perWebhook.get(claim.webhookId) ?? 0) + 1);
    void this.pool.push(claim);
  }

  /**
   * The pool's worker: one delivery, and after a success the same receiver's next due ones,
   * BATCH at a time (one request at a time, oldest first); then the slot goes to the next claim.
   * While a batch's last delivery is on the wire, the next batch is claimed and the successes so
   * far are recorded in the same write (the webhook read back beside it, so an edit or a disable
   * applies to the next batch); a failure is counted only after that record (so the
   * consecutive-failure count stays exact). A crash mid-batch leaves at most a batch's successes unrecorded: they are delivered
   * again after the lease (receivers dedupe on X-Service-Delivery). Never rejects.
   */
  private async run(first: ClaimedDelivery): Promise<void> {
    const { userId, webhookId } = first;
    let queue: ClaimedDelivery[] = [first];
    // Undefined: to be read; null: deleted. Read again with each batch's successes.
    let webhook: DeliveryWebhook | null | undefined;
    const signing = { ciphertext: '', secret: '' }; // decrypted once per secret, never logged
    const succeeded: Delivered[] = []; // not yet recorded
    let inRun = 0; // sent since the slot last could have gone back to the pool
    let ahead: Promise<Ahead> | undefined;
    try {
      while (queue.length) {
        const claim = queue.shift()!;
        if (webhook === undefined) webhook = await this.webhooks.findForDelivery(userId, webhookId);
        if (!webhook || !webhook.isActive) {
          await this.deliveries.cancelClaimed(claim);
          continue;
        }
        if (webhook.secretEncrypted !== signing.ciphertext) {
          signing.secret = this.cipher.decrypt(webhook.secretEncrypted);
          signing.ciphertext = webhook.secretEncrypted;
        }
        inRun += 1;
        // At the run's end a free slot in the pool means nobody waits for this one: a new run.
        if (inRun >= DELIVERIES_PER_RUN && this.busy < this.env.WEBHOOKS_DELIVERY_CONCURRENCY) inRun = 0;
        const size = Math.min(BATCH, DELIVERIES_PER_RUN - inRun);
        ahead = !queue.length && !this.stopped && size > 0 ? this.claimAhead(userId, webhookId, size, succeeded) : undefined;
        const attempt = await this.attempt(claim, webhook.url, signing.secret);
        if (ahead) {
          const next = await ahead;
          ahead = undefined;
          queue = next.claimed; // kept even when recording failed, so `finally` hands it back
          if (next.error) throw next.error;
          // Read back with the successes; with none yet (a run's first delivery) the read is fresh.
          if (next.webhook !== undefined) webhook = next.webhook;
        }
        if (attempt.ok) {
          succeeded.push({ claim, attempt });
        } else {
          await this.recordSucceeded(succeeded);
          await this.recordFailure(claim, attempt);
          break;
        }
        if (this.stopped) break;
      }
    } catch (err) {
      this.logger.error({ err, webhookId }, 'Webhook delivery crashed');
    } finally {
      if (ahead) queue = (await ahead).claimed;
      await this.recordSucceeded(succeeded).catch((err) => this.logger.error({ err, webhookId }, 'Recording webhook deliveries failed'));
      // Claimed but not attempted (a failure, a stop, a crash): back in their place in the queue.
      await this.deliveries.release(queue).catch(() => undefined);
      const n = (this.perWebhook.get(webhookId) ?? 1) - 1;
      if (n > 0) this.perWebhook.set(webhookId, n);
      else this.perWebhook.delete(webhookId);
      // After this task leaves the pool's count, so the pump sees the free slot.
      setImmediate(() => void this.pump());
    }
  }

  /**
   * The receiver's next `size` due deliveries claimed, with the successes so far recorded in the
   * same write and the webhook's streak reset and read back beside it. Never rejects: what was
   * claimed comes back even when the streak's write failed (the run hands it back).
   */
  private async claimAhead(userId: string, webhookId: string, size: number, succeeded: Delivered[]): Promise<Ahead> {
    const lease = leaseMs(this.env.WEBHOOKS_DELIVERY_TIMEOUT_MS) * size;
    const delivered = succeeded.splice(0);
    const last = delivered.at(-1)?.attempt.at;
    const [claimed, streak] = await Promise.allSettled([
      this.deliveries.claimBatchFor(userId, webhookId, new Date(), lease, randomUUID(), size, delivered),
      last ? this.webhooks.recordSuccessAndRead(userId, webhookId, last) : undefined,
    ]);
    const error = claimed.status === 'rejected' ? claimed.reason : streak.status === 'rejected' ? streak.reason : undefined;
    return {
      claimed: claimed.status === 'fulfilled' ? claimed.value : [],
      webhook: streak.status === 'fulfilled' ? streak.value : undefined,
      error: error as Error | undefined,
    };
  }

  /** One POST of one claimed delivery (signed, cut at the timeout): the attempt to record. */
  private async attempt(claim: ClaimedDelivery, url: string, secret: string): Promise<DeliveryAttempt> {
    const body = Buffer.from(claim.payload, 'utf8');
    const result = await postWebhook({
      url,
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'social-post-scheduler-webhooks/1',
        'X-Service-Signature': signPayload(secret, body),
        'X-Service-Event': claim.event,
        'X-Service-Delivery': claim.id,
      },
      timeoutMs: this.env.WEBHOOKS_DELIVERY_TIMEOUT_MS,
      guard: this.guard,
    });
    this.metrics.webhookDelivery(result.ok, result.durationMs);
    return { at: new Date(), ok: result.ok, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs };
  }

  /** The successes so far, in one write, and the webhook's streak reset (emptied after). */
  private async recordSucceeded(succeeded: Delivered[]): Promise<void> {
    if (!succeeded.length) return;
    const batch = succeeded.splice(0);
    const { userId, webhookId } = batch[0].claim;
    await Promise.all([this.deliveries.completeDelivered(batch), this.webhooks.recordSuccess(userId, webhookId, batch[batch.length - 1].attempt.at)]);
  }

  /** A failed attempt: the webhook's consecutive failures, the retry or the end, the disable. */
  private async recordFailure(claim: ClaimedDelivery, attempt: DeliveryAttempt): Promise<void> {
    const { disabled, failureCount } = await this.webhooks.recordFailure(claim.userId, claim.webhookId, FAILURES_BEFORE_DISABLE);
    const failedAttempts = claim.attemptCount + 1;
    const delay = retryDelayMs(failedAttempts, this.env.WEBHOOKS_RETRY_BASE_MS);
    const giveUp = disabled || failureCount >= FAILURES_BEFORE_DISABLE || delay === null || failedAttempts >= MAX_ATTEMPTS;
    await this.deliveries.completeAttempt(
      claim,
      attempt,
      giveUp ? { status: 'failed' } : { status: 'pending', availableAt: new Date(attempt.at.getTime() + delay!) },
    );
    if (disabled) {
      const cancelled = await this.deliveries.cancelPending(claim.userId, claim.webhookId);
      this.logger.warn(`Webhook ${claim.webhookId} disabled after ${FAILURES_BEFORE_DISABLE} consecutive failures (${cancelled} queued deliveries cancelled)`);
    }
  }
}
