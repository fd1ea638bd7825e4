import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { FastifyInstance } from 'fastify';
import type { Connection } from 'mongoose';
import type { CommandFailedEvent, CommandSucceededEvent } from 'mongodb';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppConfig } from '../config/app-config.service';

/** What a publish attempt ended as, for `sps_publish_outcomes_total`. */
export type PublishOutcome = 'published' | 'failed' | 'retry_scheduled';

/**
 * The service's Prometheus instruments, in one registry. Modules record into it (publishing
 * outcomes, webhook deliveries) and register the gauges only they can read (posts due, outbox
 * depth); every call is a no-op unless `METRICS_ENABLED`, so a service without metrics pays
 * nothing for them. The registry is served by `MetricsServer`, never on the public port.
 */
@Injectable()
export class MetricsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsService.name);
  readonly enabled: boolean;
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: 'sps_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly publishOutcomes = new Counter({
    name: 'sps_publish_outcomes_total',
    help: 'Publish attempts by platform, outcome and error code (empty when published)',
    labelNames: ['platform', 'outcome', 'error_code'] as const,
    registers: [this.registry],
  });
  private readonly webhookDeliveryDuration = new Histogram({
    name: 'sps_webhook_delivery_duration_seconds',
    help: 'Webhook delivery attempt latency by result',
    labelNames: ['result'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly databaseCommandDuration = new Histogram({
    name: 'sps_database_command_duration_seconds',
    help: 'Database command latency seen by the driver, by command and result',
    labelNames: ['command', 'result'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  private detachCommandMonitor: (() => void) | null = null;

  constructor(
    config: AppConfig,
    @InjectConnection() private readonly connection: Connection,
  ) {
    this.enabled = config.env.METRICS_ENABLED;
    if (this.enabled) collectDefaultMetrics({ register: this.registry, prefix: 'sps_' });
  }

  onModuleInit(): void {
    if (!this.enabled) return;
    // The driver emits these only because DatabaseModule turns on monitorCommands with metrics.
    const client = this.connection.getClient();
    const succeeded = (e: CommandSucceededEvent) => this.observeCommand(e.commandName, 'ok', e.duration);
    const failed = (e: CommandFailedEvent) => this.observeCommand(e.commandName, 'error', e.duration);
    client.on('commandSucceeded', succeeded);
    client.on('commandFailed', failed);
    this.detachCommandMonitor = () => {
      client.off('commandSucceeded', succeeded);
      client.off('commandFailed', failed);
    };
  }

  onApplicationShutdown(): void {
    this.detachCommandMonitor?.();
  }

  /** Times every HTTP request by its route pattern (never the raw URL: ids would explode the label set). */
  instrumentHttp(fastify: FastifyInstance): void {
    if (!this.enabled) return;
    fastify.addHook('onResponse', (request, reply, done) => {
      this.httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  publishOutcome(platform: string, outcome: PublishOutcome, errorCode = ''): void {
    if (this.enabled) this.publishOutcomes.inc({ platform, outcome, error_code: errorCode });
  }

  webhookDelivery(ok: boolean, durationMs: number): void {
    if (this.enabled) this.webhookDeliveryDuration.observe({ result: ok ? 'ok' : 'error' }, durationMs / 1000);
  }

  /**
   * A gauge read when Prometheus scrapes (a count from the database, say). A failing read leaves
   * the gauge out of that scrape rather than failing the whole page.
   */
  registerGauge(name: string, help: string, read: () => Promise<number>): void {
    if (!this.enabled) return;
    const logger = this.logger;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        try {
          this.set(await read());
        } catch (err) {
          logger.warn(`Metric ${name} could not be read: ${(err as Error).message}`);
          this.reset();
        }
      },
    });
  }

  private observeCommand(command: string, result: 'ok' | 'error', durationMs: number): void {
    this.databaseCommandDuration.observe({ command, result }, durationMs / 1000);
  }
}
