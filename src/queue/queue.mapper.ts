import type { QueueView } from './queue.service';

/** A connection's queue as REST and MCP answer it (dates as ISO 8601 UTC). */
export function toQueueBody(view: QueueView) {
  return {
    platformId: view.platformId,
    schedule: view.schedule,
    posts: view.posts.map((p) => ({
      postGroupId: p.postGroupId,
      content: p.content,
      status: p.status,
      ...(p.status === 'scheduled' ? { scheduledTime: p.queuedFor.toISOString() } : {}),
      queuedFor: p.queuedFor.toISOString(),
      platforms: p.platformIds,
    })),
  };
}
