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
import { WebhookDeliveriesRepository, type ClaimedDelivery } from './webhook-deliveries.repository';
import type { Resolver } from '../common/outbound/address-rules';
import { postWebhook } from './webhook-http';
import { FAILURES_BEFORE_DISABLE } from './webhooks.errors';
import { WebhooksRepository, type DeliveryWebhook } from './webhooks.repository';

/**
 * One delivery per webhook in flight per instance: a hanging receiver holds one slot of the pool,
 * attempts to one receiver happen one after another, and "five consecutive failures" is exact
 * (no sixth attempt already on the wire when the fifth disables the webhook).
 */
export const PER_WEBHOOK_IN_FLIGHT = 1;

const PUMP = 'webhook-delivery-pump';

/**
 * After a success a slot goes on with the same receiver's queue, claimed BATCH at a time, at most
 * DELIVERIES_PER_RUN in a row before it goes back to the pool (so one long queue cannot keep other
 * webhooks waiting). Still one request at a time per webhook, oldest first.
 */
export const DELIVERIES_PER_RUN = 50;
export const BATCH = 10;

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
  /** Tests and the benchmark may swap the resolver (DNS) — never the address rules. */
  resolver: Resolver | undefined;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly registry: SchedulerRegistry,
    private readonly cipher: TokenCipher,
  ) {
    this.pool = fastq.promise(this, this.run, config.env.WEBHOOKS_DELIVERY_CONCURRENCY);
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
   * Successes are recorded together when a batch ends, while the next batch is claimed, or before
   * a failure is counted (so the consecutive-failure count stays exact). A crash mid-batch leaves
   * at most a batch's successes unrecorded: they are delivered again after the lease (receivers
   * dedupe on X-Service-Delivery). Never rejects.
   */
  private async run(first: ClaimedDelivery): Promise<void> {
    const { userId, webhookId } = first;
    let queue: ClaimedDelivery[] = [first];
    // Undefined: to be read; null: deleted. Read again with each batch's successes.
    let webhook: DeliveryWebhook | null | undefined;
    const signing = { ciphertext: '', secret: '' }; // decrypted once per secret, never logged
    const succeeded: Array<{ claim: ClaimedDelivery; attempt: DeliveryAttempt }> = [];
    let sent = 0;
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
        const attempt = await this.attempt(claim, webhook.url, signing.secret);
        sent += 1;
        if (attempt.ok) {
          succeeded.push({ claim, attempt });
        } else {
          await this.recordSucceeded(succeeded);
          await this.recordFailure(claim, attempt);
          break;
        }
        if (!queue.length && !this.stopped && sent < DELIVERIES_PER_RUN) {
          const size = Math.min(BATCH, DELIVERIES_PER_RUN - sent);
          const lease = leaseMs(this.env.WEBHOOKS_DELIVERY_TIMEOUT_MS) * size;
          const [claimed, recorded] = await Promise.allSettled([
            this.deliveries.claimBatchFor(userId, webhookId, new Date(), lease, randomUUID(), size),
            this.recordSucceeded(succeeded, true),
          ]);
          // A claimed batch is kept even when recording failed, so `finally` hands it back.
          if (claimed.status === 'fulfilled') queue = claimed.value;
          if (claimed.status === 'rejected') throw claimed.reason;
          if (recorded.status === 'rejected') throw recorded.reason;
          webhook = recorded.value; // an edit or a disable applies from the next batch
        }
      }
    } catch (err) {
      this.logger.error({ err, webhookId }, 'Webhook delivery crashed');
    } finally {
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

  /** One POST of one claimed delivery (signed, cut at the timeout): the attempt to record. */
  private async attempt(claim: ClaimedDelivery, url: string, secret: string): Promise<DeliveryAttempt> {
    const body = Buffer.from(claim.payload, 'utf8');
    const result = await postWebhook(
      {
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
        allowPrivateTargets: this.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
      },
      this.resolver,
    );
    this.metrics.webhookDelivery(result.ok, result.durationMs);
    return { at: new Date(), ok: result.ok, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs };
  }

  /**
   * The successes so far, in one write, and the webhook's streak reset (emptied after). With
   * `readBack`, the webhook as the reset left it (null: deleted; undefined: nothing to record, so
   * nothing read).
   */
  private async recordSucceeded(
    succeeded: Array<{ claim: ClaimedDelivery; attempt: DeliveryAttempt }>,
    readBack = false,
  ): Promise<DeliveryWebhook | null | undefined> {
    if (!succeeded.length) return undefined;
    const batch = succeeded.splice(0);
    const { userId, webhookId } = batch[0].claim;
    const at = batch[batch.length - 1].attempt.at;
    const [, webhook] = await Promise.all([
      this.deliveries.completeDelivered(batch),
      readBack ? this.webhooks.recordSuccessAndRead(userId, webhookId, at) : this.webhooks.recordSuccess(userId, webhookId, at).then(() => undefined),
    ]);
    return webhook;
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
