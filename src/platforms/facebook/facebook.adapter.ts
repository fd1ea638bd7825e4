import type {
  CommentRequest,
  MetricValues,
  PlatformAdapter,
  PlatformCredentials,
  PostMetricsAnswer,
  PostMetricsRequest,
  PublishRequest,
  PublishResult,
  UnpublishTarget,
  ValidationResult,
} from '../platform-adapter';
import { PlatformError } from '../platform-adapter';
import { PLATFORM_CONTENT_RULES } from '@app/rules';
import { beforeCreate, failedValidation, AdapterBase } from '../adapter-kit';
import { GraphClient } from '../meta-graph';
import { graphCount, insightValues, isGraphPermissionRefusal, permissionNeeded, type GraphInsight } from '../meta-graph/graph.insights';

const LABEL = PLATFORM_CONTENT_RULES.facebook.label;
/** Page permissions posting needs; a page token cannot list its own permissions. */
const REQUIRED_PERMISSIONS = ['pages_manage_posts', 'pages_read_engagement', 'pages_show_list'];

/** Counters a post gives without insights (pages_read_engagement); `shares` is left out while there are none. */
const COUNTER_FIELDS = 'reactions.summary(total_count).limit(0),comments.summary(true).limit(0),shares';
/**
 * Post insights still served after Meta's deprecations (the impressions metrics are gone): unique
 * viewers, under Meta's own name. A Page under 100 likes gets Meta's empty set, so it stays absent.
 */
const POST_INSIGHTS = ['post_total_media_view_unique'];

interface PostCounters {
  reactions?: { summary?: { total_count?: number } };
  comments?: { summary?: { total_count?: number } };
  shares?: { count?: number };
}

interface Created {
  id: string;
  permalink_url?: string;
}

/**
 * Facebook Pages via the Graph API with a page access token (`externalId` is the page id).
 * Text goes to the page feed; images are uploaded unpublished and attached to one feed post;
 * a video is published from its public URL. Page tokens do not expire, so there is no refresh.
 */
export class FacebookAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'facebook' as const;
  readonly rules = PLATFORM_CONTENT_RULES.facebook;

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const client = this.client(credentials);
    const pageId = credentials.externalId;
    const video = request.media.find((m) => m.kind === 'video');

    if (video) {
      // One call both uploads (Facebook pulls file_url) and publishes: it is the create call.
      const created = await client.post<Created>(`/${pageId}/videos?fields=id,permalink_url`, {
        file_url: video.url,
        description: request.content,
        published: true,
      });
      return { postedId: created.id, publishedUrl: absoluteUrl(created.permalink_url) ?? `https://www.facebook.com/${pageId}/videos/${created.id}` };
    }

    // Unpublished photos are invisible until attached, so uploading them is safe to retry.
    const photoIds = await beforeCreate(async () => {
      const ids: string[] = [];
      for (const image of request.media) {
        // `alt_text_custom`: the user's alt text, beside the one Facebook generates.
        const alt = image.altText ? { alt_text_custom: image.altText } : {};
        const photo = await client.post<{ id: string }>(`/${pageId}/photos`, { url: image.url, published: false, ...alt });
        ids.push(photo.id);
      }
      return ids;
    });

    // The create call: the feed post goes live here.
    const created = await client.post<Created>(`/${pageId}/feed?fields=id,permalink_url`, {
      message: request.content,
      attached_media: photoIds.length ? photoIds.map((id) => ({ media_fbid: id })) : undefined,
      published: true,
    });
    return { postedId: created.id, publishedUrl: absoluteUrl(created.permalink_url) ?? `https://www.facebook.com/${created.id}` };
  }

  /**
   * A first comment: `POST /{page-post-id}/comments {message}` with the Page token, so the Page is
   * its author (needs pages_manage_engagement). The comment's address is the post's with `comment_id`.
   */
  async publishComment(credentials: PlatformCredentials, request: CommentRequest): Promise<PublishResult> {
    const postId = request.parent.postedId;
    const created = await this.client(credentials).post<{ id: string }>(`/${postId}/comments`, { message: request.content });
    const base = absoluteUrl(request.parent.publishedUrl ?? undefined) ?? `https://www.facebook.com/${postId}`;
    return { postedId: created.id, publishedUrl: withQuery(base, 'comment_id', created.id) };
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      const me = await this.client(credentials).get<{ id: string; name: string; picture?: { data?: { url?: string } } }>('/me', {
        fields: 'id,name,picture',
      });
      return {
        ok: true,
        username: me.name,
        permissions: REQUIRED_PERMISSIONS,
        message: 'Connection is valid',
        displayName: me.name,
        profileImageUrl: me.picture?.data?.url ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: LABEL, error: err });
    }
  }

  /** A page feed post with the same message created at or after `since`. */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const answer = await this.client(credentials).get<{ data?: Array<{ id: string; message?: string; permalink_url?: string }> }>(
      `/${credentials.externalId}/feed`,
      { fields: 'id,message,permalink_url,created_time', since: Math.floor(since.getTime() / 1000) - 1, limit: 25 },
    );
    const match = (answer.data ?? []).find((p) => (p.message ?? '').trim() === request.content.trim());
    return match ? { postedId: match.id, publishedUrl: absoluteUrl(match.permalink_url) ?? `https://www.facebook.com/${match.id}` } : null;
  }

  /** `DELETE /{page-post-id}` with the Page token (feed posts and videos alike); a post already gone counts as deleted. */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    await this.client(credentials).delete(`/${target.postedId}`);
  }

  /** Graph reads one object per call (a batch still counts each call): one post at a time. */
  readonly metricsBatchSize = 1;

  /**
   * Per post: reactions (what the like button shows, as `likes`), comments (`replies`) and shares
   * (`reposts`) from the post's fields, then its insights. A post Graph no longer has goes to
   * `missing`; an insight Graph refuses for this post (a video has none of a feed post's) is left out.
   */
  async postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    const client = this.client(credentials);
    const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
    for (const { postedId } of posts) {
      const counters = await client.getIfExists<PostCounters>(`/${postedId}`, { fields: COUNTER_FIELDS }).catch((err: unknown) => {
        throw isGraphPermissionRefusal(err) ? permissionNeeded(err, LABEL, 'pages_read_engagement', 'post metrics') : err;
      });
      if (!counters) {
        answer.missing.set(postedId, 'Facebook no longer has this post');
        continue;
      }
      const values: MetricValues = {};
      const likes = graphCount(counters.reactions?.summary?.total_count);
      const replies = graphCount(counters.comments?.summary?.total_count);
      const reposts = graphCount(counters.shares?.count);
      if (likes !== undefined) values.likes = likes;
      if (replies !== undefined) values.replies = replies;
      if (reposts !== undefined) values.reposts = reposts;
      Object.assign(values, await this.postInsights(client, postedId));
      answer.metrics.set(postedId, values);
    }
    return answer;
  }

  /** The Page's `followers_count` (as `followers`) and `fan_count` (its likes). */
  async accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    const page = await this.client(credentials)
      .get<{ followers_count?: number; fan_count?: number }>(`/${credentials.externalId}`, { fields: 'followers_count,fan_count' })
      .catch((err: unknown) => {
        throw isGraphPermissionRefusal(err) ? permissionNeeded(err, LABEL, 'pages_read_engagement', 'Page metrics') : err;
      });
    const values: MetricValues = {};
    const followers = graphCount(page.followers_count);
    const fans = graphCount(page.fan_count);
    if (followers !== undefined) values.followers = followers;
    if (fans !== undefined) values.fan_count = fans;
    return values;
  }

  /** Insights need read_insights (and the ANALYZE task on the Page); a refused metric is left out, a missing permission is not. */
  private async postInsights(client: GraphClient, postedId: string): Promise<MetricValues> {
    try {
      const insights = await client.get<{ data?: GraphInsight[] }>(`/${postedId}/insights`, { metric: POST_INSIGHTS.join(','), period: 'lifetime' });
      return insightValues(insights.data);
    } catch (err) {
      if (isGraphPermissionRefusal(err)) throw permissionNeeded(err, LABEL, 'read_insights', 'post insights');
      if (err instanceof PlatformError && err.code === 'INVALID_CONTENT') return {};
      throw err;
    }
  }

  private client(credentials: PlatformCredentials): GraphClient {
    return new GraphClient(this.endpoints.facebookApiUrl, credentials.accessToken, this.endpoints.requestTimeoutMs, LABEL);
  }
}

/** `url` with one more query parameter. */
function withQuery(url: string, key: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(key, value);
  return parsed.toString();
}

/** Video permalinks come back site-relative (`/reel/123`). */
function absoluteUrl(url: string | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `https://www.facebook.com${url}` : url;
}
