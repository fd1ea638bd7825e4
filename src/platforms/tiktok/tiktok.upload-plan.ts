export const MIB = 1024 * 1024;
const MIN_CHUNK = 5 * MIB;
const MAX_CHUNK = 64 * MIB;
export const DEFAULT_TIKTOK_CHUNK = 10 * MIB;

export interface TikTokChunkPlan {
  chunkSize: number;
  totalChunkCount: number;
  /** Byte size of chunk `index`; the last one carries the remainder (TikTok allows up to 128 MB). */
  sizeOf(index: number): number;
}

/**
 * TikTok FILE_UPLOAD chunk rules: files under 5 MB go as one chunk of exactly their size;
 * otherwise chunks are 5–64 MB, the count is `floor(size / chunkSize)` and the last chunk
 * absorbs the remainder.
 */
export function planTikTokChunks(videoSize: number, preferredChunk = DEFAULT_TIKTOK_CHUNK): TikTokChunkPlan {
  if (videoSize < MIN_CHUNK) return { chunkSize: videoSize, totalChunkCount: 1, sizeOf: () => videoSize };
  const chunkSize = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, preferredChunk), videoSize);
  const totalChunkCount = Math.floor(videoSize / chunkSize);
  return {
    chunkSize,
    totalChunkCount,
    sizeOf: (index) => (index < totalChunkCount - 1 ? chunkSize : videoSize - chunkSize * (totalChunkCount - 1)),
  };
}
