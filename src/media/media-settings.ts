import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config.service';
import { deriveSigningKey } from './upload-signature';

/** The media module's resolved configuration (docs/media.md). */
@Injectable()
export class MediaSettings {
  readonly signingKey: Buffer;
  readonly uploadTtlSeconds: number;
  readonly ffprobePath: string;
  readonly localRoot: string;
  private readonly configuredBaseUrl: string | undefined;
  private readonly fallbackBaseUrl: string;
  readonly sweepEnabled: boolean;
  readonly sweepIntervalMs: number;
  readonly pendingGraceSeconds: number;
  /** process-video's own cap (spec: 512 MB); the plan's video cap applies below it. */
  readonly processVideoMaxBytes = 512 * 1024 * 1024;

  constructor(
    config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    const env = config.env;
    this.signingKey = deriveSigningKey(env.UPLOAD_SIGNING_SECRET, config.sessionSecret);
    this.uploadTtlSeconds = env.UPLOAD_URL_TTL_SECONDS;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.ffprobePath = env.FFPROBE_PATH ?? (require('ffprobe-static') as { path: string }).path;
    this.localRoot = join(config.dataDir, 'media');
    // A separate media origin keeps user files away from the dashboard's cookies (docs/media.md).
    this.configuredBaseUrl = env.MEDIA_PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? (env.PUBLIC_BASE_URL ? config.publicBaseUrl : undefined);
    this.fallbackBaseUrl = config.publicBaseUrl;
    this.sweepEnabled = env.MEDIA_SWEEP_ENABLED ?? env.NODE_ENV !== 'test';
    this.sweepIntervalMs = env.MEDIA_SWEEP_INTERVAL_MS;
    this.pendingGraceSeconds = env.MEDIA_PENDING_GRACE_SECONDS;
  }

  /**
   * Base of upload and file URLs: MEDIA_PUBLIC_BASE_URL, else PUBLIC_BASE_URL, else this server's real listening address
   * (PORT=0 in tests picks a free port, so `localhost:<PORT>` would be wrong).
   */
  publicBaseUrl(): string {
    if (this.configuredBaseUrl) return this.configuredBaseUrl;
    const address = this.adapterHost.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null;
    if (address && typeof address === 'object') {
      const host = address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : address.address;
      return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    }
    return this.fallbackBaseUrl;
  }
}
