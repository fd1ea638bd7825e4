import { FakeOAuth } from './fake-oauth';
import { FakePlatformServer, FakeRequest, FakeResponse, TokenState } from './fake-platform-server';
import { parseMultipart } from './multipart';

interface FakeMastodonMedia {
  id: string;
  type: 'image' | 'video';
  fileName: string;
  size: number;
  /** Status polls seen so far; ready once it reaches `processingPolls`. */
  polls: number;
  ready: boolean;
  /** The upload's `description` (alt text), when sent. */
  description?: string;
}

export interface FakeMastodonStatus {
  id: string;
  text: string;
  mediaIds: string[];
  inReplyToId: string | null;
  visibility: string;
  idempotencyKey: string | null;
  createdAt: Date;
}

/**
 * Mastodon instance: v2 media upload (200 ready / 202 processing, polled with 206 → 200),
 * statuses with Idempotency-Key dedupe, verify_credentials and the account timeline, and the
 * reads behind metrics: `GET /api/v1/statuses?id[]=` (4.3+, ≤20; `batchStatuses` off = an older
 * instance without it), `GET /api/v1/statuses/:id` and the account's counts. Counters grow with a
 * status's age and with every read of it (`metricReads`).
 */
export class FakeMastodonServer extends FakePlatformServer {
  readonly account = { id: '109000001', username: 'alice', acct: 'alice', display_name: 'Alice', avatar: 'https://files.example/alice.png' };
  readonly media = new Map<string, FakeMastodonMedia>();
  readonly posts: FakeMastodonStatus[] = [];
  /** Every `DELETE /api/v1/statuses/:id` answered, by status id in call order (ids already gone too). */
  readonly deletes: string[] = [];
  /**
   * Scopes granted to a token, when a test names them (e.g. `read` only); a token not listed may
   * do anything. A call outside them answers 403 as Doorkeeper does.
   */
  readonly tokenScopes = new Map<string, string[]>();
  /**
   * Where each Idempotency-Key's status sits in `posts` (as an instance's Redis would find it): a
   * scan of every post per create made the fake quadratic, a load on the benchmark's two cores.
   * An entry counts only while `posts` still holds that status there (tests empty `posts`).
   */
  private readonly byIdempotencyKey = new Map<string, { status: FakeMastodonStatus; at: number }>();
  /** Images answer 200 at once unless this is set; video always processes asynchronously. */
  asyncImages = false;
  /** Answer 422 "not finished processing" to this many status creations (posting too early). */
  earlyPostRejections = 0;
  maxChars = 500;

  constructor() {
    super();
    this.route('POST', '/api/v2/media', (req) => this.scoped(req, 'write:media') ?? this.upload(req));
    this.route('GET', '/api/v1/media/:id', (req) => this.mediaStatus(req));
    this.route('POST', '/api/v1/statuses', (req) => this.scoped(req, 'write:statuses') ?? this.createStatus(req));
    this.route('DELETE', '/api/v1/statuses/:id', (req) => this.scoped(req, 'write:statuses') ?? this.deleteStatus(req));
    this.route('GET', '/api/v1/accounts/verify_credentials', (req) => this.scoped(req, 'read:accounts') ?? this.verifyCredentials());
    this.route('GET', '/api/v1/statuses', (req) => this.scoped(req, 'read:statuses') ?? this.statuses(req));
    this.route('GET', '/api/v1/statuses/:id', (req) => this.scoped(req, 'read:statuses') ?? this.showStatus(req));
    this.route('GET', '/api/v1/accounts/:id/statuses', (req) => this.timeline(req));
    this.anonymousPaths.add('/api/v1/apps');
    this.route('POST', '/api/v1/apps', (req) => this.registerApp(req));
    this.oauth.revokeRoute('/oauth/revoke');
  }

  /** Apps registered on this instance (POST /api/v1/apps), newest last. */
  readonly apps: Array<{ clientId: string; clientSecret: string; redirectUris: string; scopes: string }> = [];
  /**
   * The instance's OAuth server: the registered app's credentials in the body, PKCE S256
   * checked when a challenge was sent (Mastodon 4.3+). Tokens never expire.
   */
  readonly oauth = new FakeOAuth(this, {
    clientId: '',
    clientSecret: '',
    clientAuth: 'body',
    requirePkce: false,
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/token',
    issue: (grant) => {
      const token = this.nextId('md-at-');
      this.setToken(token);
      return { access_token: token, token_type: 'Bearer', scope: grant.scope, created_at: Math.floor(Date.now() / 1000) };
    },
  });

  private registerApp(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as Record<string, string>;
    if (!body.client_name || !body.redirect_uris) return { status: 422, body: { error: "Validation failed: Application name can't be blank" } };
    const app = { clientId: this.nextId('cid-'), clientSecret: this.nextId('csecret-'), redirectUris: body.redirect_uris, scopes: body.scopes ?? 'read' };
    this.apps.push(app);
    // This fake serves one app at a time: the newest registration is the one the OAuth server knows.
    this.oauth.options.clientId = app.clientId;
    this.oauth.options.clientSecret = app.clientSecret;
    return {
      status: 200,
      body: {
        id: this.nextId(),
        name: body.client_name,
        website: body.website ?? null,
        redirect_uri: body.redirect_uris,
        redirect_uris: body.redirect_uris.split(/\s+/),
        client_id: app.clientId,
        client_secret: app.clientSecret,
        scopes: app.scopes.split(' '),
      },
    };
  }

  statusUrl(id: string): string {
    return `${this.baseUrl}/@${this.account.username}/${id}`;
  }

  protected authError(_req: FakeRequest, state: TokenState | 'missing'): FakeResponse {
    const error = state === 'revoked' ? 'The access token was revoked' : 'The access token is invalid';
    return { status: 401, body: { error } };
  }

  protected rateLimitError(_req: FakeRequest, retryAfterSeconds: number): FakeResponse {
    return {
      status: 429,
      headers: {
        'x-ratelimit-limit': '300',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': new Date(Date.now() + retryAfterSeconds * 1000).toISOString(),
      },
      body: { error: 'Too many requests' },
    };
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
    this.metricReads.clear();
    this.accountReads = 0;
    this.batchStatuses = true;
  }

  /** How many times each status was read (`GET /api/v1/statuses…`), by id. */
  readonly metricReads = new Map<string, number>();
  /** How many times verify_credentials was answered. */
  accountReads = 0;
  /** Whether `GET /api/v1/statuses?id[]=` exists (4.3+); false answers 404, as an older instance. */
  batchStatuses = true;

  /** `GET /api/v1/statuses?id[]=…`: the statuses the instance has, at most 20 ids (Mastodon::ValidationError beyond). */
  private statuses(req: FakeRequest): FakeResponse {
    if (!this.batchStatuses) return { status: 404, body: { error: 'Record not found' } };
    const ids = [...new Set(req.query.getAll('id[]'))];
    if (ids.length > 20) return { status: 422, body: { error: 'Mastodon::ValidationError' } };
    const found = ids.flatMap((id) => this.posts.filter((s) => s.id === id));
    return { status: 200, body: found.map((s) => this.statusJson(s, true)) };
  }

  private showStatus(req: FakeRequest): FakeResponse {
    const status = this.posts.find((s) => s.id === req.params.id);
    return status ? { status: 200, body: this.statusJson(status, true) } : { status: 404, body: { error: 'Record not found' } };
  }

  private verifyCredentials(): FakeResponse {
    this.accountReads += 1;
    const counts = { followers_count: 40 + 2 * this.accountReads, following_count: 12 + this.accountReads, statuses_count: this.posts.length };
    return { status: 200, body: { ...this.account, ...counts } };
  }

  /** A status's counters: a function of its age in seconds and of how often it was read (`read` counts this one). */
  private counters(s: FakeMastodonStatus, read: boolean) {
    const reads = (this.metricReads.get(s.id) ?? 0) + (read ? 1 : 0);
    if (read) this.metricReads.set(s.id, reads);
    const age = Math.max(0, Math.floor((Date.now() - s.createdAt.getTime()) / 1000));
    return {
      replies_count: Math.floor(age / 3) + reads,
      reblogs_count: Math.floor(age / 2) + reads,
      favourites_count: 1 + age + 2 * reads,
      quotes_count: Math.floor(age / 5) + reads,
    };
  }

  /** The 403 a token granted without `scope` (nor its parent, `write`) gets. */
  private scoped(req: FakeRequest, scope: string): FakeResponse | null {
    const granted = req.token ? this.tokenScopes.get(req.token) : undefined;
    if (!granted || granted.includes(scope) || granted.includes(scope.split(':')[0])) return null;
    return { status: 403, body: { error: 'This action is outside the authorized scopes' } };
  }

  /** Only the account's own statuses can be deleted; any other id is "Record not found". */
  private deleteStatus(req: FakeRequest): FakeResponse {
    this.deletes.push(req.params.id);
    const at = this.posts.findIndex((s) => s.id === req.params.id);
    if (at === -1) return { status: 404, body: { error: 'Record not found' } };
    const [status] = this.posts.splice(at, 1);
    // Later statuses moved down one place: keep their Idempotency-Key entries pointing at them.
    for (const entry of this.byIdempotencyKey.values()) if (entry.at > at) entry.at -= 1;
    // The answer carries the source text, for "delete and redraft".
    return { status: 200, body: { ...this.statusJson(status), text: status.text } };
  }

  private upload(req: FakeRequest): FakeResponse {
    const parts = parseMultipart(req.raw, req.headers['content-type']);
    const file = parts.find((p) => p.name === 'file');
    const description = parts.find((p) => p.name === 'description')?.data.toString('utf8');
    if (!file?.filename) return { status: 422, body: { error: 'Validation failed: File is missing' } };
    if (!/^(image|video|audio)\//.test(file.contentType ?? '')) {
      return { status: 422, body: { error: 'Validation failed: File content type is invalid, File is invalid' } };
    }
    const type = (file.contentType ?? '').startsWith('video/') ? 'video' : 'image';
    const id = this.nextId('9');
    const async = type === 'video' || this.asyncImages;
    if (description !== undefined && [...description].length > 1500)
      return { status: 422, body: { error: 'Validation failed: Description is too long (maximum is 1500 characters)' } };
    const media: FakeMastodonMedia = {
      id,
      type,
      fileName: file.filename,
      size: file.data.length,
      polls: 0,
      ready: !async,
      ...(description !== undefined ? { description } : {}),
    };
    this.media.set(id, media);
    return { status: async ? 202 : 200, body: this.attachmentJson(media) };
  }

  private mediaStatus(req: FakeRequest): FakeResponse {
    const media = this.media.get(req.params.id);
    if (!media) return { status: 404, body: { error: 'Record not found' } };
    if (!media.ready) {
      media.polls += 1;
      if (media.polls >= this.processingPolls) media.ready = true;
    }
    return { status: media.ready ? 200 : 206, body: this.attachmentJson(media) };
  }

  private createStatus(req: FakeRequest): FakeResponse {
    const form = new URLSearchParams(req.raw.toString('utf8'));
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const seen = key ? this.byIdempotencyKey.get(key) : undefined;
    const duplicate = seen && this.posts[seen.at] === seen.status ? seen.status : undefined;
    if (duplicate) return { status: 200, body: this.statusJson(duplicate) };

    const text = form.get('status') ?? '';
    const mediaIds = form.getAll('media_ids[]');
    if (!text && mediaIds.length === 0) return { status: 422, body: { error: "Validation failed: Text can't be blank" } };
    if ([...text].length > this.maxChars) {
      return { status: 422, body: { error: `Validation failed: Text character limit of ${this.maxChars} exceeded` } };
    }
    for (const id of mediaIds) if (!this.media.has(id)) return { status: 422, body: { error: 'Validation failed: Media not found' } };
    if (this.earlyPostRejections > 0 || mediaIds.some((id) => !this.media.get(id)!.ready)) {
      this.earlyPostRejections = Math.max(0, this.earlyPostRejections - 1);
      return { status: 422, body: { error: 'Cannot attach files that have not finished processing. Try again in a moment!' } };
    }
    const status: FakeMastodonStatus = {
      id: this.nextId('11'),
      text,
      mediaIds,
      inReplyToId: form.get('in_reply_to_id'),
      visibility: form.get('visibility') ?? 'public',
      idempotencyKey: key,
      createdAt: new Date(),
    };
    this.posts.push(status);
    if (key) this.byIdempotencyKey.set(key, { status, at: this.posts.length - 1 });
    return { status: 200, body: this.statusJson(status) };
  }

  private timeline(req: FakeRequest): FakeResponse {
    if (req.params.id !== this.account.id) return { status: 404, body: { error: 'Record not found' } };
    const limit = Number(req.query.get('limit') ?? 20);
    return {
      status: 200,
      body: [...this.posts]
        .reverse()
        .slice(0, limit)
        .map((s) => this.statusJson(s)),
    };
  }

  private attachmentJson(m: FakeMastodonMedia) {
    return { id: m.id, type: m.type, url: m.ready ? `${this.baseUrl}/system/media/${m.id}/${m.fileName}` : null, description: null };
  }

  private statusJson(s: FakeMastodonStatus, read = false) {
    return {
      ...this.counters(s, read),
      id: s.id,
      uri: `${this.baseUrl}/users/${this.account.username}/statuses/${s.id}`,
      url: this.statusUrl(s.id),
      created_at: s.createdAt.toISOString(),
      content: toMastodonHtml(s.text),
      visibility: s.visibility,
      in_reply_to_id: s.inReplyToId,
      media_attachments: s.mediaIds.map((id) => this.attachmentJson(this.media.get(id)!)),
      account: this.account,
    };
  }
}

/** Mastodon renders text as paragraphs with escaped entities and links split into spans. */
function toMastodonHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const linkify = (s: string) =>
    s.replace(
      /(https?:\/\/)([^\s<]+)/g,
      (_m, scheme: string, rest: string) =>
        `<a href="${scheme}${rest}" rel="nofollow noopener" target="_blank"><span class="invisible">${scheme}</span><span class="">${rest}</span></a>`,
    );
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${linkify(escape(p)).replace(/\n/g, '<br />')}</p>`)
    .join('');
}
