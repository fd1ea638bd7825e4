import type { MediaItem } from '../platform-adapter';
import { PlatformError } from '../platform-adapter';
import { platformFetch, readJson } from '../platform-http';
import { pollUntil, readAll } from '../adapter-kit';
import { asMediaRefusal, classifyPinterestError } from './pinterest.errors';

/** `accept` names refusals the caller reads itself (a 404 on delete). */
export type PinterestApi = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, accept?: (status: number) => boolean) => Promise<T>;

/**
 * Video pins: register the upload (`POST /v5/media`), send the file as a multipart POST to the
 * returned upload_url with the given upload_parameters (a presigned storage form, fields before
 * the file), then poll `GET /v5/media/{id}` until `succeeded`. Returns the media_id.
 */
export async function uploadPinterestVideo(
  api: PinterestApi,
  item: MediaItem,
  options: { intervalMs: number; timeoutMs: number; requestTimeoutMs: number },
): Promise<string> {
  const media = await api<{ media_id: string; upload_url: string; upload_parameters?: Record<string, string> }>('POST', '/v5/media', {
    media_type: 'video',
  });
  const form = new FormData();
  for (const [key, value] of Object.entries(media.upload_parameters ?? {})) form.append(key, value);
  form.append('file', new Blob([await readAll(item)], { type: item.mimeType }), item.fileName);
  const res = await platformFetch(media.upload_url, { method: 'POST', body: form, timeoutMs: options.requestTimeoutMs });
  // The storage form refusing the file (type, size, an expired policy) is about the video.
  if (!res.ok) throw asMediaRefusal(classifyPinterestError(res.status, res.headers, await readJson(res)));
  await res.arrayBuffer();

  await pollUntil<true>(
    async () => {
      const status = await api<{ status: string }>('GET', `/v5/media/${encodeURIComponent(media.media_id)}`);
      if (status.status === 'failed') {
        throw new PlatformError('INVALID_CONTENT', 'Pinterest could not process the video', {
          retryable: false,
          platformError: 'failed',
          category: 'media_rejected',
        });
      }
      return status.status === 'succeeded' ? { done: true, value: true } : { done: false };
    },
    { intervalMs: options.intervalMs, timeoutMs: options.timeoutMs, what: 'Pinterest video processing' },
  );
  return media.media_id;
}
