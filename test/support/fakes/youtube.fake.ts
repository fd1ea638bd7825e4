import { FakeOAuth } from './fake-oauth';
import { FakePlatformServer, FakeRequest, FakeResponse, TokenState } from './fake-platform-server';

const QUARTER_MIB = 256 * 1024;

export interface FakeYouTubeUpload {
  uploadId: string;
  metadata: { snippet?: Record<string, unknown>; status?: Record<string, unknown> };
  total: number;
  contentType: string;
  received: number;
  chunks: Array<{ range: string; size: number }>;
  probes: number;
  videoId: string | null;
  completedAt?: Date;
  /** videos.list reads of this video's statistics: its counters grow with them. */
  metricReads?: number;
}

/** videos.list takes at most this many ids. */
export const YOUTUBE_MAX_IDS = 50;

/**
 * YouTube Data API v3 + Google OAuth on one host: resumable upload sessions (308 with `Range`
 * until the last chunk, 256 KiB multiples enforced, `bytes *\/total` probes), channels?mine=true
 * and `/token` for refresh. The rate-limit answer is YouTube's 403 quotaExceeded.
 */
export class FakeYouTubeServer extends FakePlatformServer {
  readonly channel = {
    id: 'UC_fake_channel',
    snippet: { title: 'Alice Tube', customUrl: '@alicetube', thumbnails: { default: { url: 'https://yt3.example/a.jpg' } } },
  };
  readonly uploads = new Map<string, FakeYouTubeUpload>();
  readonly refreshTokens = new Map<string, TokenState>();
  /** Video ids of every `DELETE /youtube/v3/videos` answered (deleted or not found), in order; refused ones are only in `calls('DELETE')`. */
  readonly deletes: string[] = [];
  clientId = 'yt-client';
  clientSecret = 'yt-secret';

  constructor() {
    super();
    this.route('POST', '/upload/youtube/v3/videos', (req) => this.startSession(req));
    this.route('PUT', '/upload/youtube/v3/videos', (req) => this.putChunk(req));
    this.route('GET', '/youtube/v3/channels', (req) =>
      req.query.get('mine') === 'true'
        ? { status: 200, body: { kind: 'youtube#channelListResponse', items: this.channelItems(req) } }
        : { status: 400, body: googleError(400, 'missing filter', 'missingRequiredParameter') },
    );
    this.route('GET', '/youtube/v3/videos', (req) => this.listVideos(req));
    this.route('GET', '/youtube/v3/search', (req) => this.searchMine(req));
    this.route('DELETE', '/youtube/v3/videos', (req) => this.deleteVideo(req));
    this.route('POST', '/youtube/v3/commentThreads', (req) => this.insertCommentThread(req));
    this.route('POST', '/token', (req) => this.oauth.exchange(req) ?? this.token(req));
    this.oauth.revokeRoute('/revoke');
  }

  /** Top-level comments created with commentThreads.insert, in order. */
  readonly comments: Array<{ id: string; videoId: string; channelId: string; text: string }> = [];

  /**
   * commentThreads.insert (`part=snippet`): `snippet.videoId` of a video this fake has,
   * `snippet.channelId`, `snippet.topLevelComment.snippet.textOriginal` → the thread resource.
   */
  private insertCommentThread(req: FakeRequest): FakeResponse {
    if (req.query.get('part') !== 'snippet') return { status: 400, body: googleError(400, "'part' must be snippet", 'invalidPart') };
    const snippet = (req.body as { snippet?: { videoId?: string; channelId?: string; topLevelComment?: { snippet?: { textOriginal?: string } } } })?.snippet;
    const text = snippet?.topLevelComment?.snippet?.textOriginal;
    if (!snippet?.channelId) return { status: 400, body: googleError(400, 'No channel id given', 'channelIdRequired') };
    if (!text) return { status: 400, body: googleError(400, 'The comment text is empty', 'commentTextRequired') };
    if (!this.videos.some((v) => v.videoId === snippet.videoId))
      return { status: 404, body: googleError(404, 'The video identified by the videoId parameter could not be found.', 'videoNotFound') };
    const id = `Ugz${this.nextId()}`;
    this.comments.push({ id, videoId: snippet.videoId!, channelId: snippet.channelId, text });
    const comment = {
      kind: 'youtube#comment',
      id,
      snippet: { videoId: snippet.videoId, textOriginal: text, textDisplay: text, authorChannelId: { value: snippet.channelId } },
    };
    return {
      status: 200,
      body: {
        kind: 'youtube#commentThread',
        id,
        snippet: { channelId: snippet.channelId, videoId: snippet.videoId, topLevelComment: comment, canReply: true, totalReplyCount: 0, isPublic: true },
      },
    };
  }

  /** More channels of the same Google account (Brand Accounts): the person must choose. */
  extraChannels: Array<typeof this.channel> = [];
  /** Google OAuth: secret in the body, PKCE S256 when a challenge was sent, offline refresh token. */
  readonly oauth = new FakeOAuth(this, {
    clientId: 'yt-client',
    clientSecret: 'yt-secret',
    clientAuth: 'body',
    requirePkce: false,
    authorizePath: '/o/oauth2/v2/auth',
    issue: (grant) => {
      const access = this.nextId('ya29.');
      const refresh = this.nextId('1//');
      this.setToken(access);
      this.refreshTokens.set(refresh, 'valid');
      return { access_token: access, expires_in: 3599, refresh_token: refresh, scope: grant.scope, token_type: 'Bearer' };
    },
  });

  get videos(): FakeYouTubeUpload[] {
    return [...this.uploads.values()].filter((u) => u.videoId);
  }

  /** Videos whose owner turned comments off (no `commentCount`) or hid likes (no `likeCount`). */
  readonly commentsOff = new Set<string>();
  readonly likesHidden = new Set<string>();
  /** The channel's subscribers before reads (each statistics read adds one); hidden: `hiddenSubscriberCount`. */
  subscribers = 4100;
  hideSubscribers = false;
  private channelReads = 0;

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
    this.commentsOff.clear();
    this.likesHidden.clear();
    this.subscribers = 4100;
    this.hideSubscribers = false;
    this.channelReads = 0;
  }

  /** A video's counters as of now: they grow with its age (seconds) and with every read, so two reads differ. */
  videoCounters(video: FakeYouTubeUpload): { views: number; likes: number; comments: number } {
    const age = Math.floor((Date.now() - (video.completedAt?.getTime() ?? Date.now())) / 1000);
    const reads = video.metricReads ?? 0;
    return { views: 30 + 12 * reads + 4 * age, likes: 4 + 2 * reads + age, comments: 1 + reads };
  }

  /** videos.list part=statistics with `id=a,b,…` (at most 50): the ids it has, statistics as strings; unknown ids are left out. */
  private listVideos(req: FakeRequest): FakeResponse {
    const parts = (req.query.get('part') ?? '').split(',');
    const ids = (req.query.get('id') ?? '').split(',').filter(Boolean);
    if (!parts.includes('statistics')) return { status: 400, body: googleError(400, "'part' must include statistics in this fake", 'invalidPart') };
    if (ids.length === 0)
      return { status: 400, body: googleError(400, 'No filter selected. Expected one of: id, myRating, chart', 'missingRequiredParameter') };
    if (ids.length > YOUTUBE_MAX_IDS) return { status: 400, body: googleError(400, 'The request specifies an invalid filter parameter.', 'invalidFilters') };
    const items = ids.flatMap((id) => {
      const video = this.videos.find((v) => v.videoId === id);
      if (!video) return [];
      video.metricReads = (video.metricReads ?? 0) + 1;
      const c = this.videoCounters(video);
      const statistics: Record<string, string> = { viewCount: String(c.views), favoriteCount: '0' };
      if (!this.likesHidden.has(id)) statistics.likeCount = String(c.likes);
      if (!this.commentsOff.has(id)) statistics.commentCount = String(c.comments);
      return [{ kind: 'youtube#video', etag: `etag-${id}`, id, statistics }];
    });
    return { status: 200, body: { kind: 'youtube#videoListResponse', items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } } };
  }

  /** channels?mine=true, with `statistics` when the part asks for it. */
  private channelItems(req: FakeRequest): Array<Record<string, unknown>> {
    const channels = [this.channel, ...this.extraChannels];
    if (!(req.query.get('part') ?? '').split(',').includes('statistics')) return channels;
    this.channelReads += 1;
    const views = this.videos.reduce((sum, v) => sum + this.videoCounters(v).views, 0);
    const statistics = {
      viewCount: String(views),
      ...(this.hideSubscribers ? {} : { subscriberCount: String(this.subscribers + this.channelReads) }),
      hiddenSubscriberCount: this.hideSubscribers,
      videoCount: String(this.videos.length),
    };
    return channels.map((c, i) => (i === 0 ? { ...c, statistics } : c));
  }

  /**
   * Answers the next request whose `METHOD path` matches with this Google error instead (once,
   * after the token check), e.g. 403 insufficientPermissions for a token with only youtube.upload.
   */
  refuse(match: string | RegExp, status: number, reason: string, message = reason): void {
    this.inject({ kind: 'respond', match, response: { status, body: googleError(status, message, reason) } });
  }

  protected override isPublic(req: FakeRequest): boolean {
    // The session URL's upload_id is its own credential; /token authenticates the client.
    return (req.method === 'PUT' && req.query.has('upload_id')) || req.path === '/token';
  }

  protected authError(_req: FakeRequest, _state: TokenState | 'missing'): FakeResponse {
    return {
      status: 401,
      body: googleError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token.', 'authError', 'UNAUTHENTICATED'),
    };
  }

  protected rateLimitError(_req: FakeRequest, _retryAfterSeconds: number): FakeResponse {
    return {
      status: 403,
      body: googleError(
        403,
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        'quotaExceeded',
      ),
    };
  }

  protected override serverError(_req: FakeRequest): FakeResponse {
    return { status: 503, body: googleError(503, 'Backend Error', 'backendError', 'UNAVAILABLE') };
  }

  private startSession(req: FakeRequest): FakeResponse {
    if (req.query.get('uploadType') !== 'resumable') return { status: 400, body: googleError(400, 'uploadType must be resumable', 'invalid') };
    const total = Number(req.headers['x-upload-content-length']);
    const contentType = String(req.headers['x-upload-content-type'] ?? '');
    const metadata = (req.body ?? {}) as FakeYouTubeUpload['metadata'];
    if (!metadata.snippet?.title)
      return { status: 400, body: googleError(400, 'The request metadata specifies an invalid or empty video title.', 'invalidTitle') };
    if (contentType && !contentType.startsWith('video/')) {
      return {
        status: 400,
        body: googleError(400, `Media type '${contentType}' is not supported. Valid media types: [video/*, application/octet-stream]`, 'badContent'),
      };
    }
    if (!Number.isFinite(total) || total <= 0 || !contentType) {
      return { status: 400, body: googleError(400, 'X-Upload-Content-Length and X-Upload-Content-Type are required', 'invalid') };
    }
    const uploadId = this.nextId('up');
    this.uploads.set(uploadId, { uploadId, metadata, total, contentType, received: 0, chunks: [], probes: 0, videoId: null });
    return { status: 200, headers: { location: `${this.baseUrl}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${uploadId}` } };
  }

  private putChunk(req: FakeRequest): FakeResponse {
    const up = this.uploads.get(req.query.get('upload_id') ?? '');
    if (!up) return { status: 404, body: googleError(404, 'Upload session not found', 'notFound') };
    const range = String(req.headers['content-range'] ?? '');
    if (range === `bytes */${up.total}`) {
      up.probes += 1;
      return this.progress(up);
    }
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!m) return { status: 400, body: googleError(400, 'Invalid Content-Range', 'invalid') };
    const [start, end] = [Number(m[1]), Number(m[2])];
    const isFinal = end + 1 === up.total;
    if (up.videoId) return this.progress(up); // already complete (a late duplicate of the final chunk)
    if (start !== up.received || end - start + 1 !== req.raw.length) return { status: 400, body: googleError(400, `Unexpected range ${range}`, 'invalid') };
    if (!isFinal && req.raw.length % QUARTER_MIB !== 0) return { status: 400, body: googleError(400, 'Chunk size must be a multiple of 256 KiB', 'invalid') };
    up.received = end + 1;
    up.chunks.push({ range, size: req.raw.length });
    if (isFinal) {
      up.videoId = `vid${this.nextId()}`.slice(0, 11);
      up.completedAt = new Date();
    }
    return this.progress(up);
  }

  /** videos.delete (`?id=`) → 204; the video leaves the store. */
  private deleteVideo(req: FakeRequest): FakeResponse {
    const id = req.query.get('id');
    if (!id) return { status: 400, body: googleError(400, 'No filter selected. Expected one of: id', 'missingRequiredParameter') };
    this.deletes.push(id);
    const upload = [...this.uploads.values()].find((u) => u.videoId === id);
    if (!upload) return { status: 404, body: googleError(404, 'The video identified by the <code>id</code> parameter could not be found.', 'videoNotFound') };
    this.uploads.delete(upload.uploadId);
    return { status: 204 };
  }

  /** search.list forMine=true&type=video: the channel's uploads, newest first, descriptions shortened as YouTube does. */
  private searchMine(req: FakeRequest): FakeResponse {
    if (req.query.get('forMine') !== 'true' || req.query.get('type') !== 'video') {
      return { status: 400, body: googleError(400, 'forMine requires type=video', 'invalidSearchFilter') };
    }
    const max = Math.min(50, Number(req.query.get('maxResults') ?? 5));
    const items = this.videos
      .slice()
      .sort((a, b) => b.completedAt!.getTime() - a.completedAt!.getTime())
      .slice(0, max)
      .map((v) => {
        const description = String(v.metadata.snippet?.description ?? '');
        return {
          kind: 'youtube#searchResult',
          id: { kind: 'youtube#video', videoId: v.videoId },
          snippet: {
            publishedAt: v.completedAt!.toISOString(),
            channelId: this.channel.id,
            title: v.metadata.snippet?.title,
            description: description.length > 160 ? `${description.slice(0, 157)}...` : description,
          },
        };
      });
    return { status: 200, body: { kind: 'youtube#searchListResponse', items } };
  }

  private progress(up: FakeYouTubeUpload): FakeResponse {
    if (up.videoId) {
      return {
        status: 200,
        body: { kind: 'youtube#video', id: up.videoId, snippet: up.metadata.snippet, status: { uploadStatus: 'uploaded', ...up.metadata.status } },
      };
    }
    return { status: 308, headers: up.received > 0 ? { range: `bytes=0-${up.received - 1}` } : {} };
  }

  private token(req: FakeRequest): FakeResponse {
    const form = req.body as Record<string, string>;
    if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
    }
    if (form.grant_type !== 'refresh_token' || this.refreshTokens.get(form.refresh_token) !== 'valid') {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
    }
    const access = this.nextId('ya29.');
    this.setToken(access);
    // Google keeps the refresh token: none in the answer.
    return { status: 200, body: { access_token: access, expires_in: 3599, scope: 'https://www.googleapis.com/auth/youtube.upload', token_type: 'Bearer' } };
  }
}

function googleError(code: number, message: string, reason: string, status?: string) {
  return {
    error: { code, message, errors: [{ message, domain: reason === 'quotaExceeded' ? 'youtube.quota' : 'global', reason }], ...(status ? { status } : {}) },
  };
}
