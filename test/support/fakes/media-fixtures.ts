import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { MediaItem } from '../../../src/platforms/platform-adapter';

/** A real PNG/JPEG/WebP image of the given size, made in memory. */
export async function makeImage(format: 'png' | 'jpeg' | 'webp' = 'png', width = 8, height = 8): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return image[format]().toBuffer();
}

/** A MediaItem over bytes in memory, served at `url` (host the bytes on a fake for pull-from-URL). */
export function mediaItem(bytes: Buffer, init: Partial<Omit<MediaItem, 'open' | 'size'>> & Pick<MediaItem, 'kind' | 'mimeType'>): MediaItem {
  return {
    url: init.url ?? 'http://127.0.0.1:9/unused',
    fileName: init.fileName ?? `file.${init.mimeType.split('/')[1]}`,
    ...init,
    size: bytes.length,
    open: async () => Readable.from([bytes]),
  };
}

/** Bytes standing in for a video (fakes do not decode video; metadata comes from the item). */
export function fakeVideoBytes(size = 64 * 1024): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.write('....ftypisom', 0, 'latin1');
  return bytes;
}
