import { Readable } from 'node:stream';
import type { MediaItem } from '../platform-adapter';

/** Where bytes come from: a media item (opened fresh) or an already open stream. */
export type ByteSource = Pick<MediaItem, 'open'> | Readable;

const open = (source: ByteSource): Promise<Readable> | Readable => (source instanceof Readable ? source : source.open());
const asBuffer = (piece: unknown): Buffer => (Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array));

/** The whole file in memory (images and small videos; chunked uploads use `readChunks`). */
export async function readAll(source: ByteSource): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const piece of await open(source)) parts.push(asBuffer(piece));
  return Buffer.concat(parts);
}

export interface ByteChunk {
  /** Position of the chunk's first byte in the whole file. */
  offset: number;
  bytes: Buffer;
}

/**
 * Reads `source` from byte `start` (resumed uploads) as consecutive chunks, so multi-gigabyte
 * videos are never held in memory whole. `chunkSize` is a fixed size or the size of chunk
 * `index` (LinkedIn parts, TikTok's larger last chunk); the final chunk may be shorter.
 */
export async function* readChunks(source: ByteSource, chunkSize: number | ((index: number) => number), start = 0): AsyncGenerator<ByteChunk> {
  const sizeOf = typeof chunkSize === 'number' ? () => chunkSize : chunkSize;
  let index = 0;
  let want = sizeOf(index);
  let skip = start;
  let offset = start;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of await open(source)) {
    let buf = asBuffer(piece);
    if (skip > 0) {
      const skipped = Math.min(skip, buf.length);
      buf = buf.subarray(skipped);
      skip -= skipped;
    }
    while (buf.length > 0) {
      if (want <= 0) throw new RangeError(`Chunk size must be positive (chunk ${index}: ${want})`);
      const take = Math.min(want - pendingBytes, buf.length);
      pending.push(buf.subarray(0, take));
      pendingBytes += take;
      buf = buf.subarray(take);
      if (pendingBytes === want) {
        yield { offset, bytes: Buffer.concat(pending) };
        offset += want;
        pending = [];
        pendingBytes = 0;
        index += 1;
        want = sizeOf(index);
      }
    }
  }
  if (pendingBytes > 0) yield { offset, bytes: Buffer.concat(pending) };
}
