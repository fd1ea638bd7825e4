import {
  MediaItem,
  MetricValues,
  PlatformAdapter,
  PlatformCredentials,
  PlatformError,
  PostMetricsAnswer,
  PostMetricsRequest,
  PublishRequest,
  PublishResult,
  RefreshedTokens,
  ValidationResult,
} from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { PLATFORM_CONTENT_RULES } from '@app/rules';
import { platformFetch, readJson } from '../platform-http';
import {
  beforeCreate,
  failedValidation,
  pollTiming,
  pollUntil,
  readChunks,
  refreshOAuthToken,
  AdapterBase,
  type ContentRequest,
  refreshUnavailable,
  watchedRefresh,
} from '../adapter-kit';
import { classifyTikTokError, TikTokEnvelope, tiktokFailReasonCategory } from './tiktok.errors';
import { TikTokCreatorInfo, tiktokPostInfo } from './tiktok.post-info';
import { DEFAULT_TIKTOK_CHUNK, planTikTokChunks } from './tiktok.upload-plan';
import { PlatformJsonClient } from '../platform-json-client';
import {
  TIKTOK_METRICS_BATCH,
  USER_STATS_FIELDS,
  USER_STATS_SCOPE,
  VIDEO_FIELDS,
  VIDEO_LIST_SCOPE,
  isTikTokVideoId,
  tiktokCounters,
  withTikTokScope,
} from './tiktok.metrics';

const MIN_FPS = 23;
/** What publishing needs; TikTok's user/info does not list a token's scopes. */
const NEEDED_SCOPES = ['user.info.basic', 'video.publish'];

interface PublishStatus {
  status: string;
  fail_reason?: string;
  publicaly_available_post_id?: Array<string | number>; // sic: TikTok's spelling
}

/**
 * TikTok Content Posting API, direct post of one MP4 video: creator_info/query (privacy options,
 * limits) → video/init with FILE_UPLOAD → PUT the bytes in Content-Range chunks → poll
 * status/fetch until PUBLISH_COMPLETE. The last chunk is what triggers publishing, so only that
 * step (and waiting afterwards) can leave the outcome unknown.
 */
export class TikTokAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'tiktok' as const;
  readonly rules = PLATFORM_CONTENT_RULES.tiktok;

  /** `chunkBytes` overrides the preferred upload chunk size (tests); TikTok's 5–64 MB rule still applies. */
  constructor(
    endpoints: PlatformEndpoints,
    private readonly options: { chunkBytes?: number } = {},
  ) {
    super(endpoints);
  }

  protected override ownContentRules({ media }: ContentRequest): string | null {
    // The shared rules have made sure there is exactly one video.
    const video = media[0];
    if (video.frameRate !== undefined && video.frameRate < MIN_FPS) {
      return `TikTok requires at least ${MIN_FPS} FPS video (this one is ${video.frameRate} FPS)`;
    }
    if (video.durationSeconds !== undefined && video.durationSeconds < 3) return 'TikTok videos must be at least 3 seconds long';
    if (video.durationSeconds !== undefined && video.durationSeconds > 600) return 'TikTok videos must be at most 10 minutes long';
    return null;
  }

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const video = request.media.find((m) => m.kind === 'video');
    if (!video) throw new PlatformError('INVALID_CONTENT', 'TikTok posts require a video', { retryable: false });

    const { publishId, uploadUrl, creator } = await beforeCreate(async () => {
      const creator = await this.api<TikTokCreatorInfo>(credentials, 'POST', '/v2/post/publish/creator_info/query/', {});
      const max = creator.max_video_post_duration_sec;
      if (max && video.durationSeconds && video.durationSeconds > max) {
        throw new PlatformError(
          'INVALID_CONTENT',
          `TikTok allows this account videos up to ${max} seconds (this one is ${Math.round(video.durationSeconds)})`,
          {
            retryable: false,
            category: 'media_rejected',
          },
        );
      }
      const plan = planTikTokChunks(video.size, this.options.chunkBytes ?? DEFAULT_TIKTOK_CHUNK);
      const init = await this.api<{ publish_id: string; upload_url: string }>(credentials, 'POST', '/v2/post/publish/video/init/', {
        post_info: tiktokPostInfo(request.content, request.settings, creator),
        source_info: { source: 'FILE_UPLOAD', video_size: video.size, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount },
      });
      return { publishId: init.publish_id, uploadUrl: init.upload_url, creator };
    });

    await this.uploadChunks(uploadUrl, video);

    // From here the video is in TikTok's hands: a failure to learn the result is "outcome unknown".
    const status = await pollUntil<PublishStatus>(
      async () => {
        const s = await this.api<PublishStatus>(credentials, 'POST', '/v2/post/publish/status/fetch/', { publish_id: publishId }).catch((err) => {
          throw err instanceof PlatformError ? new PlatformError(err.code, err.message, { ...err.options, outcomeUnknown: true }) : err;
        });
        if (s.status === 'FAILED') {
          const category = tiktokFailReasonCategory(s.fail_reason);
          throw new PlatformError('INVALID_CONTENT', `TikTok could not publish the video: ${s.fail_reason ?? 'unknown reason'}`, {
            retryable: false,
            platformError: s.fail_reason ?? null,
            ...(category ? { category } : {}),
          });
        }
        return s.status === 'PUBLISH_COMPLETE' ? { done: true, value: s } : { done: false };
      },
      { ...pollTiming(this.endpoints), what: 'TikTok publishing', outcomeUnknown: true },
    );
    const profile = `https://www.tiktok.com/@${creator.creator_username ?? credentials.username ?? ''}`;
    const postId = status.publicaly_available_post_id?.[0];
    // Private posts (and unaudited apps) get no public id: keep the publish id and link the profile.
    return postId !== undefined ? { postedId: String(postId), publishedUrl: `${profile}/video/${postId}` } : { postedId: publishId, publishedUrl: profile };
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      const { user } = await this.api<{ user: { open_id: string; display_name?: string; username?: string; avatar_url?: string } }>(
        credentials,
        'GET',
        '/v2/user/info/?fields=open_id,display_name,username,avatar_url',
      );
      return {
        ok: true,
        username: user.username ?? user.display_name ?? credentials.username ?? user.open_id,
        permissions: NEEDED_SCOPES,
        message: 'Connection is valid',
        displayName: user.display_name ?? null,
        profileImageUrl: user.avatar_url ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: 'TikTok', error: err });
    }
  }

  readonly metricsBatchSize = TIKTOK_METRICS_BATCH;

  /**
   * `POST /v2/video/query/` with up to 20 of the creator's video ids, one call per 20. A video the
   * answer leaves out is gone (deleted, or taken down); a post published privately has no public
   * id to ask for and is missing without a call.
   */
  async postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
    const ids: string[] = [];
    for (const { postedId } of posts) {
      if (isTikTokVideoId(postedId)) ids.push(postedId);
      else answer.missing.set(postedId, 'TikTok gave this post no public video id (private, or not yet approved)');
    }
    for (let i = 0; i < ids.length; i += TIKTOK_METRICS_BATCH) {
      const batch = ids.slice(i, i + TIKTOK_METRICS_BATCH);
      const data = await this.api<{ videos?: Array<Record<string, unknown>> }>(credentials, 'POST', `/v2/video/query/?fields=${VIDEO_FIELDS.join(',')}`, {
        filters: { video_ids: batch },
      }).catch((err: unknown) => {
        throw withTikTokScope(err, VIDEO_LIST_SCOPE, 'video metrics');
      });
      const found = new Map((data.videos ?? []).map((video) => [String(video.id), video]));
      for (const id of batch) {
        const video = found.get(id);
        if (video) answer.metrics.set(id, tiktokCounters(video, 'video'));
        else answer.missing.set(id, 'TikTok no longer has this video');
      }
    }
    return answer;
  }

  /** user/info's stats fields (user.info.stats): followers, following, videos as posts, and `likes_count` (likes received). */
  async accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    const { user } = await this.api<{ user?: Record<string, unknown> }>(credentials, 'GET', `/v2/user/info/?fields=${USER_STATS_FIELDS.join(',')}`).catch(
      (err: unknown) => {
        throw withTikTokScope(err, USER_STATS_SCOPE, 'account metrics');
      },
    );
    return tiktokCounters(user ?? {}, 'user');
  }

  /** TikTok may rotate the refresh token on every refresh: the newest one is returned. */
  refresh(credentials: PlatformCredentials): Promise<RefreshedTokens> {
    const refreshToken = credentials.refreshToken;
    const client = this.endpoints.clients.tiktok;
    if (!refreshToken || !client) return refreshUnavailable('TikTok refresh needs a refresh token and TIKTOK_CLIENT_ID/SECRET');
    return watchedRefresh(credentials, () =>
      refreshOAuthToken({
        platform: 'TikTok',
        url: `${this.endpoints.tiktokApiUrl}/v2/oauth/token/`,
        form: { client_key: client.clientId, client_secret: client.clientSecret, refresh_token: refreshToken },
        previousRefreshToken: refreshToken,
        timeoutMs: this.endpoints.requestTimeoutMs,
      }),
    );
  }

  /** PUT each chunk with its Content-Range; the last one completes the upload and starts publishing. */
  private async uploadChunks(uploadUrl: string, video: MediaItem): Promise<void> {
    const plan = planTikTokChunks(video.size, this.options.chunkBytes ?? DEFAULT_TIKTOK_CHUNK);
    let index = 0;
    for await (const { offset, bytes } of readChunks(video, plan.sizeOf)) {
      const last = index === plan.totalChunkCount - 1;
      const put = async () => {
        const res = await platformFetch(uploadUrl, {
          method: 'PUT',
          headers: {
            'content-type': video.mimeType,
            'content-length': String(bytes.length),
            'content-range': `bytes ${offset}-${offset + bytes.length - 1}/${video.size}`,
          },
          body: bytes,
          timeoutMs: this.endpoints.requestTimeoutMs,
        });
        if (!res.ok) throw classifyTikTokError(res.status, res.headers, await readJson<TikTokEnvelope<unknown>>(res));
      };
      await (last ? put() : beforeCreate(put));
      index += 1;
    }
  }

  private async api<T>(credentials: PlatformCredentials, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    // TikTok answers every call in an envelope whose `error.code` is 'ok' on success.
    const client = new PlatformJsonClient({
      headers: { authorization: `Bearer ${credentials.accessToken}` },
      timeoutMs: this.endpoints.requestTimeoutMs,
      classify: (a) => classifyTikTokError(a.status, a.headers, a.body as TikTokEnvelope<unknown> | null),
      isError: (a) => {
        const envelope = a.body as TikTokEnvelope<unknown> | null;
        return (!!envelope?.error?.code && envelope.error.code !== 'ok') || envelope?.data === undefined;
      },
    });
    const { body: envelope } = await client.request<TikTokEnvelope<T>>(`${this.endpoints.tiktokApiUrl}${path}`, {
      method,
      ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json; charset=UTF-8' } } : {}),
    });
    return envelope.data as T;
  }
}
