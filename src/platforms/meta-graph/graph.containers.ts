import { PlatformError } from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { pollTiming, pollUntil } from '../adapter-kit';
import type { GraphClient } from './graph.client';

/**
 * Instagram and Threads publish in two steps: a media container is created (Meta downloads the
 * media from its URL and processes it), then published. This waits until the container is
 * FINISHED. Instagram reports `status_code`, Threads `status` (+ `error_message`).
 */
export async function waitForContainer(
  client: GraphClient,
  endpoints: PlatformEndpoints,
  containerId: string,
  flavour: 'instagram' | 'threads',
): Promise<void> {
  const fields = flavour === 'instagram' ? 'status_code,status' : 'status,error_message';
  await pollUntil<void>(
    async () => {
      const answer = await client.get<{ status_code?: string; status?: string; error_message?: string }>(`/${containerId}`, {
        fields,
      });
      const state = flavour === 'instagram' ? answer.status_code : answer.status;
      if (state === 'FINISHED' || state === 'PUBLISHED') return { done: true, value: undefined };
      if (state === 'ERROR' || state === 'EXPIRED') {
        const reason = (flavour === 'instagram' ? answer.status : answer.error_message) ?? state;
        throw new PlatformError('INVALID_CONTENT', `${client.label} could not process the media: ${reason}`, {
          retryable: false,
          platformError: reason,
          category: 'media_rejected',
        });
      }
      return { done: false };
    },
    { ...pollTiming(endpoints), what: `${client.label} media processing` },
  );
}

/**
 * Reads a published object's permalink. The post is already live here, so a failure must not
 * fail the publish: the caller falls back to a URL it can build.
 */
export async function fetchPermalink(client: GraphClient, id: string, field = 'permalink'): Promise<string | null> {
  try {
    const answer = await client.get<Record<string, string | undefined>>(`/${id}`, { fields: field });
    return answer[field] ?? null;
  } catch {
    return null;
  }
}
