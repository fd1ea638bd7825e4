import { Inject, Injectable } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { MediaItem } from '../platforms/platform-adapter';
import { MediaRecordsRepository } from './media-records.repository';
import { kindOf, MediaService } from './media.service';
import type { MediaRecordData } from './schemas/media-record.schema';
import { STORAGE_DRIVER, type StorageDriver } from './storage/storage-driver';

/** A MediaItem of a stored record: adds what prepareForPlatform needs to find the record. */
export interface StoredMediaItem extends MediaItem {
  mediaId: string;
  userId: string;
  storageKey: string;
}

/** What the publishing engine reads: a group's uploaded media as platform-ready items. */
@Injectable()
export class MediaPublishingService {
  constructor(
    private readonly records: MediaRecordsRepository,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly media: MediaService,
  ) {}

  /** The group's uploaded media as publishable items (S3 completion checked first). */
  async mediaForPublishing(userId: string, postGroupId: string): Promise<StoredMediaItem[]> {
    let records = await this.records.findForGroups(userId, [postGroupId]);
    if (await this.media.detectDirectCompletion(records)) records = await this.records.findForGroups(userId, [postGroupId]);
    return records.filter((r) => r.state === 'uploaded').map((r) => this.itemOf(r));
  }

  private itemOf(record: MediaRecordData): StoredMediaItem {
    const key = record.fileName;
    const m = record.metadata ?? {};
    return {
      kind: kindOf(record),
      mimeType: record.mimeType ?? m.mimeType ?? 'application/octet-stream',
      url: record.fileUrl,
      size: m.size ?? 0,
      fileName: key
        .split('/')
        .pop()!
        .replace(/^[0-9a-f]{16}-/, ''),
      open: () => this.storage.open(key),
      ...(m.width !== undefined ? { width: m.width } : {}),
      ...(m.height !== undefined ? { height: m.height } : {}),
      ...(m.duration !== undefined ? { durationSeconds: m.duration } : {}),
      ...(m.frameRate !== undefined ? { frameRate: m.frameRate } : {}),
      ...(record.altText ? { altText: record.altText } : {}),
      mediaId: record.mediaId,
      userId: String(record.userId),
      storageKey: key,
    };
  }

  /**
   * The item as a platform can take it: WebP becomes JPEG when `convertWebpToJpeg` (linkedin,
   * telegram, bluesky, threads). The JPEG is made once and kept beside the original.
   */
  async prepareForPlatform(item: MediaItem, options: { convertWebpToJpeg: boolean }): Promise<MediaItem> {
    if (!options.convertWebpToJpeg || item.kind !== 'image' || item.mimeType.toLowerCase() !== 'image/webp') return item;
    const stored = item as Partial<StoredMediaItem>;
    if (!stored.mediaId || !stored.userId || !stored.storageKey) return convertInMemory(item);
    const record = await this.records.findOwned(stored.userId, stored.mediaId);
    if (!record) return convertInMemory(item);
    let converted = record.converted;
    if (!converted || !(await this.storage.stat(converted.fileName))) {
      const key = `${record.fileName.replace(/\.webp$/i, '')}.jpg`;
      const temp = await this.media.scratchPath();
      try {
        await pipeline(await this.storage.open(record.fileName), sharp().rotate().jpeg({ quality: 90 }), createWriteStream(temp));
        const { size } = await this.storage.putFile(key, temp, 'image/jpeg');
        converted = { fileName: key, fileUrl: this.storage.publicUrl(key), mimeType: 'image/jpeg', size };
        await this.records.setConverted(stored.userId, stored.mediaId, converted);
      } finally {
        await rm(temp, { force: true });
      }
    }
    const convertedKey = converted.fileName;
    return {
      ...item,
      mimeType: 'image/jpeg',
      url: converted.fileUrl,
      size: converted.size,
      fileName: item.fileName.replace(/\.webp$/i, '') + '.jpg',
      open: () => this.storage.open(convertedKey),
    };
  }
}

/** A WebP item that is not one of our records: converted in memory (images are small). */
async function convertInMemory(item: MediaItem): Promise<MediaItem> {
  const chunks: Buffer[] = [];
  for await (const chunk of await item.open()) chunks.push(Buffer.from(chunk as Uint8Array));
  const jpeg = await sharp(Buffer.concat(chunks)).rotate().jpeg({ quality: 90 }).toBuffer();
  return {
    ...item,
    mimeType: 'image/jpeg',
    size: jpeg.length,
    fileName: item.fileName.replace(/\.webp$/i, '') + '.jpg',
    open: async () => Readable.from([jpeg]),
  };
}
