import {
  PlatformError,
  type CommentRequest,
  type MediaItem,
  type MetricValues,
  type PlatformAdapter,
  type PlatformCredentials,
  type PostMetricsAnswer,
  type PostMetricsRequest,
  type PublishRequest,
  type PublishResult,
  type RefreshedTokens,
  type UnpublishTarget,
  type ValidationResult,
} from '../platform-adapter';
import { PLATFORM_CONTENT_RULES, THREADS_REPLY_CONTROLS } from '@app/rules';
import { beforeCreate, failedValidation, AdapterBase, type ContentRequest, unpublishOrder, watchedRefresh } from '../adapter-kit';
import { GraphClient, type GraphParams, fetchPermalink, refreshLongLivedToken, waitForContainer } from '../meta-graph';
import { readThreadsAccountMetrics, readThreadsPostMetrics, THREADS_METRICS_BATCH } from './threads.metrics';

const LABEL = PLATFORM_CONTENT_RULES.threads.label;
/** `replyControl` setting: "" (default) sends nothing, letting Threads use the account default. */
const REPLY_CONTROLS: readonly string[] = THREADS_REPLY_CONTROLS;
const REQUIRED_SCOPES = ['threads_basic', 'threads_content_publish'];

interface ThreadsPost {
  id: string;
  text?: string;
  permalink?: string;
  timestamp?: string;
}

/**
 * Threads API: TEXT, IMAGE, VIDEO or CAROUSEL (2–10 images and videos) containers, waited on until
 * FINISHED, then threads_publish. Long content arrives here already split: each part is a
 * separate publish with `replyToId` (reply_to_id) pointing at the previous part.
 */
export class ThreadsAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'threads' as const;
  readonly rules = PLATFORM_CONTENT_RULES.threads;

  /** Length is not checked: the publisher splits long content into a reply chain (autoThreads). */
  protected override ownContentRules({ settings }: ContentRequest): string | null {
    const replyControl = settings.replyControl ?? '';
    if (!REPLY_CONTROLS.includes(String(replyControl))) {
      return `Threads replyControl must be one of everyone, accounts_you_follow, mentioned_only (got ${String(replyControl)})`;
    }
    return null;
  }

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const client = this.client(credentials);
    const userId = credentials.externalId;
    const replyControl = String(request.settings.replyControl ?? '');
    // Applies to the post itself: what it replies to and who may reply to it.
    const postParams: GraphParams = {
      text: request.content,
      reply_to_id: request.replyToId,
      reply_control: replyControl || undefined,
    };

    // Containers are unpublished drafts: building and waiting on them is safe to retry.
    const creationId = await beforeCreate(async () => {
      const id =
        request.media.length > 1
          ? await this.createCarousel(client, userId, request.media, postParams)
          : await this.createSingle(client, userId, request.media[0], postParams);
      await waitForContainer(client, this.endpoints, id, 'threads');
      return id;
    });

    // The create call: from here on the post may be live.
    const published = await client.post<{ id: string }>(`/${userId}/threads_publish`, { creation_id: creationId });
    const permalink = await fetchPermalink(client, published.id);
    return { postedId: published.id, publishedUrl: permalink ?? `https://www.threads.net/@${credentials.username ?? ''}` };
  }

  /** A first comment: a reply to the post, as a reply-chain part is made (a container with `reply_to_id`, then threads_publish). */
  publishComment(credentials: PlatformCredentials, request: CommentRequest): Promise<PublishResult> {
    return this.publish(credentials, {
      content: request.content,
      media: [],
      settings: {},
      idempotencyKey: request.idempotencyKey,
      replyToId: request.parent.postedId,
    });
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      const me = await this.client(credentials).get<{ id: string; username: string; name?: string; threads_profile_picture_url?: string }>('/me', {
        fields: 'id,username,name,threads_profile_picture_url',
      });
      return {
        ok: true,
        username: me.username,
        permissions: REQUIRED_SCOPES,
        message: 'Connection is valid',
        displayName: me.name ?? null,
        profileImageUrl: me.threads_profile_picture_url ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: LABEL, error: err });
    }
  }

  /** The long-lived token refreshes itself (at least 24 h old and unexpired). */
  refresh(credentials: PlatformCredentials): Promise<RefreshedTokens> {
    return watchedRefresh(credentials, () =>
      refreshLongLivedToken(LABEL, this.endpoints.threadsApiUrl, 'th_refresh_token', credentials.accessToken, this.endpoints.requestTimeoutMs),
    );
  }

  /** Same text since `since` among the account's threads (or its replies, for reply-chain parts). */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const edge = request.replyToId ? '/me/replies' : '/me/threads';
    const answer = await this.client(credentials).get<{ data?: ThreadsPost[] }>(edge, {
      fields: 'id,text,permalink,timestamp',
      since: Math.floor(since.getTime() / 1000) - 1,
      limit: 25,
    });
    const match = (answer.data ?? []).find((p) => (p.text ?? '').trim() === request.content.trim());
    return match ? { postedId: match.id, publishedUrl: match.permalink ?? `https://www.threads.net/@${credentials.username ?? ''}` } : null;
  }

  /**
   * `DELETE /{threads-media-id}` for every part of a reply chain, last first (unpublishOrder); a
   * part already gone counts as deleted, so a retry after a failure part-way deletes the rest.
   * That failure names the parts still live, in chain order, in `publishedIds`.
   */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    const client = this.client(credentials);
    const order = unpublishOrder(target);
    for (const [i, id] of order.entries()) {
      try {
        await client.delete(`/${id}`);
      } catch (err) {
        if (err instanceof PlatformError && order.length > 1) {
          throw new PlatformError(err.code, err.message, { ...err.options, publishedIds: order.slice(i).reverse() });
        }
        throw err;
      }
    }
  }

  readonly metricsBatchSize = THREADS_METRICS_BATCH;

  /** `GET /{media-id}/insights` per post (no batch endpoint): views, likes, replies, reposts, quotes, shares. */
  postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    return readThreadsPostMetrics(this.client(credentials), posts);
  }

  /** `GET /{user-id}/threads_insights`: followers and the account's totals (its `views` are profile views). */
  accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    return readThreadsAccountMetrics(this.client(credentials), credentials.externalId);
  }

  private client(credentials: PlatformCredentials): GraphClient {
    return new GraphClient(this.endpoints.threadsApiUrl, credentials.accessToken, this.endpoints.requestTimeoutMs, LABEL);
  }

  private async createSingle(client: GraphClient, userId: string, item: MediaItem | undefined, postParams: GraphParams): Promise<string> {
    const media: GraphParams = !item
      ? { media_type: 'TEXT' }
      : item.kind === 'video'
        ? { media_type: 'VIDEO', video_url: item.url, ...altTextOf(item) }
        : { media_type: 'IMAGE', image_url: item.url, ...altTextOf(item) };
    const container = await client.post<{ id: string }>(`/${userId}/threads`, { ...media, ...postParams });
    return container.id;
  }

  /** IMAGE and VIDEO children first, in order (each waited on until FINISHED), then the CAROUSEL container carrying the text. */
  private async createCarousel(client: GraphClient, userId: string, media: MediaItem[], postParams: GraphParams): Promise<string> {
    const children: string[] = [];
    for (const item of media) {
      const source: GraphParams = {
        ...(item.kind === 'video' ? { media_type: 'VIDEO', video_url: item.url } : { media_type: 'IMAGE', image_url: item.url }),
        ...altTextOf(item),
      };
      const child = await client.post<{ id: string }>(`/${userId}/threads`, { ...source, is_carousel_item: true });
      await waitForContainer(client, this.endpoints, child.id, 'threads');
      children.push(child.id);
    }
    const parent = await client.post<{ id: string }>(`/${userId}/threads`, { media_type: 'CAROUSEL', children: children.join(','), ...postParams });
    return parent.id;
  }
}

/** `alt_text` of an IMAGE or VIDEO item (carousel children too), only when the user gave one. */
function altTextOf(item: MediaItem): { alt_text?: string } {
  return item.altText ? { alt_text: item.altText } : {};
}
