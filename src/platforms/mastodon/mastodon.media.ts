import type { MediaItem } from '../platform-adapter';
import { pollUntil, readAll, type PollTiming } from '../adapter-kit';
import type { MastodonClient } from './mastodon.client';
import { asMediaRefusal } from './mastodon.errors';

interface MastodonAttachment {
  id: string;
  url: string | null;
}

/**
 * Uploads one attachment: `POST /api/v2/media` answers 200 when the file is ready or 202 while
 * it is processed asynchronously (video, large images); then `GET /api/v1/media/:id` answers
 * 206 until processing is done and 200 after. Returns the attachment id for `media_ids[]`.
 */
export async function uploadMastodonMedia(client: MastodonClient, item: MediaItem, polling: PollTiming): Promise<string> {
  try {
    return await upload(client, item, polling);
  } catch (err) {
    throw asMediaRefusal(err);
  }
}

async function upload(client: MastodonClient, item: MediaItem, polling: PollTiming): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([await readAll(item)], { type: item.mimeType }), item.fileName);
  if (item.altText) form.append('description', item.altText);
  const created = await client.call<MastodonAttachment>('POST', '/api/v2/media', { body: form });
  if (created.status === 200 && created.body.url) return created.body.id;

  return pollUntil<string>(
    async () => {
      const res = await client.call<MastodonAttachment>('GET', `/api/v1/media/${encodeURIComponent(created.body.id)}`);
      return res.status === 200 && res.body.url ? { done: true, value: res.body.id } : { done: false };
    },
    { ...polling, what: `Mastodon media processing of ${item.fileName}` },
  );
}
