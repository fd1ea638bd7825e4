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
  type ValidationResult,
} from '../platform-adapter';
import { INSTAGRAM_VIDEO_TYPES, PLATFORM_CONTENT_RULES } from '@app/rules';
import { beforeCreate, failedValidation, AdapterBase, type ContentRequest, refreshUnavailable, watchedRefresh } from '../adapter-kit';
import { GraphClient, fetchPermalink, refreshLongLivedToken, waitForContainer } from '../meta-graph';
import { graphCount, insightValues, isGraphPermissionRefusal, permissionNeeded, type GraphInsight } from '../meta-graph/graph.insights';

const LABEL = PLATFORM_CONTENT_RULES.instagram.label;
const VIDEO_TYPES = INSTAGRAM_VIDEO_TYPES;
/** A business account connected through Facebook Login (connect's `instagram-facebook` flow). */
const viaFacebook = (credentials: PlatformCredentials): boolean => credentials.type === 'facebook_login';

/** Instagram Login scopes posting needs; /me does not list them. */
const REQUIRED_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'];

/**
 * Media insights asked for by product type (Meta refuses a metric a type does not have, and no
 * longer serves impressions, plays or video_views). Likes and comments come from the media's own
 * counters (`like_count`, `comments_count`), so they are not asked for again here.
 */
const INSIGHTS_OF: Record<string, string[]> = {
  STORY: ['views', 'reach', 'shares', 'total_interactions'],
  default: ['views', 'reach', 'saved', 'shares', 'total_interactions'],
};

/** The permissions metrics need, by login: the basic one for counters, the insights one for insights. */
const METRIC_PERMISSIONS = {
  instagram: { basic: 'instagram_business_basic', insights: 'instagram_business_manage_insights' },
  facebook: { basic: 'instagram_basic', insights: 'instagram_manage_insights' },
};

interface MediaCounters {
  like_count?: number;
  comments_count?: number;
  media_product_type?: string;
}

interface Me {
  id: string;
  user_id?: string;
  username: string;
  name?: string;
  profile_picture_url?: string;
}

/**
 * Instagram Graph API (Instagram Login, business/creator accounts). No text-only posts: one image
 * or video (REELS or STORIES, from `settings.videoType`) or a carousel of 2–10 images and videos. Meta pulls
 * the media from its public URL into a container; we wait for the container, then publish it.
 */
export class InstagramAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'instagram' as const;
  readonly rules = PLATFORM_CONTENT_RULES.instagram;

  protected override ownContentRules({ content, media, settings }: ContentRequest): string | null {
    const videoType = this.videoType(settings);
    if (!videoType) return `Instagram videoType must be REELS or STORIES (got ${String(settings.videoType)})`;
    if (videoType === 'STORIES' && media.length > 1) return 'Instagram stories take a single image or video';
    const hashtags = content.match(/(^|\s)#[\p{L}\p{N}_]+/gu)?.length ?? 0;
    if (hashtags > 30) return `Instagram allows at most 30 hashtags (currently ${hashtags})`;
    return null;
  }

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const client = this.client(credentials);
    const userId = credentials.externalId;
    const videoType = this.videoType(request.settings) ?? 'REELS';
    if (request.media.length === 0) {
      throw new PlatformError('INVALID_CONTENT', 'Instagram posts require media', { retryable: false });
    }

    // Containers are private drafts until media_publish, so building them is safe to retry.
    const creationId = await beforeCreate(async () => {
      const id =
        request.media.length === 1
          ? await this.createSingle(client, userId, request.media[0], videoType, request.content)
          : await this.createCarousel(client, userId, request.media, request.content);
      await waitForContainer(client, this.endpoints, id, 'instagram');
      return id;
    });

    // The create call: from here on the post may be live.
    const published = await client.post<{ id: string }>(`/${userId}/media_publish`, { creation_id: creationId });
    const permalink = await fetchPermalink(client, published.id);
    return {
      postedId: published.id,
      publishedUrl: permalink ?? `https://www.instagram.com/${credentials.username ?? ''}`,
    };
  }

  /**
   * A first comment: `POST /{ig-media-id}/comments message=…` → `{id}` (instagram_business_manage_comments;
   * through Facebook Login, instagram_manage_comments). Comments have no address of their own: the post's is given.
   */
  async publishComment(credentials: PlatformCredentials, request: CommentRequest): Promise<PublishResult> {
    const created = await this.client(credentials).post<{ id: string }>(`/${request.parent.postedId}/comments`, { message: request.content });
    return { postedId: created.id, publishedUrl: request.parent.publishedUrl ?? `https://www.instagram.com/${credentials.username ?? ''}` };
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      // A Page token (Facebook Login) answers /me with the Page: the account is read by its id.
      const path = viaFacebook(credentials) ? `/${credentials.externalId}` : '/me';
      const fields = viaFacebook(credentials) ? 'id,username,name,profile_picture_url' : 'id,user_id,username,name,profile_picture_url';
      const me = await this.client(credentials).get<Me>(path, { fields });
      return {
        ok: true,
        username: me.username,
        permissions: REQUIRED_SCOPES,
        message: 'Connection is valid',
        displayName: me.name ?? null,
        profileImageUrl: me.profile_picture_url ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: LABEL, error: err });
    }
  }

  /** The long-lived token refreshes itself (it must be at least 24 h old and unexpired). */
  refresh(credentials: PlatformCredentials): Promise<RefreshedTokens> {
    if (viaFacebook(credentials)) return refreshUnavailable('Page tokens do not expire; reconnect through Facebook to renew it');
    return watchedRefresh(credentials, () =>
      refreshLongLivedToken(LABEL, this.endpoints.instagramApiUrl, 'ig_refresh_token', credentials.accessToken, this.endpoints.requestTimeoutMs),
    );
  }

  /** Recent media of the account with the same caption, posted at or after `since`. */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const answer = await this.client(credentials).get<{ data?: Array<{ id: string; caption?: string; permalink?: string; timestamp?: string }> }>(
      `/${credentials.externalId}/media`,
      { fields: 'id,caption,permalink,timestamp', limit: 25 },
    );
    const match = (answer.data ?? []).find(
      (m) => (m.caption ?? '').trim() === request.content.trim() && (!m.timestamp || Date.parse(m.timestamp) >= since.getTime() - 1000),
    );
    return match ? { postedId: match.id, publishedUrl: match.permalink ?? `https://www.instagram.com/${credentials.username ?? ''}` } : null;
  }

  /** Graph reads one media object per call: one post at a time. */
  readonly metricsBatchSize = 1;

  /**
   * Per media: `like_count` (as `likes`) and `comments_count` (as `replies`), then its insights
   * (`views`, and Instagram's own `reach`, `saved`, `shares`, `total_interactions`). A media Graph
   * no longer has goes to `missing`; insights Meta will not give for it (too few viewers, a metric
   * its type lacks) are left out, a missing permission is not.
   */
  async postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    const client = this.client(credentials);
    const permissions = METRIC_PERMISSIONS[viaFacebook(credentials) ? 'facebook' : 'instagram'];
    const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
    for (const { postedId } of posts) {
      const media = await client
        .getIfExists<MediaCounters>(`/${postedId}`, { fields: 'like_count,comments_count,media_product_type' })
        .catch((err: unknown) => {
          throw isGraphPermissionRefusal(err) ? permissionNeeded(err, LABEL, permissions.basic, 'media metrics') : err;
        });
      if (!media) {
        answer.missing.set(postedId, 'Instagram no longer has this media');
        continue;
      }
      const values: MetricValues = {};
      const likes = graphCount(media.like_count);
      const replies = graphCount(media.comments_count);
      if (likes !== undefined) values.likes = likes;
      if (replies !== undefined) values.replies = replies;
      const metrics = INSIGHTS_OF[media.media_product_type ?? ''] ?? INSIGHTS_OF.default;
      try {
        const insights = await client.get<{ data?: GraphInsight[] }>(`/${postedId}/insights`, { metric: metrics.join(',') });
        Object.assign(values, insightValues(insights.data));
      } catch (err) {
        if (isGraphPermissionRefusal(err)) throw permissionNeeded(err, LABEL, permissions.insights, 'media insights');
        if (!(err instanceof PlatformError && (err.code === 'INVALID_CONTENT' || err.code === 'PLATFORM_VALIDATION_ERROR'))) throw err;
      }
      answer.metrics.set(postedId, values);
    }
    return answer;
  }

  /** `followers_count`, `follows_count` and `media_count` of the account, as `followers`, `following` and `posts`. */
  async accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    const permission = METRIC_PERMISSIONS[viaFacebook(credentials) ? 'facebook' : 'instagram'].basic;
    const account = await this.client(credentials)
      .get<{ followers_count?: number; follows_count?: number; media_count?: number }>(`/${credentials.externalId}`, {
        fields: 'followers_count,follows_count,media_count',
      })
      .catch((err: unknown) => {
        throw isGraphPermissionRefusal(err) ? permissionNeeded(err, LABEL, permission, 'account metrics') : err;
      });
    const values: MetricValues = {};
    for (const [field, name] of [
      ['followers_count', 'followers'],
      ['follows_count', 'following'],
      ['media_count', 'posts'],
    ] as const) {
      const value = graphCount(account[field]);
      if (value !== undefined) values[name] = value;
    }
    return values;
  }

  /** Instagram Login tokens speak to graph.instagram.com; Page tokens (Facebook Login) to graph.facebook.com. */
  private client(credentials: PlatformCredentials): GraphClient {
    const host = viaFacebook(credentials) ? this.endpoints.facebookApiUrl : this.endpoints.instagramApiUrl;
    return new GraphClient(host, credentials.accessToken, this.endpoints.requestTimeoutMs, LABEL);
  }

  private videoType(settings: Record<string, unknown>): (typeof VIDEO_TYPES)[number] | null {
    const value = settings.videoType ?? 'REELS';
    return VIDEO_TYPES.find((t) => t === String(value).toUpperCase()) ?? null;
  }

  /** One image or video; stories take no caption. */
  private async createSingle(client: GraphClient, userId: string, item: MediaItem, videoType: string, caption: string): Promise<string> {
    const story = videoType === 'STORIES';
    const params =
      item.kind === 'video'
        ? { media_type: videoType, video_url: item.url }
        : { image_url: item.url, ...(story ? { media_type: 'STORIES' } : imageAltText(item)) };
    const container = await client.post<{ id: string }>(`/${userId}/media`, { ...params, ...(story ? {} : { caption }) });
    return container.id;
  }

  /**
   * Children first, in order (each is processed on its own and waited on until FINISHED: videos
   * take longer), then the carousel container with the caption. A video child is `VIDEO`, not a reel.
   */
  private async createCarousel(client: GraphClient, userId: string, media: MediaItem[], caption: string): Promise<string> {
    const children: string[] = [];
    for (const item of media) {
      const source = item.kind === 'video' ? { media_type: 'VIDEO', video_url: item.url } : { image_url: item.url, ...imageAltText(item) };
      const child = await client.post<{ id: string }>(`/${userId}/media`, { ...source, is_carousel_item: true });
      await waitForContainer(client, this.endpoints, child.id, 'instagram');
      children.push(child.id);
    }
    const parent = await client.post<{ id: string }>(`/${userId}/media`, { media_type: 'CAROUSEL', children: children.join(','), caption });
    return parent.id;
  }
}

/** `alt_text` of an image container (feed images and carousel images only: reels, videos and stories take none). */
function imageAltText(item: MediaItem): { alt_text?: string } {
  return item.altText ? { alt_text: item.altText } : {};
}
