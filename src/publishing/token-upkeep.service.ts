import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConnectionsService, type ConnectionRecord } from '../connections/connections.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { PUBLISHING_SETTINGS, type PublishingSettings } from './publishing-settings';

const INTERVAL = 'token-upkeep';
/** `token.expiring` goes out when fewer than this many milliseconds remain. */
export const EXPIRING_WINDOW_MS = 7 * 24 * 60 * 60_000;
const BATCH = 500;
const LEASE_MS = 5 * 60_000;

export interface UpkeepReport {
  refreshed: number;
  notified: number;
  /** Connections whose refresh was refused for good in this pass (now `reauth_required`). */
  reauthRequired: number;
  /** Refreshes that failed for a passing reason: tried again after the backoff. */
  deferred: number;
  failed: number;
}

/**
 * Keeps tokens usable: refreshes them ahead of expiry where the platform allows it, and sends
 * `token.expiring` once per token when one that cannot be refreshed has fewer than 7 days left
 * (a token that refreshes itself needs no action from anyone, so it raises no event). A refresh
 * refused for good marks the connection `reauth_required` (never tried again until it is
 * reconnected; `connection.reauth_required` and one e-mail); a passing failure backs off
 * (ConnectionsService.refreshAhead). docs/connections.md, "Health".
 */
@Injectable()
export class TokenUpkeepService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TokenUpkeepService.name);
  private running: Promise<UpkeepReport> | null = null;

  constructor(
    private readonly connections: ConnectionsService,
    private readonly webhooks: WebhooksService,
    private readonly registry: SchedulerRegistry,
    @Inject(PUBLISHING_SETTINGS) private readonly settings: PublishingSettings,
  ) {
    // Registered here because this module reaches both: the event is written in the transaction
    // that marks the connection, whichever path (upkeep or publishing) saw the refusal.
    connections.onReauthRequired(({ connection, reason, detectedAt }) =>
      this.webhooks.enqueue(connection.userId, 'connection.reauth_required', {
        platform: connection.platform,
        platformId: connection.platformId,
        username: connection.username,
        reason,
        detectedAt: detectedAt.toISOString(),
      }),
    );
  }

  onApplicationBootstrap(): void {
    if (!this.settings.schedulerEnabled || this.settings.tokenUpkeepIntervalMs <= 0) return;
    this.registry.addInterval(
      INTERVAL,
      setInterval(() => void this.runOnce(), this.settings.tokenUpkeepIntervalMs),
    );
  }

  beforeApplicationShutdown(): Promise<unknown> | void {
    if (this.registry.doesExist('interval', INTERVAL)) this.registry.deleteInterval(INTERVAL);
    return this.running ?? undefined;
  }

  /** One pass over the connections that expire soon; a pass still running is not re-entered. */
  runOnce(now = new Date()): Promise<UpkeepReport> {
    this.running ??= this.pass(now).finally(() => (this.running = null));
    return this.running;
  }

  private async pass(now: Date): Promise<UpkeepReport> {
    const report: UpkeepReport = { refreshed: 0, notified: 0, reauthRequired: 0, deferred: 0, failed: 0 };
    const horizon = new Date(now.getTime() + Math.max(EXPIRING_WINDOW_MS, this.settings.tokenRefreshAheadMs));
    for (const record of await this.connections.findExpiringAcrossUsers(horizon, BATCH, now)) {
      try {
        if (!(await this.connections.claimUpkeep(record, now, LEASE_MS))) continue;
        await this.keep(record, now, report);
      } catch (err) {
        report.failed += 1;
        this.logger.warn({ err, connectionId: record.id, platform: record.platform }, 'Token upkeep failed for a connection');
      }
    }
    if (report.refreshed || report.notified || report.reauthRequired || report.deferred || report.failed) this.logger.log(report, 'Token upkeep pass');
    return report;
  }

  private async keep(record: ConnectionRecord, now: Date, report: UpkeepReport): Promise<void> {
    const expiresAt = record.accessTokenExpiresAt!;
    const remaining = expiresAt.getTime() - now.getTime();
    // Needing reauthorization: no refresh is tried; only the expiry notice below is left to send.
    let reauth = record.health === 'reauth_required';
    if (!reauth && remaining < this.settings.tokenRefreshAheadMs) {
      // A failed refresh is recorded on the connection; the owner is then told below.
      const outcome = await this.connections.refreshAhead(record, now);
      if (outcome === 'refreshed') {
        report.refreshed += 1;
        return;
      }
      if (outcome === 'reauth_required') {
        report.reauthRequired += 1;
        reauth = true;
      }
      if (outcome === 'backing_off') report.deferred += 1;
    }
    // (A connection needing reauthorization comes back when its notice is due: markReauthRequired.)
    if (remaining >= EXPIRING_WINDOW_MS) return;
    const sent = await this.connections.notifyExpiringOnce(record, expiresAt, () =>
      this.webhooks.enqueue(record.userId, 'token.expiring', {
        platform: record.platform,
        platformId: record.platformId,
        username: record.username,
        expiresAt: expiresAt.toISOString(),
      }),
    );
    if (sent) report.notified += 1;
    // Nothing is left to do for this token until the account is reconnected.
    if (reauth) await this.connections.setUpkeepNextAt(record, null);
  }
}
