import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import * as fastq from 'fastq';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../config/app-config.service';
import { TokenCipher } from '../crypto/token-cipher';
import { MetricsService } from '../metrics/metrics.service';
import { leaseMs, MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';
import { signPayload } from './signature';
import { WebhookDeliveriesRepository, type ClaimedDelivery } from './webhook-deliveries.repository';
import { postWebhook, type Resolver } from './webhook-http';
import { FAILURES_BEFORE_DISABLE } from './webhooks.errors';
import { WebhooksRepository } from './webhooks.repository';

/**
 * One delivery per webhook in flight per instance: a hanging receiver holds one slot of the pool,
 * attempts to one receiver happen one after another, and "five consecutive failures" is exact
 * (no sixth attempt already on the wire when the fifth disables the webhook).
 */
export const PER_WEBHOOK_IN_FLIGHT = 1;

const PUMP = 'webhook-delivery-pump';

/**
 * After a success a slot goes on to the same receiver's next due delivery, at most this many in
 * a row before it goes back to the pool (so one long queue cannot keep other webhooks waiting).
 */
export const DELIVERIES_PER_RUN = 25;
/** How long a run reuses the webhook it read (URL, secret, active): a change applies within this. */
const WEBHOOK_REUSE_MS = 1_000;

type DeliveryWebhook = NonNullable<Awaited<ReturnType<WebhooksRepository['findForDelivery']>>>;

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
        const ids = await this.deliveries.findDue(now, concurrency - this.busy, saturated, PER_WEBHOOK_IN_FLIGHT);
        if (!ids.length) break;
        // Claimed in parallel; a candidate another instance won meanwhile comes back null.
        const claims = await Promise.all(ids.map((id) => this.deliveries.claim(id, now, lease, randomUUID())));
        for (const claim of claims) if (claim) this.track(claim);
        if (!claims.some(Boolean)) break;
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
   * The pool's worker: one delivery, and after a success the same receiver's next due ones (up to
   * DELIVERIES_PER_RUN, one at a time as before); then the slot goes to the next claim. Never
   * rejects.
   */
  private async run(first: ClaimedDelivery): Promise<void> {
    const claim = first;
    let current: ClaimedDelivery | null = first;
    let webhook: { value: DeliveryWebhook; readAt: number } | undefined;
    try {
      for (let n = 1; current; n++) {
        const fresh: { value: DeliveryWebhook; readAt: number } | undefined = webhook && Date.now() - webhook.readAt < WEBHOOK_REUSE_MS ? webhook : undefined;
        const outcome = await this.deliver(current, fresh?.value);
        if (!outcome.delivered || this.stopped || n >= DELIVERIES_PER_RUN) break;
        webhook = fresh ?? { value: outcome.webhook, readAt: Date.now() };
        current = await this.deliveries.claimNextFor(claim.userId, claim.webhookId, new Date(), leaseMs(this.env.WEBHOOKS_DELIVERY_TIMEOUT_MS), randomUUID());
      }
    } catch (err) {
      this.logger.error({ err, deliveryId: current?.id ?? claim.id }, 'Webhook delivery crashed');
    } finally {
      const n = (this.perWebhook.get(claim.webhookId) ?? 1) - 1;
      if (n > 0) this.perWebhook.set(claim.webhookId, n);
      else this.perWebhook.delete(claim.webhookId);
      // After this task leaves the pool's count, so the pump sees the free slot.
      setImmediate(() => void this.pump());
    }
  }

  /**
   * One attempt of one claimed delivery, and its bookkeeping; `known` is the webhook as the run
   * read it a moment ago. Says whether it was delivered, and with which webhook.
   */
  private async deliver(claim: ClaimedDelivery, known?: DeliveryWebhook): Promise<{ delivered: false } | { delivered: true; webhook: DeliveryWebhook }> {
    const webhook = known ?? (await this.webhooks.findForDelivery(claim.userId, claim.webhookId));
    if (!webhook || !webhook.isActive) {
      await this.deliveries.cancelClaimed(claim);
      return { delivered: false };
    }
    const body = Buffer.from(claim.payload, 'utf8');
    const secret = this.cipher.decrypt(webhook.secretEncrypted); // never logged
    const result = await postWebhook(
      {
        url: webhook.url,
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
    const at = new Date();
    const attempt = { at, ok: result.ok, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs };

    if (result.ok) {
      await Promise.all([
        this.deliveries.completeAttempt(claim, attempt, { status: 'delivered' }),
        this.webhooks.recordSuccess(claim.userId, claim.webhookId, at),
      ]);
      return { delivered: true, webhook };
    }

    const { disabled, failureCount } = await this.webhooks.recordFailure(claim.userId, claim.webhookId, FAILURES_BEFORE_DISABLE);
    const failedAttempts = claim.attemptCount + 1;
    const delay = retryDelayMs(failedAttempts, this.env.WEBHOOKS_RETRY_BASE_MS);
    const giveUp = disabled || failureCount >= FAILURES_BEFORE_DISABLE || delay === null || failedAttempts >= MAX_ATTEMPTS;
    await this.deliveries.completeAttempt(
      claim,
      attempt,
      giveUp ? { status: 'failed' } : { status: 'pending', availableAt: new Date(at.getTime() + delay!) },
    );
    if (disabled) {
      const cancelled = await this.deliveries.cancelPending(claim.userId, claim.webhookId);
      this.logger.warn(
        `Webhook ${claim.webhookId} disabled after ${FAILURES_BEFORE_DISABLE} consecutive failures (${cancelled} queued deliveries cancelled)`,
      );
    }
    return { delivered: false };
  }
}
