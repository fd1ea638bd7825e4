import {
  MetricValues,
  PlatformAdapter,
  PlatformCredentials,
  PostMetricsAnswer,
  PostMetricsRequest,
  PlatformError,
  PublishRequest,
  PublishResult,
  RefreshedTokens,
  UnpublishTarget,
  ValidationResult,
} from '../platform-adapter';
import { codePointLength, PLATFORM_CONTENT_RULES } from '@app/rules';
import {
  basicAuth,
  beforeCreate,
  failedValidation,
  pollTiming,
  refreshOAuthToken,
  AdapterBase,
  type ContentRequest,
  refreshUnavailable,
  watchedRefresh,
} from '../adapter-kit';
import { classifyPinterestError } from './pinterest.errors';
import { unpublishOrder } from '../adapter-kit/unpublish';
import { PinterestApi, uploadPinterestVideo } from './pinterest.media';
import { PlatformJsonClient } from '../platform-json-client';
import { PINTEREST_METRICS_BATCH, readPinterestAccountMetrics, readPinterestPostMetrics } from './pinterest.metrics';

const TITLE_LIMIT = 100;
/** What publishing needs; user_account does not list a token's scopes. */
const NEEDED_SCOPES = ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read'];

interface Pin {
  id: string;
  description?: string | null;
  created_at?: string;
}

export const pinterestPinUrl = (id: string): string => `https://www.pinterest.com/pin/${id}/`;

/**
 * Pinterest API v5. A pin lives on a board (settings.boardId, else the account's first board).
 * Images are pulled by Pinterest from the media's public URL (one image, or 2–5 as a
 * multi-image pin); a video is uploaded through the media endpoint and processed first.
 */
export class PinterestAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'pinterest' as const;
  readonly healthValidator = false as const;
  readonly rules = PLATFORM_CONTENT_RULES.pinterest;

  protected override ownContentRules({ settings }: ContentRequest): string | null {
    const title = typeof settings.title === 'string' ? settings.title : '';
    if (codePointLength(title) > TITLE_LIMIT) return `Pinterest pin titles are limited to ${TITLE_LIMIT} characters (currently ${codePointLength(title)})`;
    return null;
  }

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const api = this.api(credentials);
    const images = request.media.filter((m) => m.kind === 'image');
    const video = request.media.find((m) => m.kind === 'video');
    if (!video && images.length === 0) throw new PlatformError('INVALID_CONTENT', 'Pinterest posts require media', { retryable: false });

    const boardId = await beforeCreate(() => this.boardId(api, request.settings));
    const mediaSource = video
      ? {
          source_type: 'video_id',
          media_id: await beforeCreate(() =>
            uploadPinterestVideo(api, video, {
              ...pollTiming(this.endpoints),
              requestTimeoutMs: this.endpoints.requestTimeoutMs,
            }),
          ),
          // A cover is required: a frame of the video itself.
          cover_image_key_frame_time: video.durationSeconds && video.durationSeconds > 1 ? 1 : 0,
        }
      : images.length === 1
        ? { source_type: 'image_url', url: images[0].url }
        : { source_type: 'multiple_image_urls', items: images.map((i) => ({ url: i.url })) };

    const str = (key: string) => (typeof request.settings[key] === 'string' && request.settings[key] ? (request.settings[key] as string) : undefined);
    const pin = await api<Pin>('POST', '/v5/pins', {
      board_id: boardId,
      description: request.content,
      ...(str('title') ? { title: str('title') } : {}),
      ...(str('link') ? { link: str('link') } : {}),
      // A pin has one alt text: its first file's.
      ...(request.media[0]?.altText ? { alt_text: request.media[0].altText } : {}),
      media_source: mediaSource,
    });
    return { postedId: pin.id, publishedUrl: pinterestPinUrl(pin.id) };
  }

  /** `DELETE /v5/pins/:id` (204); a pin Pinterest no longer has (404) is already deleted. */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    const api = this.api(credentials);
    for (const id of unpublishOrder(target)) await api('DELETE', `/v5/pins/${encodeURIComponent(id)}`, undefined, (status) => status === 404);
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      const account = await this.api(credentials)<{ username: string; profile_image?: string; business_name?: string }>('GET', '/v5/user_account');
      return {
        ok: true,
        username: account.username,
        permissions: NEEDED_SCOPES,
        message: 'Connection is valid',
        displayName: account.business_name ?? null,
        profileImageUrl: account.profile_image ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: 'Pinterest', error: err });
    }
  }

  /** `POST /v5/oauth/token` with HTTP Basic client auth; a rotated refresh token replaces the old one. */
  refresh(credentials: PlatformCredentials): Promise<RefreshedTokens> {
    const refreshToken = credentials.refreshToken;
    const client = this.endpoints.clients.pinterest;
    if (!refreshToken || !client) return refreshUnavailable('Pinterest refresh needs a refresh token and PINTEREST_CLIENT_ID/SECRET');
    return watchedRefresh(credentials, () =>
      refreshOAuthToken({
        platform: 'Pinterest',
        url: `${this.endpoints.pinterestApiUrl}/v5/oauth/token`,
        form: { refresh_token: refreshToken },
        headers: { authorization: basicAuth(client.clientId, client.clientSecret) },
        previousRefreshToken: refreshToken,
        timeoutMs: this.endpoints.requestTimeoutMs,
      }),
    );
  }

  /** The account's recent pins (`GET /v5/pins`), matched on description and creation time. */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const { items } = await this.api(credentials)<{ items: Pin[] }>('GET', '/v5/pins?page_size=50');
    const match = items.find(
      (p) => (p.description ?? '') === request.content && (!p.created_at || Date.parse(`${p.created_at.replace(/Z?$/, 'Z')}`) >= since.getTime() - 1000),
    );
    return match ? { postedId: match.id, publishedUrl: pinterestPinUrl(match.id) } : null;
  }

  private async boardId(api: PinterestApi, settings: Record<string, unknown>): Promise<string> {
    if (typeof settings.boardId === 'string' && settings.boardId) return settings.boardId;
    const { items } = await api<{ items: Array<{ id: string }> }>('GET', '/v5/boards?page_size=25');
    if (!items?.length) {
      throw new PlatformError('PLATFORM_VALIDATION_ERROR', 'Pinterest account has no boards: create a board to publish pins', {
        retryable: false,
        category: 'configuration',
      });
    }
    return items[0].id;
  }

  readonly metricsBatchSize = PINTEREST_METRICS_BATCH;

  /** `GET /v5/pins/{id}?pin_metrics=true` per pin: impressions, likes (reactions), replies (comments) and Pinterest's others. */
  postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    return readPinterestPostMetrics(this.json(credentials), this.endpoints.pinterestApiUrl, posts);
  }

  /** `GET /v5/user_account`: followers, following, posts (pins), monthly_views, board_count. */
  accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    return readPinterestAccountMetrics(this.json(credentials), this.endpoints.pinterestApiUrl);
  }

  private json(credentials: PlatformCredentials): PlatformJsonClient {
    return new PlatformJsonClient({
      headers: { authorization: `Bearer ${credentials.accessToken}` },
      timeoutMs: this.endpoints.requestTimeoutMs,
      classify: (a) => classifyPinterestError(a.status, a.headers, a.body),
    });
  }

  private api(credentials: PlatformCredentials): PinterestApi {
    return async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, accept?: (status: number) => boolean): Promise<T> => {
      const client = this.json(credentials);
      return (
        await client.request<T>(`${this.endpoints.pinterestApiUrl}${path}`, {
          method,
          ...(body !== undefined ? { json: body } : {}),
          ...(accept ? { accept } : {}),
        })
      ).body;
    };
  }
}
