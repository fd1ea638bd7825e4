import { FakeOAuth } from './fake-oauth';
import { FakePlatformServer, FakeRequest, FakeResponse, TokenState } from './fake-platform-server';

const MIB = 1024 * 1024;

export interface FakeTikTokPublish {
  publishId: string;
  postInfo: Record<string, unknown>;
  sourceInfo: { source: string; video_size: number; chunk_size: number; total_chunk_count: number };
  received: number;
  chunks: Array<{ range: string; size: number }>;
  polls: number;
  postId: string | null;
  completedAt?: Date;
  /** video/query reads of this video: its counters grow with them. */
  metricReads?: number;
}

/** video/query takes at most this many ids. */
export const TIKTOK_MAX_VIDEO_IDS = 20;
const VIDEO_FIELDS = ['id', 'create_time', 'share_url', 'title', 'duration', 'view_count', 'like_count', 'comment_count', 'share_count'];
const USER_STATS_FIELDS = ['follower_count', 'following_count', 'likes_count', 'video_count'];

/**
 * TikTok Content Posting API: creator_info, video/init (FILE_UPLOAD with the chunk rules
 * enforced), the upload URL taking Content-Range PUTs, status/fetch going PROCESSING_UPLOAD →
 * PUBLISH_COMPLETE after `processingPolls`, user/info and the OAuth token endpoint.
 */
export class FakeTikTokServer extends FakePlatformServer {
  readonly creator = {
    creator_avatar_url: 'https://p16.tiktokcdn.example/avatar.jpg',
    creator_username: 'alice.tt',
    creator_nickname: 'Alice',
    privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: 600,
  };
  /** The signed-in creator as user/info answers it (tests rename it to see a reconnect update the profile). */
  readonly user = { open_id: 'open-123', display_name: 'Alice', username: 'alice.tt' };
  readonly publishes = new Map<string, FakeTikTokPublish>();
  /** Valid refresh tokens and which access/refresh pair each produced. */
  readonly refreshTokens = new Map<string, TokenState>();
  /** When false, a refresh answers without a refresh token and the one presented stays valid (a server that does not rotate them). */
  rotateRefreshTokens = true;
  /** When set, the next completed publish ends FAILED with this reason. */
  failNextPublish: string | null = null;
  /** An app TikTok has not audited: video/init refuses any privacy level but SELF_ONLY. */
  unaudited = false;
  clientKey = 'tt-client';
  clientSecret = 'tt-secret';

  constructor() {
    super();
    this.route('POST', '/v2/post/publish/creator_info/query/', () => ok(this.creator));
    this.route('POST', '/v2/post/publish/video/init/', (req) => this.init(req));
    this.route('PUT', '/upload/:publishId', (req) => this.upload(req));
    this.route('POST', '/v2/post/publish/status/fetch/', (req) => this.status(req));
    this.route('GET', '/v2/user/info/', (req) => ok({ user: { ...this.user, avatar_url: this.creator.creator_avatar_url, ...this.userStats(req) } }));
    this.route('POST', '/v2/video/query/', (req) => this.queryVideos(req));
    this.route('POST', '/v2/oauth/token/', (req) => this.oauth.exchange(req) ?? this.token(req));
    this.oauth.revokeRoute('/v2/oauth/revoke/');
  }

  /** Login Kit: `client_key`, secret in the body; tokens carry `open_id`. */
  readonly oauth = new FakeOAuth(this, {
    clientId: 'tt-client',
    clientSecret: 'tt-secret',
    clientIdParam: 'client_key',
    clientAuth: 'body',
    requirePkce: false,
    authorizePath: '/v2/auth/authorize/',
    issue: (grant) => {
      const access = this.nextId('act.');
      const refresh = this.nextId('rft.');
      this.setToken(access);
      this.refreshTokens.set(refresh, 'valid');
      return {
        open_id: 'open-123',
        scope: grant.scope,
        access_token: access,
        expires_in: 86400,
        refresh_token: refresh,
        refresh_expires_in: 31536000,
        token_type: 'Bearer',
      };
    },
  });

  get posts(): FakeTikTokPublish[] {
    return [...this.publishes.values()].filter((p) => p.postId !== null);
  }

  protected override isPublic(req: FakeRequest): boolean {
    return req.path.startsWith('/upload/') || req.path === '/v2/oauth/token/';
  }

  /** The creator's counters before reads (each stats read adds a follower). */
  stats = { followers: 2500, following: 75 };
  private statsReads = 0;

  override reset(): void {
    super.reset();
    this.failNextPublish = null;
    this.unaudited = false;
    this.stats = { followers: 2500, following: 75 };
    this.statsReads = 0;
  }

  /** A video's counters as of now: they grow with its age (seconds) and with every read, so two reads differ. */
  videoCounters(pub: FakeTikTokPublish): { view_count: number; like_count: number; comment_count: number; share_count: number } {
    const age = Math.floor((Date.now() - (pub.completedAt?.getTime() ?? Date.now())) / 1000);
    const reads = pub.metricReads ?? 0;
    return { view_count: 500 + 40 * reads + 9 * age, like_count: 20 + 4 * reads + 2 * age, comment_count: 3 + reads, share_count: 1 + reads };
  }

  /**
   * `POST /v2/video/query/?fields=…` with `{filters:{video_ids}}` (1 to 20 of the creator's own
   * videos): the videos it has, with the fields asked for; ids it does not have are left out.
   */
  private queryVideos(req: FakeRequest): FakeResponse {
    const fields = (req.query.get('fields') ?? '').split(',').filter(Boolean);
    const unknown = fields.find((f) => !VIDEO_FIELDS.includes(f));
    if (!fields.length || unknown) return invalid(`Invalid fields: ${unknown ?? '(none)'}`);
    const ids = (req.body as { filters?: { video_ids?: unknown } } | undefined)?.filters?.video_ids;
    if (!Array.isArray(ids) || ids.length === 0) return invalid('filters.video_ids is required');
    if (ids.length > TIKTOK_MAX_VIDEO_IDS) return invalid(`The number of video_ids exceeds the limit of ${TIKTOK_MAX_VIDEO_IDS}`);
    const videos = ids.flatMap((id) => {
      const pub = this.posts.find((p) => p.postId === String(id));
      if (!pub) return [];
      pub.metricReads = (pub.metricReads ?? 0) + 1;
      const all: Record<string, unknown> = {
        id: pub.postId,
        create_time: Math.floor((pub.completedAt?.getTime() ?? Date.now()) / 1000),
        share_url: `https://www.tiktok.com/@${this.user.username}/video/${pub.postId}`,
        title: String(pub.postInfo.title ?? ''),
        duration: 12,
        ...this.videoCounters(pub),
      };
      return [Object.fromEntries(fields.map((f) => [f, all[f]]))];
    });
    return ok({ videos, cursor: 0, has_more: false });
  }

  /** The stats fields of user/info, when asked for. */
  private userStats(req: FakeRequest): Record<string, number> {
    const asked = (req.query.get('fields') ?? '').split(',').filter((f) => USER_STATS_FIELDS.includes(f));
    if (!asked.length) return {};
    this.statsReads += 1;
    const all: Record<string, number> = {
      follower_count: this.stats.followers + this.statsReads,
      following_count: this.stats.following,
      likes_count: this.posts.reduce((sum, p) => sum + this.videoCounters(p).like_count, 0),
      video_count: this.posts.length,
    };
    return Object.fromEntries(asked.map((f) => [f, all[f]]));
  }

  /**
   * Answers the next request whose `METHOD path` matches with this TikTok error envelope instead
   * (once, after the token check), e.g. 401 scope_not_authorized.
   */
  refuse(match: string | RegExp, status: number, code: string, message = code): void {
    this.inject({ kind: 'respond', match, response: { status, body: { data: {}, error: { code, message, log_id: this.nextId('log') } } } });
  }

  protected authError(_req: FakeRequest, _state: TokenState | 'missing'): FakeResponse {
    return {
      status: 401,
      body: {
        data: {},
        error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: this.nextId('log') },
      },
    };
  }

  protected rateLimitError(_req: FakeRequest, _retryAfterSeconds: number): FakeResponse {
    return {
      status: 429,
      body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'API rate limit was exceeded. Please try again later.', log_id: this.nextId('log') } },
    };
  }

  protected override serverError(_req: FakeRequest): FakeResponse {
    return { status: 500, body: { data: {}, error: { code: 'internal_error', message: 'Something went wrong.', log_id: this.nextId('log') } } };
  }

  private init(req: FakeRequest): FakeResponse {
    const body = req.body as { post_info?: Record<string, unknown>; source_info?: FakeTikTokPublish['sourceInfo'] };
    const src = body.source_info;
    const post = body.post_info ?? {};
    if (!src || src.source !== 'FILE_UPLOAD') return invalid('source_info.source must be FILE_UPLOAD');
    if (!this.creator.privacy_level_options.includes(String(post.privacy_level))) return invalid('privacy_level is not in privacy_level_options');
    if (this.unaudited && post.privacy_level !== 'SELF_ONLY') {
      return {
        status: 403,
        body: {
          data: {},
          error: {
            code: 'unaudited_client_can_only_post_to_private_accounts',
            message: 'Unaudited clients can only post to a private account.',
            log_id: this.nextId('log'),
          },
        },
      };
    }
    const { video_size: size, chunk_size: chunk, total_chunk_count: count } = src;
    if (size < 5 * MIB) {
      if (chunk !== size || count !== 1) return invalid('Videos under 5 MB must be uploaded as a single chunk');
    } else if (chunk < 5 * MIB || chunk > 64 * MIB || count !== Math.floor(size / chunk) || size - chunk * (count - 1) > 128 * MIB) {
      return invalid('chunk_size must be 5-64 MB and total_chunk_count must be floor(video_size / chunk_size)');
    }
    const publishId = this.nextId('v_pub_file~v2-1.');
    this.publishes.set(publishId, { publishId, postInfo: post, sourceInfo: src, received: 0, chunks: [], polls: 0, postId: null });
    return ok({ publish_id: publishId, upload_url: `${this.baseUrl}/upload/${encodeURIComponent(publishId)}` });
  }

  private upload(req: FakeRequest): FakeResponse {
    const pub = this.publishes.get(req.params.publishId);
    if (!pub) return { status: 404, body: { error: { code: 'not_found', message: 'upload not found' } } };
    const range = String(req.headers['content-range'] ?? '');
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!m) return { status: 400, body: { error: { code: 'invalid_params', message: 'Content-Range header is required' } } };
    const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (start !== pub.received || end - start + 1 !== req.raw.length || total !== pub.sourceInfo.video_size) {
      return { status: 416, body: { error: { code: 'invalid_params', message: `unexpected range ${range} (have ${pub.received})` } } };
    }
    pub.received = end + 1;
    pub.chunks.push({ range, size: req.raw.length });
    return { status: pub.received === total ? 201 : 206 };
  }

  private status(req: FakeRequest): FakeResponse {
    const pub = this.publishes.get(String((req.body as { publish_id?: string }).publish_id));
    if (!pub) return invalid('publish_id not found');
    if (pub.received < pub.sourceInfo.video_size) return ok({ status: 'PROCESSING_UPLOAD', uploaded_bytes: pub.received });
    pub.polls += 1;
    if (pub.polls < this.processingPolls) return ok({ status: 'PROCESSING_UPLOAD', uploaded_bytes: pub.received });
    if (this.failNextPublish) {
      const reason = this.failNextPublish;
      this.failNextPublish = null;
      return ok({ status: 'FAILED', fail_reason: reason });
    }
    // BigInt: TikTok's ids are past a double's precision, and each video needs its own.
    pub.postId ??= String(7_300_000_000_000_000_000n + BigInt(this.publishes.size));
    pub.completedAt ??= new Date();
    const isPublic = pub.postInfo.privacy_level !== 'SELF_ONLY';
    return ok({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: isPublic ? [pub.postId] : [], uploaded_bytes: pub.received });
  }

  private token(req: FakeRequest): FakeResponse {
    const form = req.body as Record<string, string>;
    if (form.client_key !== this.clientKey || form.client_secret !== this.clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: this.nextId('log') } };
    }
    if (form.grant_type !== 'refresh_token' || this.refreshTokens.get(form.refresh_token) !== 'valid') {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token is invalid or expired.', log_id: this.nextId('log') } };
    }
    const access = this.nextId('act.');
    const refresh = this.rotateRefreshTokens ? this.nextId('rft.') : null;
    this.setToken(access);
    if (refresh) {
      this.refreshTokens.set(form.refresh_token, 'revoked');
      this.refreshTokens.set(refresh, 'valid');
    }
    return {
      status: 200,
      body: {
        access_token: access,
        expires_in: 86400,
        open_id: 'open-123',
        refresh_expires_in: 31536000,
        ...(refresh ? { refresh_token: refresh } : {}),
        scope: 'user.info.basic,video.publish',
        token_type: 'Bearer',
      },
    };
  }
}

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { data, error: { code: 'ok', message: '', log_id: 'log-ok' } } });
const invalid = (message: string): FakeResponse => ({ status: 400, body: { data: {}, error: { code: 'invalid_params', message, log_id: 'log-bad' } } });
