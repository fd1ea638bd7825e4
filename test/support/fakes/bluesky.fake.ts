import { createHash } from 'node:crypto';
import { FakePlatformServer, FakeRequest, FakeResponse, TokenState } from './fake-platform-server';

interface StoredPost {
  uri: string;
  cid: string;
  rkey: string;
  value: Record<string, any>;
}

interface VideoJob {
  jobId: string;
  polls: number;
  size: number;
  mimeType: string;
  name: string | null;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const cidOf = (bytes: Buffer | string) => `bafyrei${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}`;

/**
 * A Bluesky PDS plus the video service on one host: sessions with JWT-shaped access/refresh
 * tokens (refresh rotates and revokes the old refresh JWT), uploadBlob, createRecord /
 * getRecord / listRecords, getServiceAuth and video jobs that finish after `processingPolls`, and
 * the AppView reads behind metrics: `app.bsky.feed.getPosts` (≤25 uris) and the profile's counts.
 * Counters grow with a post's age and with every read of it (`metricReads`).
 */
export class FakeBlueskyServer extends FakePlatformServer {
  /** A did:plc as the PLC directory issues them (24 base32 characters); a test may set a did:web. */
  did = 'did:plc:fakealicexq2m4k7bz3wdnt5';
  readonly handle = 'alice.bsky.social';
  readonly posts: StoredPost[] = [];
  /** Every deleteRecord answered, as the at:// URI asked for, in call order (records already gone too). */
  readonly deletes: string[] = [];
  readonly blobs: Array<{ cid: string; mimeType: string; size: number }> = [];
  readonly videoJobs = new Map<string, VideoJob>();
  readonly refreshTokens = new Map<string, TokenState>();
  /** When false, refreshSession answers without a refreshJwt and the one presented stays valid. */
  rotateRefreshTokens = true;
  /** Service tokens issued by getServiceAuth, with the aud/lxm they were asked for. */
  readonly serviceTokens = new Map<string, { aud: string; lxm: string }>();
  maxBlobBytes = 1_000_000;
  /** The app password createSession accepts (with the handle, the DID or the e-mail). */
  appPassword = 'abcd-efgh-ijkl-mnop';
  readonly email = 'alice@example.com';
  profile = { displayName: 'Alice', avatar: 'https://cdn.bsky.app/img/avatar/alice.jpg' };

  constructor() {
    super();
    const x = (nsid: string) => `/xrpc/${nsid}`;
    this.route('GET', x('com.atproto.server.getSession'), () => ({ status: 200, body: { did: this.did, handle: this.handle, active: true } }));
    this.route('POST', x('com.atproto.server.refreshSession'), (req) => this.refreshSession(req));
    this.route('POST', x('com.atproto.server.createSession'), (req) => this.createSession(req));
    this.route('POST', x('com.atproto.server.deleteSession'), (req) => this.deleteSession(req));
    this.route('GET', x('app.bsky.actor.getProfile'), (req) =>
      req.query.get('actor') === this.did || req.query.get('actor') === this.handle
        ? { status: 200, body: { did: this.did, handle: this.handle, ...this.profile, ...this.profileCounts() } }
        : { status: 400, body: { error: 'InvalidRequest', message: 'Profile not found' } },
    );
    this.route('GET', x('app.bsky.feed.getPosts'), (req) => this.getPosts(req));
    this.route('POST', x('com.atproto.repo.uploadBlob'), (req) => this.uploadBlob(req));
    this.route('POST', x('com.atproto.repo.createRecord'), (req) => this.createRecord(req));
    this.route('GET', x('com.atproto.repo.getRecord'), (req) => this.getRecord(req));
    this.route('POST', x('com.atproto.repo.deleteRecord'), (req) => this.deleteRecord(req));
    this.route('GET', x('com.atproto.repo.listRecords'), (req) => this.listRecords(req));
    this.route('GET', x('com.atproto.server.getServiceAuth'), (req) => this.serviceAuth(req));
    this.route('POST', x('app.bsky.video.uploadVideo'), (req) => this.uploadVideo(req));
    this.route('GET', x('app.bsky.video.getJobStatus'), (req) => this.jobStatus(req));
  }

  /** A fresh session, as createSession would return it; both tokens are valid. */
  issueSession(accessTtlSeconds = 7200): { accessJwt: string; refreshJwt: string } {
    const now = Math.floor(Date.now() / 1000);
    const accessJwt = `${b64url({ typ: 'at+jwt', alg: 'ES256K' })}.${b64url({ scope: 'com.atproto.appPass', sub: this.did, iat: now, exp: now + accessTtlSeconds, jti: this.nextId() })}.sig`;
    const refreshJwt = `${b64url({ typ: 'refresh+jwt', alg: 'ES256K' })}.${b64url({ scope: 'com.atproto.refresh', sub: this.did, exp: now + 90 * 86400, jti: this.nextId() })}.sig`;
    this.setToken(accessJwt);
    this.refreshTokens.set(refreshJwt, 'valid');
    return { accessJwt, refreshJwt };
  }

  protected override isPublic(req: FakeRequest): boolean {
    return (
      req.path.endsWith('/com.atproto.server.refreshSession') ||
      req.path.endsWith('/com.atproto.server.createSession') ||
      req.path.endsWith('/com.atproto.server.deleteSession') ||
      req.path.endsWith('/app.bsky.video.getJobStatus')
    );
  }

  protected authError(_req: FakeRequest, state: TokenState | 'missing'): FakeResponse {
    if (state === 'expired') return { status: 400, body: { error: 'ExpiredToken', message: 'Token has expired' } };
    if (state === 'missing') return { status: 401, body: { error: 'AuthMissing', message: 'Authentication Required' } };
    return { status: 401, body: { error: 'InvalidToken', message: 'Token could not be verified' } };
  }

  protected rateLimitError(_req: FakeRequest, retryAfterSeconds: number): FakeResponse {
    return {
      status: 429,
      headers: {
        'ratelimit-limit': '5000',
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(Math.floor(Date.now() / 1000) + retryAfterSeconds),
        'ratelimit-policy': '5000;w=3600',
      },
      body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
    };
  }

  private createSession(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as { identifier?: string; password?: string };
    if (!body.identifier || !body.password) return { status: 400, body: { error: 'InvalidRequest', message: 'Input must have the property "identifier"' } };
    const known = [this.handle, this.did, this.email].includes(body.identifier);
    if (!known || body.password !== this.appPassword)
      return { status: 401, body: { error: 'AuthenticationRequired', message: 'Invalid identifier or password' } };
    return { status: 200, body: { ...this.issueSession(), did: this.did, handle: this.handle, email: this.email, active: true } };
  }

  /** Logout with the refresh JWT: it stops working. */
  private deleteSession(req: FakeRequest): FakeResponse {
    if (!req.token || this.refreshTokens.get(req.token) !== 'valid') return { status: 400, body: { error: 'InvalidToken', message: 'Token has been revoked' } };
    this.refreshTokens.set(req.token, 'revoked');
    return { status: 200 };
  }

  private refreshSession(req: FakeRequest): FakeResponse {
    const state = req.token ? this.refreshTokens.get(req.token) : undefined;
    if (state === 'expired') return { status: 400, body: { error: 'ExpiredToken', message: 'Token has expired' } };
    if (state !== 'valid') return { status: 400, body: { error: 'InvalidToken', message: 'Token has been revoked' } };
    if (!this.rotateRefreshTokens) {
      const { accessJwt } = this.issueSession();
      return { status: 200, body: { accessJwt, did: this.did, handle: this.handle, active: true } };
    }
    this.refreshTokens.set(req.token!, 'revoked'); // rotation: the old refresh JWT is spent
    return { status: 200, body: { ...this.issueSession(), did: this.did, handle: this.handle, active: true } };
  }

  private uploadBlob(req: FakeRequest): FakeResponse {
    const mimeType = String(req.headers['content-type'] ?? '');
    if (req.raw.length > this.maxBlobBytes) {
      return {
        status: 400,
        body: { error: 'BlobTooLarge', message: `This file is too large. It is ${req.raw.length} bytes but the maximum size is ${this.maxBlobBytes} bytes.` },
      };
    }
    const blob = { cid: cidOf(req.raw), mimeType, size: req.raw.length };
    this.blobs.push(blob);
    return { status: 200, body: { blob: { $type: 'blob', ref: { $link: blob.cid }, mimeType, size: blob.size } } };
  }

  private createRecord(req: FakeRequest): FakeResponse {
    const body = req.body as { repo?: string; collection?: string; record?: Record<string, any> };
    if (body.repo !== this.did) return { status: 400, body: { error: 'InvalidRequest', message: 'Repo does not match the session' } };
    const record = body.record ?? {};
    const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(String(record.text ?? ''))].length;
    if (graphemes > 300) {
      return {
        status: 400,
        body: { error: 'InvalidRequest', message: 'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes' },
      };
    }
    // The images lexicon requires `alt` on every image ('' allowed).
    const images = record.embed?.$type === 'app.bsky.embed.images' ? ((record.embed.images ?? []) as Array<{ alt?: unknown }>) : [];
    if (images.some((image) => typeof image.alt !== 'string')) {
      return {
        status: 400,
        body: { error: 'InvalidRequest', message: 'Invalid app.bsky.feed.post record: Record/embed/images/0 must have the property "alt"' },
      };
    }
    const rkey = `3k${this.nextId()}`;
    const uri = `at://${this.did}/${body.collection}/${rkey}`;
    const post = { uri, cid: cidOf(JSON.stringify(record) + rkey), rkey, value: record };
    this.posts.push(post);
    return { status: 200, body: { uri, cid: post.cid, commit: { cid: cidOf(uri), rev: rkey }, validationStatus: 'valid' } };
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
    this.metricReads.clear();
    this.profileReads = 0;
  }

  /** How many times each post's counters were read (getPosts), by at:// URI. */
  readonly metricReads = new Map<string, number>();
  /** How many times the profile (and its counts) was read. */
  profileReads = 0;

  /** The next request matching `match` is refused as a PDS refuses an OAuth session without the scope for the call. */
  refuseMissingScope(match: string | RegExp = 'app.bsky.feed.getPosts'): void {
    const nsid = typeof match === 'string' ? match.replace(/^.*\//, '') : 'app.bsky.feed.getPosts';
    const scope = `rpc:${nsid}?aud=did:web:api.bsky.app%23bsky_appview`;
    this.inject({ kind: 'respond', match, response: { status: 403, body: { error: 'ScopeMissingError', message: `Missing required scope "${scope}"` } } });
  }

  private profileCounts() {
    this.profileReads += 1;
    return { followersCount: 250 + 3 * this.profileReads, followsCount: 80 + this.profileReads, postsCount: this.posts.length };
  }

  /** The AppView's postViews of the uris it has, in the order asked; unknown ones are left out. */
  private getPosts(req: FakeRequest): FakeResponse {
    const uris = req.query.getAll('uris');
    if (uris.length === 0) return { status: 400, body: { error: 'InvalidRequest', message: 'Error: Params must have the property "uris"' } };
    if (uris.length > 25) return { status: 400, body: { error: 'InvalidRequest', message: 'Error: uris must not have more than 25 elements' } };
    const views = uris.flatMap((uri) => {
      const post = this.posts.find((p) => p.uri === uri);
      if (!post) return [];
      const reads = (this.metricReads.get(uri) ?? 0) + 1;
      this.metricReads.set(uri, reads);
      const age = Math.max(0, Math.floor((req.at.getTime() - Date.parse(String(post.value.createdAt))) / 1000));
      return [
        {
          uri: post.uri,
          cid: post.cid,
          author: { did: this.did, handle: this.handle, displayName: this.profile.displayName },
          record: post.value,
          replyCount: Math.floor(age / 3) + reads,
          repostCount: Math.floor(age / 2) + reads,
          likeCount: 1 + age + 2 * reads,
          quoteCount: Math.floor(age / 5) + reads,
          bookmarkCount: Math.floor(age / 4) + reads,
          indexedAt: String(post.value.createdAt),
          labels: [],
        },
      ];
    });
    return { status: 200, body: { posts: views } };
  }

  /** "Delete a repository record, or ensure it doesn't exist": a missing record answers 200 too. */
  private deleteRecord(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as { repo?: string; collection?: string; rkey?: string };
    if (!body.repo || !body.collection || !body.rkey)
      return { status: 400, body: { error: 'InvalidRequest', message: 'Input must have the properties "repo", "collection" and "rkey"' } };
    if (body.repo !== this.did) return { status: 400, body: { error: 'InvalidRequest', message: 'Repo does not match the session' } };
    this.deletes.push(`at://${body.repo}/${body.collection}/${body.rkey}`);
    const at = this.posts.findIndex((p) => p.rkey === body.rkey && p.uri.includes(`/${body.collection}/`));
    if (at !== -1) this.posts.splice(at, 1);
    return { status: 200, body: { commit: { cid: cidOf(`${body.rkey}-deleted`), rev: this.nextId() } } };
  }

  private getRecord(req: FakeRequest): FakeResponse {
    const post = this.posts.find((p) => p.rkey === req.query.get('rkey') && req.query.get('repo') === this.did);
    if (!post) return { status: 400, body: { error: 'RecordNotFound', message: 'Could not locate record' } };
    return { status: 200, body: { uri: post.uri, cid: post.cid, value: post.value } };
  }

  private listRecords(req: FakeRequest): FakeResponse {
    const limit = Number(req.query.get('limit') ?? 50);
    const records = [...this.posts]
      .reverse()
      .slice(0, limit)
      .map((p) => ({ uri: p.uri, cid: p.cid, value: p.value }));
    return { status: 200, body: { records } };
  }

  private serviceAuth(req: FakeRequest): FakeResponse {
    const aud = req.query.get('aud') ?? '';
    const lxm = req.query.get('lxm') ?? '';
    if (!aud.startsWith('did:')) return { status: 400, body: { error: 'InvalidRequest', message: 'aud must be a DID' } };
    const token = `svc-${this.nextId()}`;
    this.setToken(token);
    this.serviceTokens.set(token, { aud, lxm });
    return { status: 200, body: { token } };
  }

  private uploadVideo(req: FakeRequest): FakeResponse {
    const grant = req.token ? this.serviceTokens.get(req.token) : undefined;
    if (!grant || grant.lxm !== 'com.atproto.repo.uploadBlob') return { status: 401, body: { error: 'Unauthorized', message: 'bad service token' } };
    if (req.query.get('did') !== this.did) return { status: 400, body: { error: 'InvalidRequest', message: 'did mismatch' } };
    const jobId = this.nextId('job');
    this.videoJobs.set(jobId, { jobId, polls: 0, size: req.raw.length, mimeType: String(req.headers['content-type'] ?? ''), name: req.query.get('name') });
    // The live service answers with a flat JobStatus here (the lexicon says {jobStatus}).
    return { status: 200, body: { did: this.did, jobId, state: 'JOB_STATE_CREATED' } };
  }

  private jobStatus(req: FakeRequest): FakeResponse {
    const job = this.videoJobs.get(req.query.get('jobId') ?? '');
    if (!job) return { status: 404, body: { error: 'NotFound', message: 'job not found' } };
    job.polls += 1;
    if (job.polls < this.processingPolls) {
      return { status: 200, body: { jobStatus: { jobId: job.jobId, did: this.did, state: 'JOB_STATE_ENCODING', progress: 50 } } };
    }
    const cid = cidOf(job.jobId);
    return {
      status: 200,
      body: {
        jobStatus: {
          jobId: job.jobId,
          did: this.did,
          state: 'JOB_STATE_COMPLETED',
          progress: 100,
          blob: { $type: 'blob', ref: { $link: cid }, mimeType: 'video/mp4', size: job.size },
        },
      },
    };
  }
}
