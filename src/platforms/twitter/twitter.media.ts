import { PlatformError, type MediaItem } from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { pollTiming, pollUntil, readAll, readChunks } from '../adapter-kit';
import type { TwitterClient } from './twitter.client';
import { asMediaRefusal } from './twitter.errors';

/** X accepts APPEND segments up to 5 MB; 4 MB leaves headroom for the multipart envelope. */
export const TWITTER_CHUNK_BYTES = 4 * 1024 * 1024;

interface ProcessingInfo {
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed';
  check_after_secs?: number;
  error?: { code?: number; name?: string; message?: string };
}

interface MediaAnswer {
  data: { id: string; media_key?: string; processing_info?: ProcessingInfo };
}

/** Uploads one media item and returns the X media id to attach to the post. */
export async function uploadTwitterMedia(client: TwitterClient, endpoints: PlatformEndpoints, item: MediaItem): Promise<string> {
  try {
    const mediaId = await (item.kind === 'video' ? uploadVideo(client, endpoints, item) : uploadImage(client, item));
    if (item.altText) await setAltText(client, mediaId, item.altText);
    return mediaId;
  } catch (err) {
    throw asMediaRefusal(err);
  }
}

/** The user's alt text, set on the uploaded media before the post uses it (`POST /2/media/metadata`). */
async function setAltText(client: TwitterClient, mediaId: string, text: string): Promise<void> {
  await client.request(`${client.uploadUrl}/2/media/metadata`, { method: 'POST', body: { id: mediaId, metadata: { alt_text: { text } } } });
}

/** Images go in one multipart request (`POST /2/media/upload`). */
async function uploadImage(client: TwitterClient, item: MediaItem): Promise<string> {
  const bytes = await readAll(item);
  const form = new FormData();
  form.append('media', new Blob([bytes], { type: item.mimeType }), item.fileName);
  form.append('media_category', item.mimeType === 'image/gif' ? 'tweet_gif' : 'tweet_image');
  form.append('media_type', item.mimeType);
  const answer = await client.request<MediaAnswer>(`${client.uploadUrl}/2/media/upload`, { method: 'POST', body: form });
  return answer.data.id;
}

/**
 * Video is uploaded in chunks: initialize (size and type) → append each segment → finalize,
 * then, when X answers with `processing_info`, poll STATUS until the video is ready. X refuses a
 * post whose video is still processing.
 */
async function uploadVideo(client: TwitterClient, endpoints: PlatformEndpoints, item: MediaItem): Promise<string> {
  const base = `${client.uploadUrl}/2/media/upload`;
  const init = await client.request<MediaAnswer>(`${base}/initialize`, {
    method: 'POST',
    body: { media_type: item.mimeType, total_bytes: item.size, media_category: 'tweet_video' },
  });
  const mediaId = init.data.id;

  let segment = 0;
  for await (const { bytes } of readChunks(item, TWITTER_CHUNK_BYTES)) {
    const form = new FormData();
    form.append('segment_index', String(segment));
    form.append('media', new Blob([bytes], { type: 'application/octet-stream' }), item.fileName);
    await client.request(`${base}/${mediaId}/append`, { method: 'POST', body: form });
    segment += 1;
  }

  const finalized = await client.request<MediaAnswer>(`${base}/${mediaId}/finalize`, { method: 'POST' });
  let info = finalized.data.processing_info;
  if (!info) return mediaId; // no processing_info: ready to attach

  // The finalize answer is the first status; later rounds ask STATUS after X's check_after_secs.
  let first = true;
  return pollUntil<string>(
    async () => {
      if (!first) {
        const status = await client.request<MediaAnswer>(`${base}?command=STATUS&media_id=${encodeURIComponent(mediaId)}`);
        info = status.data.processing_info ?? { state: 'succeeded' };
      }
      first = false;
      if (info!.state === 'succeeded') return { done: true, value: mediaId };
      if (info!.state === 'failed') {
        const reason = info!.error?.message ?? info!.error?.name ?? 'unknown reason';
        throw new PlatformError('INVALID_CONTENT', `X could not process the video: ${reason}`, {
          retryable: false,
          platformError: reason,
        });
      }
      return { done: false, waitMs: (info!.check_after_secs ?? 0) * 1000 };
    },
    { ...pollTiming(endpoints), what: 'X video processing' },
  );
}
