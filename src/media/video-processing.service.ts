import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Types } from 'mongoose';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { RequestContext } from '../auth/request-context';
import { Transactions } from '../database/transactions';
import { PLAN_TABLE, type PlanTable } from '../limits/plans';
import { PostsService } from '../posts/posts.service';
import { MediaRecordsRepository } from './media-records.repository';
import { storageKey } from './media-names';
import { MediaSettings } from './media-settings';
import { MediaService } from './media.service';
import type { MediaRecordData } from './schemas/media-record.schema';
import { STORAGE_DRIVER, type StorageDriver } from './storage/storage-driver';

/** The dashboard's server-side video upload (process-video): stored and probed in the background. */
@Injectable()
export class VideoProcessingService implements OnModuleDestroy {
  private readonly logger = new Logger(VideoProcessingService.name);
  /** Background storing and probing, awaited on shutdown and by tests. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly records: MediaRecordsRepository,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly settings: MediaSettings,
    private readonly transactions: Transactions,
    private readonly posts: PostsService,
    private readonly media: MediaService,
    @Inject(PLAN_TABLE) private readonly plans: PlanTable,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.idle();
  }

  /** Resolves when no background work is running. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private background(work: Promise<unknown>): void {
    const tracked = work.catch((err) => this.logger.error({ err }, 'Background media work failed')).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** The plan cap for process-video: the billing owner's plan, never above the route's 512 MB. */
  videoCapBytes(ctx: RequestContext): { bytes: number; planName: string } {
    const plan = this.plans[ctx.billingOwnerUser.plan] ?? this.plans.starter;
    return { bytes: Math.min(plan.videoUploadBytes, this.settings.processVideoMaxBytes), planName: plan.displayName };
  }

  /**
   * Records a received video (already on local disk at `tempPath`) and stores and probes it in
   * the background; the answer is the session id the dashboard tracks it by.
   */
  async startVideoProcessing(
    ctx: RequestContext,
    input: { tempPath: string; originalName: string; mimeType: string; postGroupId: string },
  ): Promise<{ sessionId: string }> {
    const sessionId = randomUUID();
    const mediaId = new Types.ObjectId().toHexString();
    const key = storageKey('video', ctx.userId, randomBytes(8).toString('hex'), input.originalName || 'video');
    const fileUrl = this.storage.publicUrl(key);
    const record = await this.transactions.run(async () => {
      const attached = await this.posts.attachMedia(ctx.userId, input.postGroupId, { mediaId, url: fileUrl });
      return this.records.create(ctx.userId, {
        mediaId,
        postGroupId: input.postGroupId,
        attached,
        fileUrl,
        urlPure: fileUrl,
        addedAt: new Date(),
        filePath: this.media.filePathOf(key),
        fileName: key,
        type: 'video',
        source: 'process-video',
        storageDriver: this.storage.kind,
        sessionId,
        metadata: { mimeType: input.mimeType },
      });
    });
    this.background(this.storeVideo(record, input.tempPath, input.mimeType));
    return { sessionId };
  }

  private async storeVideo(record: MediaRecordData, tempPath: string, mimeType: string): Promise<void> {
    const userId = String(record.userId);
    try {
      const { size } = await this.storage.putFile(record.fileName, tempPath, mimeType);
      await this.media.completeUpload(record, size, { mimeType });
    } catch (err) {
      this.logger.error({ err, mediaId: record.mediaId }, 'process-video storage failed');
      await this.records.update(userId, record.mediaId, { state: 'failed', error: `Storing the video failed: ${(err as Error).message}` });
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  /** A process-video record by its session id (the dashboard's handle). */
  findBySession(userId: string, sessionId: string): Promise<MediaRecordData | null> {
    return this.records.findBySession(userId, sessionId);
  }
}
