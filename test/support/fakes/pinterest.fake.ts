import { FakeOAuth } from './fake-oauth';
import { FakePlatformServer, FakeRequest, FakeResponse, TokenState } from './fake-platform-server';
import { multipartFields, parseMultipart } from './multipart';

export interface FakePin {
  id: string;
  board_id: string;
  description: string;
  title?: string;
  link?: string;
  alt_text?: string;
  media_source: Record<string, any>;
  created_at: string;
}

interface FakePinterestMedia {
  media_id: string;
  uploaded: { fields: Record<string, string | string[]>; size: number; contentType?: string } | null;
  polls: number;
}

/** Pinterest keeps lifetime counters only for image pins created from this day on (video pins always have them). */
const LIFETIME_COUNTERS_SINCE = Date.parse('2023-03-20T00:00:00Z');

/**
 * Pinterest API v5: boards, pins (image_url, multiple_image_urls 2–5, video_id), the video media
 * flow (register → multipart POST to upload_url with upload_parameters → registered/processing/
 * succeeded after `processingPolls`), user_account and `/v5/oauth/token` with Basic client auth, and
 * the reads behind metrics: `GET /v5/pins/:id?pin_metrics=true` (lifetime and 90-day counters that
 * grow with the pin's age and with every read of it, `metricReads`; no lifetime ones for a
 * non-video pin older than Pinterest's lifetime counters, LIFETIME_COUNTERS_SINCE) and user_account's counts.
 */
export class FakePinterestServer extends FakePlatformServer {
  boards = [
    { id: '549755885175', name: 'Recipes', privacy: 'PUBLIC' },
    { id: '549755885176', name: 'Travel', privacy: 'PUBLIC' },
  ];
  /** `GET /v5/user_account` (tests rename it to see a reconnect update the profile). */
  readonly account = {
    account_type: 'BUSINESS',
    id: '549755813888',
    username: 'alicepins',
    business_name: 'Alice Pins',
    profile_image: 'https://i.pinimg.example/a.jpg',
  };
  readonly pins: FakePin[] = [];
  /** Every `DELETE /v5/pins/:id` answered, by pin id in call order (pins already gone too). */
  readonly deletes: string[] = [];
  /** Pin ids keep counting up: a deleted pin's id is never handed out again. */
  private pinSeq = 0;
  readonly media = new Map<string, FakePinterestMedia>();
  readonly refreshTokens = new Map<string, TokenState>();
  /** When false, a refresh answers without a refresh token and the one presented stays valid (a server that does not rotate them). */
  rotateRefreshTokens = true;
  clientId = 'pin-client';
  clientSecret = 'pin-secret';

  constructor() {
    super();
    this.route('GET', '/v5/boards', () => ({ status: 200, body: { items: this.boards, bookmark: null } }));
    this.route('POST', '/v5/pins', (req) => this.createPin(req));
    this.route('DELETE', '/v5/pins/:id', (req) => this.deletePin(req));
    this.route('GET', '/v5/pins', () => ({ status: 200, body: { items: [...this.pins].reverse(), bookmark: null } }));
    this.route('POST', '/v5/media', (req) => this.registerMedia(req));
    this.route('GET', '/v5/media/:id', (req) => this.mediaStatus(req));
    this.route('POST', '/media-upload/:id', (req) => this.upload(req));
    this.route('GET', '/v5/user_account', () => ({ status: 200, body: { ...this.account, ...this.accountCounts() } }));
    this.route('GET', '/v5/pins/:id', (req) => this.getPin(req));
    this.route('POST', '/v5/oauth/token', (req) => this.oauth.exchange(req) ?? this.token(req));
  }

  /** Pinterest OAuth: HTTP Basic client authentication, no PKCE. */
  readonly oauth = new FakeOAuth(this, {
    clientId: 'pin-client',
    clientSecret: 'pin-secret',
    clientAuth: 'basic',
    requirePkce: false,
    authorizePath: '/oauth/',
    issue: (grant) => {
      const access = this.nextId('pina_');
      const refresh = this.nextId('pinr_');
      this.setToken(access);
      this.refreshTokens.set(refresh, 'valid');
      return {
        access_token: access,
        refresh_token: refresh,
        token_type: 'bearer',
        expires_in: 2592000,
        refresh_token_expires_in: 31536000,
        scope: grant.scope,
      };
    },
  });

  protected override isPublic(req: FakeRequest): boolean {
    return req.path.startsWith('/media-upload/') || req.path === '/v5/oauth/token';
  }

  protected authError(_req: FakeRequest, _state: TokenState | 'missing'): FakeResponse {
    return { status: 401, body: { code: 2, message: 'Authentication failed.' } };
  }

  protected rateLimitError(_req: FakeRequest, retryAfterSeconds: number): FakeResponse {
    return {
      status: 429,
      headers: { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-remaining': '0' },
      body: { code: 8, message: 'You have exceeded your rate limit. Try again later.' },
    };
  }

  protected override serverError(_req: FakeRequest): FakeResponse {
    return { status: 503, body: { code: 1, message: 'Service unavailable' } };
  }

  private createPin(req: FakeRequest): FakeResponse {
    const body = req.body as Omit<FakePin, 'id' | 'created_at'>;
    if (!this.boards.some((b) => b.id === body.board_id)) return { status: 404, body: { code: 40, message: 'Board not found.' } };
    if ((body.description ?? '').length > 500) return { status: 400, body: { code: 1, message: 'Invalid parameters: description is too long' } };
    if (body.alt_text !== undefined && [...body.alt_text].length > 500)
      return { status: 400, body: { code: 1, message: 'Invalid parameters: alt_text is too long' } };
    const src = body.media_source ?? {};
    if (src.source_type === 'multiple_image_urls' && (src.items?.length < 2 || src.items?.length > 5)) {
      return { status: 400, body: { code: 1, message: 'multiple_image_urls takes 2 to 5 items' } };
    }
    if (src.source_type === 'video_id') {
      const media = this.media.get(src.media_id);
      if (!media || !media.uploaded || media.polls < this.processingPolls) return { status: 400, body: { code: 1, message: 'Media not ready' } };
      if (src.cover_image_url === undefined && src.cover_image_key_frame_time === undefined) {
        return { status: 400, body: { code: 1, message: 'A cover image is required for video pins' } };
      }
    }
    const pin: FakePin = { ...body, id: String(1_000_000_000_000 + ++this.pinSeq), created_at: new Date().toISOString().replace(/\.\d+Z$/, '') };
    this.pins.push(pin);
    return { status: 201, body: { ...pin, board_owner: { username: 'alicepins' } } };
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
    this.metricReads.clear();
    this.accountReads = 0;
  }

  /** How many times each pin's metrics were read, by pin id. */
  readonly metricReads = new Map<string, number>();
  /** How many times user_account was answered. */
  accountReads = 0;

  /** The next request matching `match` is refused as Pinterest refuses a token without the scope it needs (401, code 3). */
  refuseMissingScope(match: string | RegExp = 'GET /v5/pins/'): void {
    const message =
      'Your token does not have sufficient permissions to perform this operation. Please ensure your token is authorized with the correct set of scopes.';
    this.inject({ kind: 'respond', match, response: { status: 401, body: { code: 3, message } } });
  }

  private accountCounts() {
    this.accountReads += 1;
    const r = this.accountReads;
    return { follower_count: 320 + 4 * r, following_count: 75 + r, pin_count: this.pins.length, board_count: this.boards.length, monthly_views: 9000 + 50 * r };
  }

  private getPin(req: FakeRequest): FakeResponse {
    const pin = this.pins.find((p) => p.id === req.params.id);
    if (!pin) return { status: 404, body: { code: 404, message: 'Pin not found.' } };
    if (req.query.get('pin_metrics') !== 'true') return { status: 200, body: pin };
    const reads = (this.metricReads.get(pin.id) ?? 0) + 1;
    this.metricReads.set(pin.id, reads);
    const createdAt = Date.parse(`${pin.created_at}Z`);
    const age = Math.max(0, Math.floor((req.at.getTime() - createdAt) / 1000));
    const recent = {
      impression: 10 + 10 * age + 10 * reads,
      pin_click: Math.floor(age / 2) + reads,
      clickthrough: Math.floor(age / 3) + reads,
      save: Math.floor(age / 4) + reads,
    };
    const lifetime = { ...recent, reaction: 1 + age + 2 * reads, comment: Math.floor(age / 5) + reads };
    const hasLifetime = pin.media_source?.source_type === 'video_id' || createdAt >= LIFETIME_COUNTERS_SINCE;
    return { status: 200, body: { ...pin, pin_metrics: { '90d': recent, ...(hasLifetime ? { lifetime_metrics: lifetime } : {}) } } };
  }

  private deletePin(req: FakeRequest): FakeResponse {
    this.deletes.push(req.params.id);
    const at = this.pins.findIndex((p) => p.id === req.params.id);
    if (at === -1) return { status: 404, body: { code: 404, message: 'Pin not found.' } };
    this.pins.splice(at, 1);
    return { status: 204 };
  }

  private registerMedia(req: FakeRequest): FakeResponse {
    if ((req.body as { media_type?: string })?.media_type !== 'video') return { status: 400, body: { code: 1, message: 'media_type must be video' } };
    const media_id = this.nextId('');
    this.media.set(media_id, { media_id, uploaded: null, polls: 0 });
    return {
      status: 201,
      body: {
        media_id,
        media_type: 'video',
        upload_url: `${this.baseUrl}/media-upload/${media_id}`,
        upload_parameters: { key: `uploads/${media_id}.mp4`, policy: 'cG9saWN5', 'x-amz-signature': 'sig', 'Content-Type': 'multipart/form-data' },
      },
    };
  }

  private upload(req: FakeRequest): FakeResponse {
    const media = this.media.get(req.params.id);
    if (!media) return { status: 404, body: 'NoSuchUpload' };
    const parts = parseMultipart(req.raw, req.headers['content-type']);
    const fileIndex = parts.findIndex((p) => p.name === 'file');
    // Storage forms ignore fields after the file: it must come last.
    if (fileIndex !== parts.length - 1) return { status: 400, body: 'file must be the last field' };
    const fields = multipartFields(parts);
    if (fields.key !== `uploads/${media.media_id}.mp4`) return { status: 403, body: 'SignatureDoesNotMatch' };
    media.uploaded = { fields, size: parts[fileIndex].data.length, contentType: parts[fileIndex].contentType };
    return { status: 204 };
  }

  private mediaStatus(req: FakeRequest): FakeResponse {
    const media = this.media.get(req.params.id);
    if (!media) return { status: 404, body: { code: 404, message: 'Media not found' } };
    if (!media.uploaded) return { status: 200, body: { media_id: media.media_id, media_type: 'video', status: 'registered' } };
    media.polls += 1;
    return { status: 200, body: { media_id: media.media_id, media_type: 'video', status: media.polls >= this.processingPolls ? 'succeeded' : 'processing' } };
  }

  private token(req: FakeRequest): FakeResponse {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return { status: 401, body: { code: 2, message: 'Authentication failed.' } };
    const form = req.body as Record<string, string>;
    if (form.grant_type !== 'refresh_token' || this.refreshTokens.get(form.refresh_token) !== 'valid') {
      return { status: 400, body: { code: 1, message: 'Invalid refresh token', error: 'invalid_grant' } };
    }
    const access = this.nextId('pina_');
    const refresh = this.rotateRefreshTokens ? this.nextId('pinr_') : null;
    this.setToken(access);
    if (refresh) {
      this.refreshTokens.set(form.refresh_token, 'revoked');
      this.refreshTokens.set(refresh, 'valid');
    }
    return {
      status: 200,
      body: {
        access_token: access,
        ...(refresh ? { refresh_token: refresh } : {}),
        response_type: 'refresh_token',
        token_type: 'bearer',
        expires_in: 2592000,
        refresh_token_expires_in: 31536000,
        scope: 'boards:read,pins:read,pins:write',
      },
    };
  }
}
