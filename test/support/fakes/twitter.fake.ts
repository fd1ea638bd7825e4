import { FakeOAuth } from './fake-oauth';
import { FakePlatformServer, type FakeRequest, type FakeResponse, type TokenState } from './fake-platform-server';
import { multipartFields, parseMultipart } from './multipart';

const TWEET_NOT_FOUND_TYPE = 'https://api.twitter.com/2/problems/resource-not-found';

export interface FakeTweet {
  id: string;
  text: string;
  authorId: string;
  mediaIds: string[];
  inReplyTo: string | null;
  createdAt: Date;
}

interface FakeMedia {
  id: string;
  kind: 'image' | 'video';
  totalBytes: number;
  received: number;
  segments: number[];
  finalized: boolean;
  statusPolls: number;
  /** Set by `POST /2/media/metadata`. */
  altText?: string;
}

/** X's bare refusal of a token without the scope a call needs. */
export const TWITTER_FORBIDDEN: FakeResponse = { status: 403, body: { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' } };

/**
 * X API v2: tweets, v2 media upload (simple image upload and initialize/append/finalize/STATUS
 * for video), users/me, user timeline, OAuth 2.0 refresh with rotating refresh tokens, and the
 * metrics reads: `GET /2/tweets?ids=` (≤100) with public, non-public and organic metrics and
 * video view counts, `users/me` public_metrics. Counters grow with a post's age and with every
 * read of it (`metricReads`), so two reads always differ.
 */
export class TwitterFake extends FakePlatformServer {
  readonly posts: FakeTweet[] = [];
  /** Every `DELETE /2/tweets/:id` answered, by tweet id in call order (ids already gone too). */
  readonly deletes: string[] = [];
  readonly media = new Map<string, FakeMedia>();
  /** Refresh tokens: valid until used once (X rotates them). */
  readonly refreshTokens = new Map<string, 'valid' | 'used'>();
  user = { id: '1500000000000000001', username: 'fakeuser', name: 'Fake User', profile_image_url: 'https://pbs.twimg.com/p.jpg' };
  /** How many times each tweet's metrics were read (`GET /2/tweets`), by tweet id. */
  readonly metricReads = new Map<string, number>();
  /** How many times the account's public_metrics were read. */
  accountReads = 0;
  /** X's docs name it retweet_count, its OpenAPI spec repost_count: a test picks which the fake sends. */
  repostCounterName: 'retweet_count' | 'repost_count' = 'retweet_count';
  /** The wait X suggests between STATUS polls (real X says 1–5 s; tests set 0). */
  checkAfterSecs = 1;

  constructor() {
    super();
    this.route('POST', '/2/tweets', (req) => this.createTweet(req));
    this.route('DELETE', '/2/tweets/:id', (req) => this.deleteTweet(req));
    this.route('POST', '/2/media/upload', (req) => this.simpleUpload(req));
    this.route('POST', '/2/media/upload/initialize', (req) => this.initialize(req));
    this.route('POST', '/2/media/upload/:id/append', (req) => this.append(req));
    this.route('POST', '/2/media/upload/:id/finalize', (req) => this.finalize(req));
    this.route('GET', '/2/media/upload', (req) => this.status(req));
    this.route('POST', '/2/media/metadata', (req) => this.metadata(req));
    this.route('GET', '/2/users/me', (req) => this.me(req));
    this.route('GET', '/2/tweets', (req) => this.lookup(req));
    this.route('GET', '/2/users/:id/tweets', (req) => this.timeline(req));
    this.route('POST', '/2/oauth2/token', (req) => this.token(req));
    this.oauth.revokeRoute('/2/oauth2/revoke');
  }

  /** Whether the code exchange includes a refresh token (X does with `offline.access`). */
  oauthSendsRefreshToken = true;
  /** When false, a refresh answers without a refresh token and the one presented stays valid (a server that does not rotate them). */
  rotateRefreshTokens = true;
  /** OAuth 2.0 authorization code + PKCE (S256), confidential client with HTTP Basic. */
  readonly oauth = new FakeOAuth(this, {
    clientId: 'x-client',
    clientSecret: 'x-secret',
    clientAuth: 'basic',
    requirePkce: true,
    authorizePath: '/i/oauth2/authorize',
    issue: (grant) => {
      const accessToken = this.nextId('at-');
      this.setToken(accessToken);
      const refresh = this.oauthSendsRefreshToken && grant.scope.split(' ').includes('offline.access') ? this.nextId('rt-') : null;
      if (refresh) this.refreshTokens.set(refresh, 'valid');
      return { token_type: 'bearer', expires_in: 7200, access_token: accessToken, scope: grant.scope, ...(refresh ? { refresh_token: refresh } : {}) };
    },
  });

  protected override isPublic(req: FakeRequest): boolean {
    return req.path === '/2/oauth2/token';
  }

  protected authError(_req: FakeRequest, _state: TokenState | 'missing'): FakeResponse {
    return { status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } };
  }

  protected rateLimitError(_req: FakeRequest, retryAfterSeconds: number): FakeResponse {
    return {
      status: 429,
      headers: {
        'x-rate-limit-limit': '200',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + retryAfterSeconds),
      },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    };
  }

  protected override serverError(_req: FakeRequest): FakeResponse {
    return { status: 503, body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 } };
  }

  private invalid(detail: string, status = 400): FakeResponse {
    return { status, body: { errors: [{ message: detail }], title: 'Invalid Request', detail, type: 'https://api.twitter.com/2/problems/invalid-request' } };
  }

  private createTweet(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as { text?: string; media?: { media_ids?: string[] }; reply?: { in_reply_to_tweet_id?: string } };
    const mediaIds = body.media?.media_ids ?? [];
    if (!body.text && mediaIds.length === 0) return this.invalid('Tweet text or media is required.');
    for (const id of mediaIds) {
      const media = this.media.get(id);
      if (!media || !media.finalized || (media.kind === 'video' && media.statusPolls < this.processingPolls)) {
        return this.invalid('Your media IDs are invalid.');
      }
    }
    const replyTo = body.reply?.in_reply_to_tweet_id ?? null;
    if (replyTo && !this.posts.some((t) => t.id === replyTo)) return this.invalid('The tweet you are replying to does not exist.');
    if (body.text && mediaIds.length === 0 && this.posts.some((t) => t.text === body.text)) {
      return {
        status: 403,
        body: { detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', title: 'Forbidden', status: 403 },
      };
    }
    const tweet: FakeTweet = {
      id: this.nextNumericId(),
      text: body.text ?? '',
      authorId: this.user.id,
      mediaIds,
      inReplyTo: replyTo,
      createdAt: new Date(),
    };
    this.posts.push(tweet);
    return { status: 201, body: { data: { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] } } };
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
    this.metricReads.clear();
    this.accountReads = 0;
    this.repostCounterName = 'retweet_count';
  }

  /** The next request matching `match` is refused as X refuses a token without the scope it needs. */
  refuseMissingScope(match: string | RegExp = 'GET /2/tweets'): void {
    this.inject({ kind: 'respond', match, response: TWITTER_FORBIDDEN });
  }

  private me(req: FakeRequest): FakeResponse {
    const fields = (req.query.get('user.fields') ?? '').split(',');
    if (!fields.includes('public_metrics')) return { status: 200, body: { data: this.user } };
    this.accountReads += 1;
    const r = this.accountReads;
    const posts = this.posts.filter((t) => t.authorId === this.user.id).length;
    const public_metrics = { followers_count: 1200 + 7 * r, following_count: 300 + r, tweet_count: posts, listed_count: 4, like_count: 90 + r, media_count: 2 };
    return { status: 200, body: { data: { ...this.user, public_metrics } } };
  }

  /**
   * `GET /2/tweets?ids=…`: at most 100 ids (X's own 400 beyond); ids it does not have are
   * resource-not-found errors beside `data`. Private fields are refused (the post left out, a
   * field-authorization error instead) for another user's post or one 30 days old or more.
   */
  private lookup(req: FakeRequest): FakeResponse {
    const ids = (req.query.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 100) {
      return {
        status: 400,
        body: {
          errors: [
            {
              parameters: { ids: [req.query.get('ids') ?? ''] },
              message: `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and 100`,
            },
          ],
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          type: 'https://api.twitter.com/2/problems/invalid-request',
        },
      };
    }
    const fields = (req.query.get('tweet.fields') ?? '').split(',');
    const privateFields = fields.filter((f) => f === 'non_public_metrics' || f === 'organic_metrics');
    const withMedia = (req.query.get('expansions') ?? '').split(',').includes('attachments.media_keys');
    const mediaMetrics = (req.query.get('media.fields') ?? '').split(',').includes('public_metrics');
    const data: Record<string, unknown>[] = [];
    const errors: Record<string, unknown>[] = [];
    const media: Record<string, unknown>[] = [];
    for (const id of ids) {
      const tweet = this.posts.find((t) => t.id === id);
      if (!tweet) {
        const detail = `Could not find tweet with ids: [${id}].`;
        errors.push({ value: id, detail, title: 'Not Found Error', resource_type: 'tweet', parameter: 'ids', resource_id: id, type: TWEET_NOT_FOUND_TYPE });
        continue;
      }
      const ageMs = req.at.getTime() - tweet.createdAt.getTime();
      if (privateFields.length > 0 && (tweet.authorId !== this.user.id || ageMs >= 30 * 86400_000)) {
        for (const field of privateFields) {
          errors.push({
            value: id,
            detail: `Sorry, you are not authorized to access '${field}' on the Tweet with ids: ${id}.`,
            title: 'Field Authorization Error',
            resource_type: 'tweet',
            parameter: field,
            section: 'data',
            field,
            resource_id: id,
            type: 'https://api.twitter.com/2/problems/not-authorized-for-field',
          });
        }
        continue;
      }
      const c = this.counters(tweet, req.at, fields.includes('public_metrics'));
      const mediaKeys = tweet.mediaIds.map((m) => `${this.media.get(m)?.kind === 'video' ? 7 : 3}_${m}`);
      data.push({
        id: tweet.id,
        text: tweet.text,
        edit_history_tweet_ids: [tweet.id],
        ...(fields.includes('public_metrics')
          ? {
              public_metrics: {
                [this.repostCounterName]: c.reposts,
                reply_count: c.replies,
                like_count: c.likes,
                quote_count: c.quotes,
                bookmark_count: c.bookmarks,
                impression_count: c.impressions,
              },
            }
          : {}),
        ...(fields.includes('non_public_metrics')
          ? {
              non_public_metrics: {
                impression_count: c.impressions,
                url_link_clicks: c.linkClicks,
                user_profile_clicks: c.profileClicks,
                engagements: c.engagements,
              },
            }
          : {}),
        ...(fields.includes('organic_metrics')
          ? {
              organic_metrics: {
                impression_count: c.impressions,
                like_count: c.likes,
                reply_count: c.replies,
                retweet_count: c.reposts,
                url_link_clicks: c.linkClicks,
                user_profile_clicks: c.profileClicks,
              },
            }
          : {}),
        ...(withMedia && mediaKeys.length ? { attachments: { media_keys: mediaKeys } } : {}),
      });
      if (withMedia) {
        for (const key of mediaKeys) {
          const video = key.startsWith('7_');
          media.push({ media_key: key, type: video ? 'video' : 'photo', ...(mediaMetrics && video ? { public_metrics: { view_count: c.videoViews } } : {}) });
        }
      }
    }
    return {
      status: 200,
      body: {
        ...(data.length ? { data } : {}),
        ...(media.length ? { includes: { media } } : {}),
        ...(errors.length ? { errors } : {}),
      },
    };
  }

  /** A tweet's counters: a function of its age in seconds and of how often it was read (this read included). */
  private counters(tweet: FakeTweet, at: Date, read: boolean) {
    const reads = (this.metricReads.get(tweet.id) ?? 0) + (read ? 1 : 0);
    this.metricReads.set(tweet.id, reads);
    const age = Math.max(0, Math.floor((at.getTime() - tweet.createdAt.getTime()) / 1000));
    const likes = 1 + age + 2 * reads;
    const reposts = Math.floor(age / 2) + reads;
    const replies = Math.floor(age / 3) + reads;
    const quotes = Math.floor(age / 5) + reads;
    return {
      likes,
      reposts,
      replies,
      quotes,
      bookmarks: Math.floor(age / 4) + reads,
      impressions: 10 + 10 * age + 10 * reads,
      linkClicks: Math.floor(age / 2) + reads,
      profileClicks: Math.floor(age / 3) + reads,
      engagements: likes + reposts + replies + quotes,
      videoViews: 5 + 3 * age + 3 * reads,
    };
  }

  /** Real X answers a tweet it does not have with a resource-not-found problem. */
  private deleteTweet(req: FakeRequest): FakeResponse {
    const id = req.params.id;
    this.deletes.push(id);
    const at = this.posts.findIndex((t) => t.id === id);
    if (at === -1) {
      const detail = `Could not find tweet with id: [${id}].`;
      const problem = { detail, title: 'Not Found Error', type: 'https://api.twitter.com/2/problems/resource-not-found', resource_type: 'tweet', value: id };
      return { status: 404, body: { ...problem, errors: [{ ...problem, message: detail }] } };
    }
    this.posts.splice(at, 1);
    return { status: 200, body: { data: { deleted: true } } };
  }

  private simpleUpload(req: FakeRequest): FakeResponse {
    const parts = parseMultipart(req.raw, req.headers['content-type']);
    const file = parts.find((p) => p.name === 'media');
    const fields = multipartFields(parts);
    if (!file || file.data.length === 0) return this.invalid('media is required');
    if (!String(fields.media_category ?? '').startsWith('tweet_')) return this.invalid('media_category is invalid');
    const id = this.nextNumericId();
    this.media.set(id, { id, kind: 'image', totalBytes: file.data.length, received: file.data.length, segments: [0], finalized: true, statusPolls: 0 });
    return {
      status: 200,
      body: { data: { id, media_key: `3_${id}`, size: file.data.length, expires_after_secs: 86400, image: { image_type: file.contentType, w: 8, h: 8 } } },
    };
  }

  /** `POST /2/media/metadata {id, metadata: {alt_text: {text}}}`: the alt text kept on the media (`altText`). */
  private metadata(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as { id?: string; metadata?: { alt_text?: { text?: unknown } } };
    const media = body.id ? this.media.get(body.id) : undefined;
    if (!media) return this.invalid('id not found');
    const text = body.metadata?.alt_text?.text;
    if (typeof text !== 'string' || [...text].length > 1000) return this.invalid('metadata.alt_text.text must be a string of at most 1000 characters');
    media.altText = text;
    return { status: 200, body: { data: { id: media.id, associated_metadata: true } } };
  }

  private initialize(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as { media_type?: string; total_bytes?: number; media_category?: string };
    if (!body.media_type || !body.total_bytes) return this.invalid('media_type and total_bytes are required');
    const id = this.nextNumericId();
    this.media.set(id, {
      id,
      kind: body.media_type.startsWith('video/') ? 'video' : 'image',
      totalBytes: body.total_bytes,
      received: 0,
      segments: [],
      finalized: false,
      statusPolls: 0,
    });
    return { status: 200, body: { data: { id, media_key: `7_${id}`, expires_after_secs: 86400 } } };
  }

  private append(req: FakeRequest): FakeResponse {
    const media = this.media.get(req.params.id);
    if (!media) return this.invalid('media_id not found');
    const parts = parseMultipart(req.raw, req.headers['content-type']);
    const file = parts.find((p) => p.name === 'media');
    const segment = Number(multipartFields(parts).segment_index);
    if (!file || !Number.isInteger(segment)) return this.invalid('media and segment_index are required');
    media.segments.push(segment);
    media.received += file.data.length;
    return { status: 200, body: { data: { expires_at: Date.now() + 86400_000 } } };
  }

  private finalize(req: FakeRequest): FakeResponse {
    const media = this.media.get(req.params.id);
    if (!media) return this.invalid('media_id not found');
    if (media.received !== media.totalBytes) return this.invalid(`File size mismatch: got ${media.received} of ${media.totalBytes} bytes`);
    media.finalized = true;
    return { status: 200, body: { data: { id: media.id, media_key: `7_${media.id}`, size: media.totalBytes, processing_info: this.processingInfo(media) } } };
  }

  private status(req: FakeRequest): FakeResponse {
    if (req.query.get('command') !== 'STATUS') return this.invalid('command must be STATUS');
    const media = this.media.get(req.query.get('media_id') ?? '');
    if (!media) return this.invalid('media_id not found');
    media.statusPolls += 1;
    return { status: 200, body: { data: { id: media.id, media_key: `7_${media.id}`, processing_info: this.processingInfo(media) } } };
  }

  private processingInfo(media: FakeMedia): Record<string, unknown> {
    if (media.statusPolls >= this.processingPolls) return { state: 'succeeded', progress_percent: 100 };
    return { state: media.statusPolls === 0 ? 'pending' : 'in_progress', check_after_secs: this.checkAfterSecs, progress_percent: 50 };
  }

  private timeline(req: FakeRequest): FakeResponse {
    const since = req.query.get('start_time') ? new Date(req.query.get('start_time')!) : new Date(0);
    const tweets = this.posts
      .filter((t) => t.authorId === req.params.id && t.createdAt >= since)
      .reverse()
      .map((t) => ({
        id: t.id,
        // X appends a t.co link for attached media and escapes HTML entities.
        text: `${t.text.replace(/&/g, '&amp;')}${t.mediaIds.length ? ' https://t.co/abc123' : ''}`,
        created_at: t.createdAt.toISOString(),
        ...(t.inReplyTo ? { referenced_tweets: [{ type: 'replied_to', id: t.inReplyTo }] } : {}),
      }));
    return { status: 200, body: tweets.length ? { data: tweets, meta: { result_count: tweets.length } } : { meta: { result_count: 0 } } };
  }

  private token(req: FakeRequest): FakeResponse {
    const exchanged = this.oauth.exchange(req);
    if (exchanged) return exchanged;
    const body = (req.body ?? {}) as Record<string, string>;
    const bad = { status: 400, body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' } };
    if (body.grant_type !== 'refresh_token' || !body.refresh_token) return bad;
    if (!body.client_id && !req.headers.authorization)
      return { status: 401, body: { error: 'unauthorized_client', error_description: 'Missing valid authorization header' } };
    if (this.refreshTokens.get(body.refresh_token) !== 'valid') return bad;
    const accessToken = this.nextId('at-');
    const refreshToken = this.rotateRefreshTokens ? this.nextId('rt-') : null;
    this.setToken(accessToken);
    if (refreshToken) {
      this.refreshTokens.set(body.refresh_token, 'used');
      this.refreshTokens.set(refreshToken, 'valid');
    }
    return {
      status: 200,
      body: {
        token_type: 'bearer',
        expires_in: 7200,
        access_token: accessToken,
        scope: 'tweet.read tweet.write users.read media.write offline.access',
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
      },
    };
  }

  private seq = 0;
  /** X ids are numeric snowflakes. */
  private nextNumericId(): string {
    this.seq += 1;
    return `18${String(Date.now()).slice(-9)}${String(this.seq).padStart(6, '0')}`;
  }
}
