import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config.service';
import { MetricsService } from './metrics.service';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Serves `GET /metrics` on its own listener (METRICS_HOST:METRICS_PORT, loopback by default), so
 * the public API port never exposes it by accident; with METRICS_TOKEN set, a scrape must bring
 * it as a bearer token.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server: Server | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.metrics.enabled) return;
    const { METRICS_HOST: host, METRICS_PORT: port } = this.config.env;
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const { address, port: bound } = server.address() as AddressInfo;
    this.logger.log(
      `Metrics on http://${address.includes(':') ? `[${address}]` : address}:${bound}/metrics${this.config.env.METRICS_TOKEN ? ' (bearer token required)' : ''}`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The bound address (port 0 picks a free one), for tests and the start-up log. */
  address(): AddressInfo | null {
    return (this.server?.address() as AddressInfo | null) ?? null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') return this.reply(res, 404, 'text/plain; charset=utf-8', 'Not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return this.reply(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
    const token = this.config.env.METRICS_TOKEN;
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return this.reply(res, 401, 'text/plain; charset=utf-8', 'Unauthorized\n');
    }
    try {
      this.reply(res, 200, this.metrics.registry.contentType, await this.metrics.registry.metrics());
    } catch (err) {
      this.logger.error({ err }, 'Metrics could not be collected');
      this.reply(res, 500, 'text/plain; charset=utf-8', 'Metrics could not be collected\n');
    }
  }

  private reply(res: ServerResponse, status: number, contentType: string, body: string): void {
    res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
    res.end(body);
  }
}
