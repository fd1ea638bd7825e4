import sharp from 'sharp';
import type { MediaItem } from '../platform-adapter';
import { PlatformError } from '../platform-adapter';
import { pollUntil, readAll, type PollTiming } from '../adapter-kit';
import type { BlueskySession } from './bluesky.session';
import { asMediaRefusal } from './bluesky.errors';

/** A blob reference as returned by uploadBlob / the video service, embedded as-is in the record. */
export type BlobRef = { $type: 'blob'; ref: { $link: string }; mimeType: string; size: number };

const MAX_IMAGE_BYTES = 1_000_000; // ≈976.56 KiB, the PDS limit for post images
const MAX_IMAGE_SIDE = 2000;

/**
 * Makes an image acceptable to Bluesky: WebP (and anything too large or too big) is re-encoded
 * as JPEG within 2000×2000 px and under ~1 MB. Returns the dimensions for `aspectRatio`.
 */
export async function prepareBlueskyImage(bytes: Buffer, mimeType: string): Promise<{ bytes: Buffer; mimeType: string; width?: number; height?: number }> {
  const meta = await sharp(bytes).metadata();
  const fits = bytes.length <= MAX_IMAGE_BYTES && (meta.width ?? 0) <= MAX_IMAGE_SIDE && (meta.height ?? 0) <= MAX_IMAGE_SIDE;
  if (fits && mimeType !== 'image/webp') return { bytes, mimeType, width: meta.width, height: meta.height };
  for (const quality of [90, 80, 70, 55, 40]) {
    const out = await sharp(bytes)
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
    if (out.data.length <= MAX_IMAGE_BYTES) return { bytes: out.data, mimeType: 'image/jpeg', width: out.info.width, height: out.info.height };
  }
  throw new PlatformError('CONTENT_TOO_LARGE', 'Image is too large for Bluesky even after compression (limit ~976 KB)', { retryable: false });
}

/** `app.bsky.embed.images`: each image uploaded with `com.atproto.repo.uploadBlob` (raw bytes). */
export async function uploadBlueskyImages(session: BlueskySession, items: MediaItem[]) {
  const images = [];
  for (const item of items) {
    const prepared = await prepareBlueskyImage(await readAll(item), item.mimeType);
    const { blob } = await session
      .call<{ blob: BlobRef }>('com.atproto.repo.uploadBlob', {
        method: 'POST',
        bytes: prepared.bytes,
        contentType: prepared.mimeType,
      })
      .catch((err: unknown) => Promise.reject(asMediaRefusal(err)));
    const width = prepared.width ?? item.width;
    const height = prepared.height ?? item.height;
    // `alt` is required by the lexicon; '' when the user gave none.
    images.push({ alt: item.altText ?? '', image: blob, ...(width && height ? { aspectRatio: { width, height } } : {}) });
  }
  return { $type: 'app.bsky.embed.images', images };
}

interface JobStatus {
  jobId: string;
  state: string;
  blob?: BlobRef;
  error?: string;
  message?: string;
}

/**
 * `app.bsky.embed.video`: the video service (not the PDS) takes the upload, authorised by a
 * service token the PDS signs for `aud = did:web:<pds host>` and `lxm = uploadBlob`; it
 * transcodes as a job we poll until it yields the blob.
 */
export async function uploadBlueskyVideo(session: BlueskySession, item: MediaItem, videoServiceUrl: string, polling: PollTiming) {
  const { token } = await session.call<{ token: string }>('com.atproto.server.getServiceAuth', {
    method: 'GET',
    query: {
      aud: `did:web:${new URL(session.pdsUrl).hostname}`,
      lxm: 'com.atproto.repo.uploadBlob',
      exp: String(Math.floor(Date.now() / 1000) + 30 * 60),
    },
  });
  try {
    return await transcodeBlueskyVideo(session, item, videoServiceUrl, polling, token);
  } catch (err) {
    throw asMediaRefusal(err);
  }
}

/** The video service's part: upload, then poll the job until it yields the blob. */
async function transcodeBlueskyVideo(session: BlueskySession, item: MediaItem, videoServiceUrl: string, polling: PollTiming, token: string) {
  const uploaded = await session.call<{ jobStatus?: JobStatus } & Partial<JobStatus>>('app.bsky.video.uploadVideo', {
    method: 'POST',
    baseUrl: videoServiceUrl,
    bearer: token,
    query: { did: session.did, name: item.fileName },
    bytes: await readAll(item),
    contentType: item.mimeType,
    // The same video uploaded before answers 409 `already_exists` with the existing job's id.
    accept: (status, body) => status === 409 && typeof (body as { jobId?: unknown } | null)?.jobId === 'string',
  });
  const jobId = uploaded.jobStatus?.jobId ?? uploaded.jobId;
  if (!jobId) throw new PlatformError('PLATFORM_SERVER_ERROR', 'Bluesky video service returned no job id', { retryable: true });

  const blob = await pollUntil<BlobRef>(
    async () => {
      const { jobStatus } = await session.call<{ jobStatus: JobStatus }>('app.bsky.video.getJobStatus', {
        method: 'GET',
        baseUrl: videoServiceUrl,
        bearer: token,
        query: { jobId },
      });
      if (jobStatus.state === 'JOB_STATE_FAILED') {
        throw new PlatformError('INVALID_CONTENT', `Bluesky could not process the video: ${jobStatus.error ?? jobStatus.message ?? 'failed'}`, {
          retryable: false,
          platformError: jobStatus.error ?? jobStatus.message ?? null,
        });
      }
      return jobStatus.blob ? { done: true, value: jobStatus.blob } : { done: false };
    },
    { ...polling, what: 'Bluesky video processing' },
  );
  const aspectRatio = item.width && item.height ? { aspectRatio: { width: item.width, height: item.height } } : {};
  return { $type: 'app.bsky.embed.video', video: blob, ...(item.altText ? { alt: item.altText } : {}), ...aspectRatio };
}
