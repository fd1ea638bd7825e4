import {
  PlatformError,
  type MediaItem,
  type PlatformAdapter,
  type PlatformCredentials,
  type PublishRequest,
  type PublishResult,
  type RefreshedTokens,
  type ValidationResult,
} from '../platform-adapter';
import { PLATFORM_CONTENT_RULES } from '@app/rules';
import { beforeCreate, failedValidation, AdapterBase, type ContentRequest, refreshUnavailable, watchedRefresh } from '../adapter-kit';
import { GraphClient, fetchPermalink, refreshLongLivedToken, waitForContainer } from '../meta-graph';

const LABEL = PLATFORM_CONTENT_RULES.instagram.label;
const VIDEO_TYPES = ['REELS', 'STORIES'] as const;
/** A business account connected through Facebook Login (connect's `instagram-facebook` flow). */
const viaFacebook = (credentials: PlatformCredentials): boolean => credentials.type === 'facebook_login';

/** Instagram Login scopes posting needs; /me does not list them. */
const REQUIRED_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'];

interface Me {
  id: string;
  user_id?: string;
  username: string;
  name?: string;
  profile_picture_url?: string;
}

/**
 * Instagram Graph API (Instagram Login, business/creator accounts). No text-only posts: one image
 * or video (REELS or STORIES, from `settings.videoType`) or a carousel of 2–10 images. Meta pulls
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
      item.kind === 'video' ? { media_type: videoType, video_url: item.url } : { image_url: item.url, ...(story ? { media_type: 'STORIES' } : {}) };
    const container = await client.post<{ id: string }>(`/${userId}/media`, { ...params, ...(story ? {} : { caption }) });
    return container.id;
  }

  /** Children first (each is processed on its own), then the carousel container with the caption. */
  private async createCarousel(client: GraphClient, userId: string, media: MediaItem[], caption: string): Promise<string> {
    const children: string[] = [];
    for (const item of media) {
      const child = await client.post<{ id: string }>(`/${userId}/media`, { image_url: item.url, is_carousel_item: true });
      await waitForContainer(client, this.endpoints, child.id, 'instagram');
      children.push(child.id);
    }
    const parent = await client.post<{ id: string }>(`/${userId}/media`, { media_type: 'CAROUSEL', children: children.join(','), caption });
    return parent.id;
  }
}
