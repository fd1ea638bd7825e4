import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PostsService } from '../posts/posts.service';
import { MediaRecordsRepository } from './media-records.repository';
import { MediaService } from './media.service';
import { MediaSettings } from './media-settings';
import { STORAGE_DRIVER, type StorageDriver } from './storage/storage-driver';

export interface SweepResult {
  completed: number;
  stalePending: number;
  orphanFiles: number;
}

const BATCH = 200;
const SWEEP = 'media-sweep';

/**
 * Periodic media housekeeping (MEDIA_SWEEP_*): S3 uploads seen complete, never-completed
 * uploads removed (URL lifetime + grace), and files without a record deleted. The timer only
 * calls `sweep()`; tests call it directly.
 */
@Injectable()
export class MediaSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MediaSweeper.name);
  private running?: Promise<SweepResult>;

  constructor(
    private readonly records: MediaRecordsRepository,
    private readonly media: MediaService,
    private readonly posts: PostsService,
    private readonly settings: MediaSettings,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly registry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.settings.sweepEnabled) return;
    const timer = setInterval(() => void this.sweep().catch((err) => this.logger.error({ err }, 'Media sweep failed')), this.settings.sweepIntervalMs);
    this.registry.addInterval(SWEEP, timer.unref());
  }

  async onModuleDestroy(): Promise<void> {
    if (this.registry.doesExist('interval', SWEEP)) this.registry.deleteInterval(SWEEP);
    await this.running?.catch(() => undefined);
  }

  /** One pass; concurrent calls share the pass in progress. */
  sweep(now = new Date()): Promise<SweepResult> {
    this.running ??= this.pass(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(now: Date): Promise<SweepResult> {
    const result: SweepResult = { completed: 0, stalePending: 0, orphanFiles: 0 };
    // Each phase on its own: a failing store listing must not stop the record clean-up.
    if (this.storage.directUploads) {
      result.completed = await this.media
        .detectDirectCompletion(await this.records.findPendingDirect(this.storage.kind, 1000))
        .catch((err) => (this.logger.warn({ err }, 'S3 completion check failed'), 0));
    }

    const cutoff = new Date(now.getTime() - this.settings.pendingGraceSeconds * 1000);
    for (;;) {
      const stale = await this.records.findStalePending(cutoff, BATCH);
      for (const record of stale) {
        await this.records.deleteSystem(record.mediaId);
        if (record.attached && record.postGroupId) {
          await this.posts.detachMedia(String(record.userId), record.postGroupId, { mediaId: record.mediaId, url: record.fileUrl });
        }
        await this.storage.delete(record.fileName).catch(() => undefined);
        result.stalePending += 1;
      }
      if (stale.length < BATCH) break;
    }

    // A file older than the longest possible upload with no record is an orphan.
    const fileCutoff = new Date(now.getTime() - (this.settings.uploadTtlSeconds + this.settings.pendingGraceSeconds) * 1000);
    let batch: string[] = [];
    const flush = async () => {
      const temp = batch.filter((k) => k.startsWith('.tmp/'));
      const stored = batch.filter((k) => !k.startsWith('.tmp/'));
      const known = stored.length ? await this.records.knownKeys(stored) : new Set<string>();
      const orphans = [...temp, ...stored.filter((k) => !known.has(k))];
      for (const key of orphans) {
        await (key.startsWith('.tmp/') ? this.deleteTemp(key) : this.storage.delete(key)).catch((err) =>
          this.logger.warn({ err, key }, 'Orphan file deletion failed'),
        );
      }
      result.orphanFiles += orphans.length;
      batch = [];
    };
    for await (const file of this.storage.list()) {
      if (file.lastModified >= fileCutoff) continue;
      batch.push(file.key);
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
    if (result.completed || result.stalePending || result.orphanFiles) this.logger.log(result, 'Media sweep');
    return result;
  }

  private async deleteTemp(key: string): Promise<void> {
    await rm(join(this.settings.localRoot, ...key.split('/')), { force: true });
  }
}
