import { PlatformError, type MediaItem } from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { pollTiming, pollUntil, readAll, readChunks } from '../adapter-kit';
import type { LinkedInClient } from './linkedin.client';

interface ImageInit {
  value: { uploadUrl: string; image: string; uploadUrlExpiresAt?: number };
}

interface DocumentInit {
  value: { uploadUrl: string; document: string; uploadUrlExpiresAt?: number };
}

interface VideoInit {
  value: {
    video: string;
    uploadToken?: string;
    uploadInstructions: Array<{ uploadUrl: string; firstByte: number; lastByte: number }>;
  };
}

interface VideoStatus {
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  processingFailureReason?: string;
}

/**
 * A refusal of an upload step is about the file (auth, rate limits, permissions and our own
 * setup keep their category).
 */
async function mediaStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof PlatformError && err.code === 'INVALID_CONTENT' && !err.options.category) {
      throw new PlatformError(err.code, err.message, { ...err.options, category: 'media_rejected' });
    }
    throw err;
  }
}

/** Images API: initializeUpload for an upload URL and image URN, then PUT the bytes. */
export function uploadLinkedInImage(client: LinkedInClient, owner: string, item: MediaItem): Promise<string> {
  return mediaStep(() => uploadImage(client, owner, item));
}

/** Videos API, in parts, waited on until AVAILABLE (uploadVideo). */
export function uploadLinkedInVideo(client: LinkedInClient, endpoints: PlatformEndpoints, owner: string, item: MediaItem): Promise<string> {
  return mediaStep(() => uploadVideo(client, endpoints, owner, item));
}

/** Documents API (PDF): initializeUpload for an upload URL and document URN, then PUT the bytes. */
export function uploadLinkedInDocument(client: LinkedInClient, owner: string, item: MediaItem): Promise<string> {
  return mediaStep(async () => {
    const init = await client.request<DocumentInit>(`${client.restUrl}/documents?action=initializeUpload`, {
      method: 'POST',
      json: { initializeUploadRequest: { owner } },
    });
    const bytes = await readAll(item);
    await client.request(init.body.value.uploadUrl, { method: 'PUT', bytes });
    return init.body.value.document;
  });
}

async function uploadImage(client: LinkedInClient, owner: string, item: MediaItem): Promise<string> {
  const init = await client.request<ImageInit>(`${client.restUrl}/images?action=initializeUpload`, {
    method: 'POST',
    json: { initializeUploadRequest: { owner } },
  });
  const bytes = await readAll(item);
  await client.request(init.body.value.uploadUrl, { method: 'PUT', bytes });
  return init.body.value.image;
}

/**
 * Videos API: initializeUpload with the size gives one upload URL per part (about 4 MB each);
 * each part is PUT in order and its `etag` kept; finalizeUpload lists the etags; the video can
 * be posted only once LinkedIn reports it AVAILABLE.
 */
async function uploadVideo(client: LinkedInClient, endpoints: PlatformEndpoints, owner: string, item: MediaItem): Promise<string> {
  const init = await client.request<VideoInit>(`${client.restUrl}/videos?action=initializeUpload`, {
    method: 'POST',
    json: { initializeUploadRequest: { owner, fileSizeBytes: item.size, uploadCaptions: false, uploadThumbnail: false } },
  });
  const { video, uploadToken, uploadInstructions } = init.body.value;
  const parts = [...uploadInstructions].sort((a, b) => a.firstByte - b.firstByte);

  const etags: string[] = [];
  const partSize = (index: number) => {
    const part = parts[Math.min(index, parts.length - 1)];
    return part.lastByte - part.firstByte + 1;
  };
  let index = 0;
  for await (const { bytes } of readChunks(item, partSize)) {
    const part = parts[index];
    if (!part) break;
    index += 1;
    const answer = await client.request(part.uploadUrl, { method: 'PUT', bytes });
    const etag = answer.headers.get('etag');
    if (!etag) {
      throw new PlatformError('PLATFORM_SERVER_ERROR', 'LinkedIn accepted a video part without an etag', { retryable: true });
    }
    etags.push(etag);
  }

  await client.request(`${client.restUrl}/videos?action=finalizeUpload`, {
    method: 'POST',
    json: { finalizeUploadRequest: { video, uploadToken: uploadToken ?? '', uploadedPartIds: etags } },
  });

  return pollUntil<string>(
    async () => {
      const status = await client.request<VideoStatus>(`${client.restUrl}/videos/${encodeURIComponent(video)}`);
      if (status.body.status === 'AVAILABLE') return { done: true, value: video };
      if (status.body.status === 'PROCESSING_FAILED') {
        const reason = status.body.processingFailureReason ?? 'unknown reason';
        throw new PlatformError('INVALID_CONTENT', `LinkedIn could not process the video: ${reason}`, {
          retryable: false,
          platformError: reason,
          category: 'media_rejected',
        });
      }
      return { done: false };
    },
    { ...pollTiming(endpoints), what: 'LinkedIn video processing' },
  );
}
