import {
  CommentRequest,
  MetricValues,
  PlatformAdapter,
  PlatformCredentials,
  PlatformError,
  PostMetricsAnswer,
  PostMetricsRequest,
  PublishRequest,
  PublishResult,
  RefreshedTokens,
  UnpublishTarget,
  ValidationResult,
} from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { codePointLength, PLATFORM_CONTENT_RULES } from '@app/rules';
import { platformFetch, readJson } from '../platform-http';
import { beforeCreate, failedValidation, refreshOAuthToken, AdapterBase, type ContentRequest, refreshUnavailable, watchedRefresh } from '../adapter-kit';
import { classifyYouTubeError, GoogleErrorBody } from './youtube.errors';
import { PRIVACY_VALUES, TITLE_LIMIT, youtubeVideoResource } from './youtube.metadata';
import { DEFAULT_YOUTUBE_CHUNK, uploadResumable, youtubeChunkSize } from './youtube.upload';
import { YOUTUBE_METRICS_BATCH, youtubeAccountMetrics, youtubePostMetrics } from './youtube.metrics';

const UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';

interface YouTubeSearchItem {
  id?: { kind?: string; videoId?: string };
  snippet?: { title?: string; description?: string; publishedAt?: string; channelId?: string };
}

/**
 * YouTube Data API v3, one video per post through a resumable upload: a session is opened with
 * the video's metadata, then the bytes go in 256 KiB-multiple chunks. The content becomes the
 * description; the title comes from settings.title or the start of the content.
 */
export class YouTubeAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'youtube' as const;
  readonly rules = PLATFORM_CONTENT_RULES.youtube;

  /** `chunkBytes` overrides the upload chunk size (rounded to 256 KiB multiples); tests use small chunks. */
  constructor(
    endpoints: PlatformEndpoints,
    private readonly options: { chunkBytes?: number } = {},
  ) {
    super(endpoints);
  }

  protected override ownContentRules({ content, settings }: ContentRequest): string | null {
    const title = typeof settings.title === 'string' ? settings.title : '';
    if (codePointLength(title) > TITLE_LIMIT) return `YouTube titles are limited to ${TITLE_LIMIT} characters (currently ${codePointLength(title)})`;
    if (/[<>]/.test(title) || /[<>]/.test(content)) return 'YouTube does not allow < or > in video titles or descriptions';
    const privacy = settings.privacy;
    if (privacy !== undefined && privacy !== '' && !PRIVACY_VALUES.includes(String(privacy))) {
      return `YouTube privacy must be one of ${PRIVACY_VALUES.join(', ')} (got ${String(privacy)})`;
    }
    return null;
  }

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const video = request.media.find((m) => m.kind === 'video');
    if (!video) throw new PlatformError('INVALID_CONTENT', 'YouTube posts require a video', { retryable: false });

    const sessionUrl = await beforeCreate(async () => {
      const res = await platformFetch(`${this.endpoints.youtubeUploadUrl}/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${credentials.accessToken}`,
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(video.size),
          'x-upload-content-type': video.mimeType,
        },
        body: JSON.stringify(youtubeVideoResource(request.content, request.settings)),
        timeoutMs: this.endpoints.requestTimeoutMs,
      });
      const location = res.headers.get('location');
      if (!res.ok || !location) throw classifyYouTubeError(res.status, res.headers, await readJson<GoogleErrorBody>(res));
      await res.arrayBuffer();
      return location;
    });

    const id = await uploadResumable({
      sessionUrl,
      accessToken: credentials.accessToken,
      item: video,
      chunkBytes: youtubeChunkSize(this.options.chunkBytes ?? DEFAULT_YOUTUBE_CHUNK),
      timeoutMs: this.endpoints.requestTimeoutMs,
      retryPauseMs: this.endpoints.pollIntervalMs,
    });
    return { postedId: id, publishedUrl: `https://www.youtube.com/watch?v=${id}` };
  }

  /**
   * A first comment: `POST /youtube/v3/commentThreads?part=snippet` with the video, the channel
   * (the connection's) and `topLevelComment.snippet.textOriginal`. 50 quota units; the token needs
   * the `youtube.force-ssl` scope.
   */
  async publishComment(credentials: PlatformCredentials, request: CommentRequest): Promise<PublishResult> {
    const videoId = request.parent.postedId;
    const res = await platformFetch(`${this.endpoints.youtubeApiUrl}/youtube/v3/commentThreads?part=snippet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({
        snippet: { videoId, channelId: credentials.externalId, topLevelComment: { snippet: { textOriginal: request.content } } },
      }),
      timeoutMs: this.endpoints.requestTimeoutMs,
    });
    const body = await readJson<GoogleErrorBody & { id?: string; snippet?: { topLevelComment?: { id?: string } } }>(res);
    if (!res.ok) throw classifyYouTubeError(res.status, res.headers, body);
    const id = body?.snippet?.topLevelComment?.id ?? body?.id;
    if (!id) {
      // The comment is live but we cannot name it: retrying would comment twice.
      throw new PlatformError('PUBLISH_OUTCOME_UNKNOWN', 'YouTube created the comment without returning its id', {
        retryable: false,
        httpStatus: res.status,
        outcomeUnknown: true,
      });
    }
    return { postedId: id, publishedUrl: `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&lc=${encodeURIComponent(id)}` };
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      const res = await platformFetch(`${this.endpoints.youtubeApiUrl}/youtube/v3/channels?part=id,snippet&mine=true`, {
        headers: { authorization: `Bearer ${credentials.accessToken}` },
        timeoutMs: this.endpoints.requestTimeoutMs,
      });
      const body = await readJson<
        GoogleErrorBody & { items?: Array<{ id: string; snippet?: { title?: string; customUrl?: string; thumbnails?: { default?: { url?: string } } } }> }
      >(res);
      if (!res.ok) throw classifyYouTubeError(res.status, res.headers, body);
      const channel = body?.items?.[0];
      if (!channel) return failedValidation(credentials, 'This Google account has no YouTube channel');
      return {
        ok: true,
        username: channel.snippet?.customUrl ?? channel.snippet?.title ?? channel.id,
        permissions: [UPLOAD_SCOPE],
        message: 'Connection is valid',
        displayName: channel.snippet?.title ?? null,
        profileImageUrl: channel.snippet?.thumbnails?.default?.url ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: 'YouTube', error: err });
    }
  }

  /**
   * Reconciliation: the channel's most recent uploads (search.list forMine, newest first; needs the
   * youtube.readonly scope beside youtube.upload) — a video with this post's title published at or
   * after `since`, whose description starts as the content does (search answers a shortened one).
   */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const res = await platformFetch(`${this.endpoints.youtubeApiUrl}/youtube/v3/search?part=snippet&forMine=true&type=video&order=date&maxResults=25`, {
      headers: { authorization: `Bearer ${credentials.accessToken}` },
      timeoutMs: this.endpoints.requestTimeoutMs,
    });
    const body = await readJson<GoogleErrorBody & { items?: YouTubeSearchItem[] }>(res);
    if (!res.ok) throw classifyYouTubeError(res.status, res.headers, body);
    const { snippet } = youtubeVideoResource(request.content, request.settings);
    const match = (body?.items ?? []).find((item) => {
      const found = item.snippet;
      if (!item.id?.videoId || !found || found.title !== snippet.title) return false;
      if (Date.parse(found.publishedAt ?? '') < since.getTime() - 1000) return false;
      const shortened = (found.description ?? '').replace(/(\.\.\.|…)$/, '');
      return request.content.startsWith(shortened);
    });
    return match ? { postedId: match.id!.videoId!, publishedUrl: `https://www.youtube.com/watch?v=${match.id!.videoId}` } : null;
  }

  /**
   * `DELETE /youtube/v3/videos?id=…` → 204 (50 quota units; the token needs the `youtube` or
   * `youtube.force-ssl` scope, `youtube.upload` alone is refused). A video YouTube no longer has
   * (404 videoNotFound) counts as deleted.
   */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    const res = await platformFetch(`${this.endpoints.youtubeApiUrl}/youtube/v3/videos?id=${encodeURIComponent(target.postedId)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${credentials.accessToken}` },
      timeoutMs: this.endpoints.requestTimeoutMs,
    });
    const body = await readJson<GoogleErrorBody>(res);
    // Google's own 404 (videoNotFound), not any 404: a wrong API address must not pass for a deletion.
    const reason = typeof body?.error === 'object' ? body.error.errors?.[0]?.reason : undefined;
    if (res.ok || (res.status === 404 && (reason === 'videoNotFound' || reason === 'notFound'))) return;
    throw classifyYouTubeError(res.status, res.headers, body);
  }

  readonly metricsBatchSize = YOUTUBE_METRICS_BATCH;

  /** Views, likes, comments (and the legacy favoriteCount) of up to 50 videos in one videos.list call. */
  postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    return youtubePostMetrics(this.endpoints, credentials.accessToken, posts);
  }

  /** The channel's subscribers, videos and total views. */
  accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    return youtubeAccountMetrics(this.endpoints, credentials.accessToken);
  }

  /** Google keeps the refresh token (it returns none): the stored one stays. */
  refresh(credentials: PlatformCredentials): Promise<RefreshedTokens> {
    const refreshToken = credentials.refreshToken;
    const client = this.endpoints.clients.youtube;
    if (!refreshToken || !client) return refreshUnavailable('YouTube refresh needs a refresh token and YOUTUBE_CLIENT_ID/SECRET');
    return watchedRefresh(credentials, () =>
      refreshOAuthToken({
        platform: 'YouTube',
        url: `${this.endpoints.googleOAuthUrl}/token`,
        form: { client_id: client.clientId, client_secret: client.clientSecret, refresh_token: refreshToken },
        previousRefreshToken: refreshToken,
        timeoutMs: this.endpoints.requestTimeoutMs,
      }),
    );
  }
}
