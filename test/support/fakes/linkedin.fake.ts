import { FakeOAuth } from './fake-oauth';
import { FakePlatformServer, type FakeRequest, type FakeResponse, type TokenState } from './fake-platform-server';

export interface FakeLinkedInPost {
  urn: string;
  author: string;
  commentary: string;
  content?: { media?: { id: string; title?: string; altText?: string }; multiImage?: { images: Array<{ id: string; altText?: string }> } };
  body: Record<string, unknown>;
  createdAt: Date;
  /** memberCreatorPostAnalytics calls answered for this post: its counters grow with them. */
  analyticsReads?: number;
}

export const LINKEDIN_REACTION_TYPES = ['LIKE', 'PRAISE', 'EMPATHY', 'INTEREST', 'APPRECIATION', 'ENTERTAINMENT'] as const;

export interface FakeLinkedInReaction {
  actor: string;
  reactionType: string;
  at: Date;
}

export interface FakeLinkedInComment {
  id: string;
  commentUrn: string;
  actor: string;
  text: string;
  parentComment?: string;
  at: Date;
}

/** A post's social side: its activity URN (what the feed shows) and what members did under it. */
export interface FakeLinkedInSocial {
  activityUrn: string;
  reactions: FakeLinkedInReaction[];
  comments: FakeLinkedInComment[];
}

export const LINKEDIN_POST_QUERY_TYPES = ['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'] as const;
export type LinkedInPostQueryType = (typeof LINKEDIN_POST_QUERY_TYPES)[number];

interface FakeVideo {
  urn: string;
  owner: string;
  size: number;
  parts: Array<{ firstByte: number; lastByte: number; etag?: string; received?: number }>;
  uploadToken: string;
  finalized: boolean;
  statusPolls: number;
}

/**
 * LinkedIn versioned REST API: Posts, Images and Videos (initializeUpload, part PUTs with etags,
 * finalizeUpload, status), OpenID userinfo and the OAuth refresh grant. Every /rest call must
 * carry LinkedIn-Version and X-Restli-Protocol-Version, as the real API insists.
 */
export class LinkedInFake extends FakePlatformServer {
  readonly posts: FakeLinkedInPost[] = [];
  readonly images = new Map<string, { owner: string; bytes: Buffer | null }>();
  readonly videos = new Map<string, FakeVideo>();
  /** Documents API uploads by URN: their owner and the bytes PUT (null until then). */
  readonly documents = new Map<string, { owner: string; bytes: Buffer | null }>();
  readonly refreshTokens = new Map<string, 'valid' | 'revoked'>();
  /** URNs of every `DELETE /rest/posts/{urn}` answered (deleted or not found), in order; refused ones are only in `calls('DELETE')`. */
  readonly deletes: string[] = [];
  userinfo = {
    sub: 'abc123',
    name: 'Fake Member',
    given_name: 'Fake',
    family_name: 'Member',
    picture: 'https://media.licdn.com/p.jpg',
    email: 'fake@example.com',
  };
  /** queryTypes answered with LinkedIn's `-1` ("unavailable") for every post. */
  readonly unavailableMetrics = new Set<LinkedInPostQueryType>();
  /** The member's follower total before reads (memberFollowersCount?q=me adds one per call). */
  followersBase = 961;
  private followerReads = 0;
  /** LinkedIn splits videos into 4 MB parts; tests shrink this to get several parts quickly. */
  videoPartBytes = 4 * 1024 * 1024;
  /** Reactions and comments per post URN (share or ugcPost); posts from `addPost` or `createPost` get one on first use. */
  readonly social = new Map<string, FakeLinkedInSocial>();
  /** Scopes granted to a token; a token not listed has every scope. */
  readonly tokenScopes = new Map<string, string[]>();

  constructor() {
    super();
    this.route('POST', '/rest/posts', (req) => this.versioned(req, () => this.createPost(req)));
    this.route('GET', '/rest/posts', (req) => this.versioned(req, () => this.findPostsByAuthor(req)));
    this.route('DELETE', '/rest/posts/:urn', (req) => this.versioned(req, () => this.deletePost(req)));
    this.route('POST', '/rest/images', (req) => this.versioned(req, () => this.initImage(req)));
    this.route('PUT', '/upload/image/:id', (req) => this.putImage(req));
    this.route('POST', '/rest/documents', (req) => this.versioned(req, () => this.initDocument(req)));
    this.route('PUT', '/upload/document/:id', (req) => this.putDocument(req));
    this.route('POST', '/rest/videos', (req) =>
      this.versioned(req, () => (req.query.get('action') === 'finalizeUpload' ? this.finalizeVideo(req) : this.initVideo(req))),
    );
    this.route('PUT', '/upload/video/:id/:part', (req) => this.putVideoPart(req));
    this.route('GET', '/rest/videos/:urn', (req) => this.versioned(req, () => this.videoStatus(req)));
    this.route('GET', '/rest/memberCreatorPostAnalytics', (req) => this.versioned(req, () => this.postAnalytics(req)));
    this.route('GET', '/rest/memberFollowersCount', (req) => this.versioned(req, () => this.followersCount(req)));
    this.route('POST', '/rest/reactions', (req) => this.versioned(req, () => this.createReaction(req)));
    this.route('DELETE', '/rest/reactions/:key', (req) => this.versioned(req, () => this.deleteReaction(req)));
    this.route('POST', '/rest/socialActions/:urn/comments', (req) => this.versioned(req, () => this.createComment(req)));
    this.route('DELETE', '/rest/socialActions/:urn/comments/:commentId', (req) => this.versioned(req, () => this.deleteComment(req)));
    this.route('GET', '/v2/userinfo', () => ({ status: 200, body: this.userinfo }));
    this.route('POST', '/oauth/v2/accessToken', (req) => this.oauth.exchange(req) ?? this.token(req));
    this.route('GET', '/rest/organizationAcls', () => ({
      status: 200,
      body: { elements: this.organizations.map((o) => ({ organization: `urn:li:organization:${o.id}`, role: 'ADMINISTRATOR', state: 'APPROVED' })) },
    }));
    this.route('GET', '/rest/organizations/:id', (req) => {
      const org = this.organizations.find((o) => String(o.id) === req.params.id);
      return org ? { status: 200, body: org } : { status: 404, body: { status: 404, message: 'Not found' } };
    });
  }

  /** Pages the member administers (organizationAcls). */
  organizations: Array<{ id: number; localizedName: string; vanityName: string }> = [];
  /** Authorization code flow (secret in the body, no PKCE); issues 60-day tokens with a refresh token. */
  readonly oauth = new FakeOAuth(this, {
    clientId: 'li-client',
    clientSecret: 'li-secret',
    clientAuth: 'body',
    requirePkce: false,
    authorizePath: '/oauth/v2/authorization',
    issue: (grant) => {
      const access = this.nextId('li-at-');
      const refresh = this.nextId('li-rt-');
      this.setToken(access);
      this.refreshTokens.set(refresh, 'valid');
      return { access_token: access, expires_in: 5184000, refresh_token: refresh, refresh_token_expires_in: 31536000, scope: grant.scope.replace(/ /g, ',') };
    },
  });

  protected override isPublic(req: FakeRequest): boolean {
    return req.path === '/oauth/v2/accessToken';
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
    this.unavailableMetrics.clear();
    this.followersBase = 961;
    this.followerReads = 0;
  }

  /** The reaction and comment calls answered or refused, in order. */
  socialCalls(): FakeRequest[] {
    return this.calls(/^(POST|DELETE) \/rest\/(reactions|socialActions\/)/);
  }

  /**
   * A published post of `author` straight in the store (share or ugcPost), with its activity URN
   * (a different number, as on LinkedIn).
   */
  addPost(author: string, kind: 'share' | 'ugcPost' = 'share', commentary = 'A post'): FakeLinkedInPost & FakeLinkedInSocial {
    const urn = `urn:li:${kind}:${this.nextNumber()}`;
    const post: FakeLinkedInPost = { urn, author, commentary, body: {}, createdAt: new Date() };
    this.posts.push(post);
    return { ...post, ...this.socialOf(post.urn) };
  }

  /** The reactions and comments of a post (by share/ugcPost URN). */
  socialOf(urn: string): FakeLinkedInSocial {
    let social = this.social.get(urn);
    if (!social) {
      social = { activityUrn: `urn:li:activity:${this.nextNumber()}`, reactions: [], comments: [] };
      this.social.set(urn, social);
    }
    return social;
  }

  /** The analytics calls answered or refused (memberCreatorPostAnalytics, memberFollowersCount). */
  analyticsCalls(): FakeRequest[] {
    return this.calls(/^GET \/rest\/(memberCreatorPostAnalytics|memberFollowersCount)$/);
  }

  /**
   * A post's lifetime count of one queryType as of now: it grows with the post's age (seconds) and
   * with every analytics read of it, so two reads always differ and a test can assert growth.
   */
  postCount(post: FakeLinkedInPost, metric: LinkedInPostQueryType): number {
    const age = Math.floor((Date.now() - post.createdAt.getTime()) / 1000);
    const reads = post.analyticsReads ?? 0;
    const rates: Record<LinkedInPostQueryType, [number, number, number]> = {
      IMPRESSION: [100, 10, 3],
      MEMBERS_REACHED: [60, 6, 2],
      RESHARE: [1, 1, 0],
      REACTION: [5, 2, 1],
      COMMENT: [2, 1, 0],
    };
    const [base, perRead, perSecond] = rates[metric];
    return base + perRead * reads + perSecond * age;
  }

  /**
   * Answers the next request whose `METHOD path` matches with this LinkedIn error instead (once,
   * after the token check), e.g. 403 ACCESS_DENIED for a permission the token lacks.
   */
  refuse(match: string | RegExp, status: number, code: string, message: string, serviceErrorCode?: number): void {
    this.inject({ kind: 'respond', match, response: { status, body: { status, code, message, ...(serviceErrorCode ? { serviceErrorCode } : {}) } } });
  }

  protected authError(_req: FakeRequest, state: TokenState | 'missing'): FakeResponse {
    return linkedInAuthError(state);
  }

  /** LinkedIn's throttles are daily; it answers 429 without a reset header. */
  protected rateLimitError(_req: FakeRequest, _retryAfterSeconds: number): FakeResponse {
    return {
      status: 429,
      body: {
        status: 429,
        serviceErrorCode: 101,
        code: 'TOO_MANY_REQUESTS',
        message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
      },
    };
  }

  protected override serverError(_req: FakeRequest): FakeResponse {
    return { status: 500, body: { status: 500, message: 'Internal Server Error' } };
  }

  private error(status: number, message: string, code = 'UNPROCESSABLE_ENTITY'): FakeResponse {
    return { status, body: { status, code, message } };
  }

  private versioned(req: FakeRequest, handler: () => FakeResponse): FakeResponse {
    const version = req.headers['linkedin-version'];
    if (!version) return this.error(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', 'VERSION_MISSING');
    if (!/^\d{6}(\.\d{2})?$/.test(String(version))) return this.error(426, `Requested version ${version} is not active`, 'NONEXISTENT_VERSION');
    if (req.headers['x-restli-protocol-version'] !== '2.0.0') return this.error(400, 'X-Restli-Protocol-Version 2.0.0 is required', 'ILLEGAL_ARGUMENT');
    return handler();
  }

  /**
   * `memberCreatorPostAnalytics?q=entity&entity=(share:urn)|(ugc:urn)&queryType=…&aggregation=TOTAL`:
   * one post per call, from the store. A post not there answers 404 naming it.
   */
  private postAnalytics(req: FakeRequest): FakeResponse {
    const metric = req.query.get('queryType') as LinkedInPostQueryType | null;
    if (req.query.get('q') !== 'entity') return this.error(400, `Unsupported finder: ${req.query.get('q')}`, 'ILLEGAL_ARGUMENT');
    if (!metric || !LINKEDIN_POST_QUERY_TYPES.includes(metric)) return this.error(400, `Invalid queryType: ${metric}`, 'ILLEGAL_ARGUMENT');
    if (req.query.get('aggregation') !== 'TOTAL') return this.error(400, `Unsupported aggregation: ${req.query.get('aggregation')}`, 'ILLEGAL_ARGUMENT');
    // The URN sits in the slot of its kind: `(share:urn:li:share:…)` or `(ugc:urn:li:ugcPost:…)`.
    const entity = /^\((share|ugc):(urn:li:(share|ugcPost):[^)]+)\)$/.exec(req.query.get('entity') ?? '');
    if (!entity || (entity[1] === 'ugc') !== (entity[3] === 'ugcPost'))
      return this.error(400, `Invalid entity: ${req.query.get('entity')}`, 'ILLEGAL_ARGUMENT');
    const urn = entity[2];
    const post = this.posts.find((p) => p.urn === urn);
    if (!post) return this.error(404, `Entity ${urn} not found`, 'NOT_FOUND');
    post.analyticsReads = (post.analyticsReads ?? 0) + 1;
    const count = this.unavailableMetrics.has(metric) ? -1 : this.postCount(post, metric);
    const metricType = { 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': metric };
    return { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements: [{ count, dateRange: {}, metricType }] } };
  }

  /** `memberFollowersCount?q=me`: the follower total, one more on each read. */
  private followersCount(req: FakeRequest): FakeResponse {
    if (req.query.get('q') !== 'me') return this.error(400, `Unsupported finder: ${req.query.get('q')}`, 'ILLEGAL_ARGUMENT');
    this.followerReads += 1;
    return { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements: [{ memberFollowersCount: this.followersBase + this.followerReads }] } };
  }

  /** A post by its share, ugcPost or activity URN, as the social actions APIs take them. */
  private postByAnyUrn(urn: string): { post: FakeLinkedInPost; social: FakeLinkedInSocial } | null {
    const direct = this.posts.find((p) => p.urn === urn);
    if (direct) return { post: direct, social: this.socialOf(direct.urn) };
    for (const [postUrn, social] of this.social) {
      const post = social.activityUrn === urn ? this.posts.find((p) => p.urn === postUrn) : undefined;
      if (post) return { post, social };
    }
    return null;
  }

  /**
   * The member's (`w_member_social`) or page's (`w_organization_social`) write scope; LinkedIn's
   * newer pages name them `*_feed`, so either passes. A missing one is LinkedIn's 403 ACCESS_DENIED.
   */
  private scopeRefusal(req: FakeRequest, actor: string, resource: string): FakeResponse | null {
    const scopes = req.token ? this.tokenScopes.get(req.token) : undefined;
    if (!scopes) return null;
    const needed = actor.startsWith('urn:li:organization:') ? 'w_organization_social' : 'w_member_social';
    if (scopes.includes(needed) || scopes.includes(`${needed}_feed`)) return null;
    return { status: 403, body: { status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: `Not enough permissions to access: ${resource}` } };
  }

  private static readonly ACTOR = /^urn:li:(person|organization):[A-Za-z0-9_-]+$/;

  /** `POST /rest/reactions?actor=<urn>` `{ root, reactionType }` → 201 with the reaction key in `x-restli-id`. */
  private createReaction(req: FakeRequest): FakeResponse {
    const actor = req.query.get('actor') ?? '';
    if (!LinkedInFake.ACTOR.test(actor)) return this.error(400, `Invalid actor: ${actor}`, 'ILLEGAL_ARGUMENT');
    const refused = this.scopeRefusal(req, actor, `reactions.CREATE.${String(req.headers['linkedin-version'])}`);
    if (refused) return refused;
    const body = (req.body ?? {}) as { root?: unknown; reactionType?: unknown };
    if (typeof body.reactionType !== 'string' || !(LINKEDIN_REACTION_TYPES as readonly string[]).includes(body.reactionType)) {
      return this.error(422, `Invalid reactionType: ${String(body.reactionType)}`);
    }
    const found = typeof body.root === 'string' ? this.postByAnyUrn(body.root) : null;
    if (!found) return this.error(404, `Entity ${String(body.root)} not found`, 'NOT_FOUND');
    // One reaction per member and post: reacting again changes its type.
    const existing = found.social.reactions.find((r) => r.actor === actor);
    if (existing) existing.reactionType = body.reactionType;
    else found.social.reactions.push({ actor, reactionType: body.reactionType, at: new Date() });
    const key = `urn:li:reaction:(${actor},${found.social.activityUrn})`;
    return { status: 201, headers: { 'x-restli-id': key }, body: { root: body.root, reactionType: body.reactionType, created: { actor, time: Date.now() } } };
  }

  /** `DELETE /rest/reactions/(actor:<encoded urn>,entity:<encoded urn>)` → 204; the URNs must be URL-encoded. */
  private deleteReaction(req: FakeRequest): FakeResponse {
    const raw = /^\/rest\/reactions\/\(actor:(urn%3Ali%3A[^,()]+),entity:(urn%3Ali%3A[^,()]+)\)$/.exec(req.path);
    if (!raw) return this.error(400, `Invalid reaction key: ${req.params.key}`, 'ILLEGAL_ARGUMENT');
    const actor = decodeURIComponent(raw[1]);
    const entity = decodeURIComponent(raw[2]);
    if (!LinkedInFake.ACTOR.test(actor)) return this.error(400, `Invalid actor: ${actor}`, 'ILLEGAL_ARGUMENT');
    const refused = this.scopeRefusal(req, actor, `reactions.DELETE.${String(req.headers['linkedin-version'])}`);
    if (refused) return refused;
    const found = this.postByAnyUrn(entity);
    if (!found) return this.error(404, `Entity ${entity} not found`, 'NOT_FOUND');
    const index = found.social.reactions.findIndex((r) => r.actor === actor);
    if (index === -1) return this.error(404, `No reaction of ${actor} on ${entity}`, 'NOT_FOUND');
    found.social.reactions.splice(index, 1);
    return { status: 204 };
  }

  /** The post URN of a socialActions path, which must arrive URL-encoded. */
  private socialTarget(req: FakeRequest): string | null {
    const segment = req.path.split('/')[3] ?? '';
    return /^urn%3Ali%3A/.test(segment) ? req.params.urn : null;
  }

  /**
   * `POST /rest/socialActions/<encoded post URN>/comments` `{ actor, object, message: { text }, parentComment? }`
   * → 201 with the comment id in `x-restli-id` and the comment as the body.
   */
  private createComment(req: FakeRequest): FakeResponse {
    const urn = this.socialTarget(req);
    if (!urn) return this.error(400, `The URN in the path must be URL-encoded: ${req.path}`, 'ILLEGAL_ARGUMENT');
    const body = (req.body ?? {}) as { actor?: unknown; object?: unknown; message?: { text?: unknown }; parentComment?: unknown };
    const actor = typeof body.actor === 'string' ? body.actor : '';
    if (!LinkedInFake.ACTOR.test(actor)) return this.error(422, `Invalid actor: ${String(body.actor)}`);
    const refused = this.scopeRefusal(req, actor, `comments.CREATE.${String(req.headers['linkedin-version'])}`);
    if (refused) return refused;
    if (body.object !== urn) return this.error(422, `object must be the post of the path (${urn})`);
    const text = body.message?.text;
    if (typeof text !== 'string' || text.length === 0) return this.error(422, 'message.text is required');
    if ([...text].length > 1250) return this.error(422, 'Comment text exceeds 1250 characters');
    const found = this.postByAnyUrn(urn);
    if (!found) return this.error(404, `Entity ${urn} not found`, 'NOT_FOUND');
    const parent = body.parentComment;
    if (parent !== undefined && !found.social.comments.some((c) => c.commentUrn === parent)) {
      return this.error(404, `Parent comment ${String(parent)} not found`, 'NOT_FOUND');
    }
    const id = this.nextNumber();
    const comment: FakeLinkedInComment = {
      id,
      commentUrn: `urn:li:comment:(${found.social.activityUrn},${id})`,
      actor,
      text,
      ...(typeof parent === 'string' ? { parentComment: parent } : {}),
      at: new Date(),
    };
    found.social.comments.push(comment);
    return {
      status: 201,
      headers: { 'x-restli-id': id },
      body: {
        id,
        commentUrn: comment.commentUrn,
        actor,
        object: urn,
        message: { text },
        created: { actor, time: comment.at.getTime() },
        ...(comment.parentComment ? { parentComment: comment.parentComment } : {}),
      },
    };
  }

  /** `DELETE /rest/socialActions/<encoded post URN>/comments/<id>?actor=<urn>` → 204; only the comment's author may. */
  private deleteComment(req: FakeRequest): FakeResponse {
    const urn = this.socialTarget(req);
    if (!urn) return this.error(400, `The URN in the path must be URL-encoded: ${req.path}`, 'ILLEGAL_ARGUMENT');
    const actor = req.query.get('actor') ?? '';
    if (!LinkedInFake.ACTOR.test(actor)) return this.error(400, `Invalid actor: ${actor}`, 'ILLEGAL_ARGUMENT');
    const refused = this.scopeRefusal(req, actor, `comments.DELETE.${String(req.headers['linkedin-version'])}`);
    if (refused) return refused;
    if (!/^\d+$/.test(req.params.commentId)) return this.error(400, `Invalid comment id: ${req.params.commentId}`, 'ILLEGAL_ARGUMENT');
    const found = this.postByAnyUrn(urn);
    if (!found) return this.error(404, `Entity ${urn} not found`, 'NOT_FOUND');
    const index = found.social.comments.findIndex((c) => c.id === req.params.commentId);
    if (index === -1) return this.error(404, `Comment ${req.params.commentId} not found`, 'NOT_FOUND');
    if (found.social.comments[index].actor !== actor) {
      return {
        status: 403,
        body: { status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: `${actor} may not delete comment ${req.params.commentId}` },
      };
    }
    found.social.comments.splice(index, 1);
    return { status: 204 };
  }

  private createPost(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as Record<string, unknown> & FakeLinkedInPost;
    if (!/^urn:li:(person|organization):/.test(String(body.author))) return this.error(422, 'author is not a valid person or organization URN');
    if (typeof body.commentary !== 'string') return this.error(422, 'commentary is required');
    // Little text: reserved characters must be escaped (mentions `@[Name](urn:…)` are markup).
    const plain = body.commentary.replace(/@\[(?:\\.|[^\]\\])*\]\(urn:li:[a-z]+:[A-Za-z0-9_-]+\)/g, '').replace(/\\./g, '');
    if (/[|{}@[\]()<>#*_~\\]/.test(plain)) return this.error(422, 'commentary contains unescaped reserved characters');
    if (body.visibility !== 'PUBLIC' || body.lifecycleState !== 'PUBLISHED') return this.error(422, 'visibility and lifecycleState are required');
    const distribution = body.distribution as { feedDistribution?: string } | undefined;
    if (distribution?.feedDistribution !== 'MAIN_FEED') return this.error(422, 'distribution.feedDistribution is required');
    const ids = body.content?.media ? [body.content.media.id] : (body.content?.multiImage?.images ?? []).map((i) => i.id);
    if (body.content?.multiImage) {
      if (ids.length < 2 || ids.length > 20) return this.error(422, 'multiImage takes 2 to 20 images');
      if (!ids.every((id) => id.startsWith('urn:li:image:'))) return this.error(422, 'multiImage takes images only');
      if (new Set(ids).size !== ids.length) return this.error(422, 'multiImage lists an image twice');
    }
    const isDocument = ids.length === 1 && ids[0].startsWith('urn:li:document:');
    if (isDocument && !(typeof body.content?.media?.title === 'string' && body.content.media.title.trim())) {
      return this.error(422, 'content.media.title is required for a document');
    }
    for (const id of ids) {
      // Images and documents: initialized by this author, then their bytes PUT, before the post.
      const upload = id.startsWith('urn:li:image:') ? this.images.get(id) : id.startsWith('urn:li:document:') ? this.documents.get(id) : undefined;
      const video = this.videos.get(id);
      const ready = upload ? Boolean(upload.bytes) : video !== undefined && this.isAvailable(video);
      if (!ready) return this.error(422, `Media ${id} is not ready or does not exist`);
      if (upload && upload.owner !== body.author) return this.error(403, `Media ${id} belongs to another owner`, 'ACCESS_DENIED');
    }
    if (this.posts.some((p) => p.author === body.author && p.commentary === body.commentary && !body.content)) {
      return this.error(422, `Content is a duplicate of ${this.posts.find((p) => p.commentary === body.commentary)!.urn}`, 'DUPLICATE_POST');
    }
    const urn = `urn:li:share:${this.nextNumber()}`;
    this.posts.push({ urn, author: String(body.author), commentary: body.commentary, content: body.content, body, createdAt: new Date() });
    return { status: 201, headers: { 'x-restli-id': urn, 'x-linkedin-id': urn } };
  }

  /** `DELETE /rest/posts/{url-encoded URN}` → 204; the post leaves the store. */
  private deletePost(req: FakeRequest): FakeResponse {
    this.deletes.push(req.params.urn);
    const index = this.posts.findIndex((p) => p.urn === req.params.urn);
    if (index === -1) return this.error(404, `Post ${req.params.urn} does not exist`, 'NOT_FOUND');
    this.posts.splice(index, 1);
    return { status: 204 };
  }

  /** `GET /rest/posts?q=author&author=<urn>`: the author's posts, newest first, `count` of them. */
  private findPostsByAuthor(req: FakeRequest): FakeResponse {
    if (req.query.get('q') !== 'author') return this.error(400, 'q=author is required', 'ILLEGAL_ARGUMENT');
    const author = req.query.get('author');
    if (!author || !/^urn:li:(person|organization):/.test(author)) return this.error(400, 'author must be a person or organization URN', 'ILLEGAL_ARGUMENT');
    const count = Math.min(100, Number(req.query.get('count') ?? 10));
    const elements = this.posts
      .filter((p) => p.author === author)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, count)
      .map((p) => ({
        id: p.urn,
        author: p.author,
        commentary: p.commentary,
        createdAt: p.createdAt.getTime(),
        publishedAt: p.createdAt.getTime(),
        lifecycleState: 'PUBLISHED',
        visibility: 'PUBLIC',
      }));
    return { status: 200, body: { elements, paging: { start: 0, count, links: [] } } };
  }

  private initImage(req: FakeRequest): FakeResponse {
    if (req.query.get('action') !== 'initializeUpload') return this.error(400, 'unknown action');
    const owner = (req.body as { initializeUploadRequest?: { owner?: string } })?.initializeUploadRequest?.owner;
    if (!owner) return this.error(422, 'initializeUploadRequest.owner is required');
    const id = this.nextNumber();
    const urn = `urn:li:image:C4D${id}`;
    this.images.set(urn, { owner, bytes: null });
    return {
      status: 200,
      body: { value: { uploadUrlExpiresAt: Date.now() + 86400_000, uploadUrl: `${this.baseUrl}/upload/image/${encodeURIComponent(urn)}`, image: urn } },
    };
  }

  private putImage(req: FakeRequest): FakeResponse {
    const image = this.images.get(req.params.id);
    if (!image) return this.error(404, 'upload not found');
    if (!Buffer.isBuffer(req.body) || req.raw.length === 0) return this.error(400, 'empty upload');
    image.bytes = req.raw;
    return { status: 201 };
  }

  /** Documents API: `POST /rest/documents?action=initializeUpload` {initializeUploadRequest:{owner}} → {value:{uploadUrl, document}}. */
  private initDocument(req: FakeRequest): FakeResponse {
    if (req.query.get('action') !== 'initializeUpload') return this.error(400, 'unknown action');
    const owner = (req.body as { initializeUploadRequest?: { owner?: string } })?.initializeUploadRequest?.owner;
    if (!owner || !/^urn:li:(person|organization):/.test(owner)) return this.error(422, 'initializeUploadRequest.owner must be a person or organization URN');
    const urn = `urn:li:document:D4E${this.nextNumber()}`;
    this.documents.set(urn, { owner, bytes: null });
    return {
      status: 200,
      body: { value: { uploadUrlExpiresAt: Date.now() + 86400_000, uploadUrl: `${this.baseUrl}/upload/document/${encodeURIComponent(urn)}`, document: urn } },
    };
  }

  /** The document's bytes, once: a PDF (its `%PDF-` header), to an initialized upload. */
  private putDocument(req: FakeRequest): FakeResponse {
    const document = this.documents.get(req.params.id);
    if (!document) return this.error(404, 'upload not found');
    if (document.bytes) return this.error(409, 'document already uploaded');
    if (!Buffer.isBuffer(req.body) || req.raw.length === 0) return this.error(400, 'empty upload');
    if (req.raw.subarray(0, 5).toString('latin1') !== '%PDF-') return this.error(400, 'the document is not a PDF');
    document.bytes = req.raw;
    return { status: 201 };
  }

  private initVideo(req: FakeRequest): FakeResponse {
    if (req.query.get('action') !== 'initializeUpload') return this.error(400, 'unknown action');
    const init = (req.body as { initializeUploadRequest?: { owner?: string; fileSizeBytes?: number } })?.initializeUploadRequest;
    if (!init?.owner || !init.fileSizeBytes) return this.error(422, 'owner and fileSizeBytes are required');
    const urn = `urn:li:video:C5D${this.nextNumber()}`;
    const parts: FakeVideo['parts'] = [];
    for (let first = 0; first < init.fileSizeBytes; first += this.videoPartBytes) {
      parts.push({ firstByte: first, lastByte: Math.min(first + this.videoPartBytes, init.fileSizeBytes) - 1 });
    }
    const video: FakeVideo = { urn, owner: init.owner, size: init.fileSizeBytes, parts, uploadToken: this.nextId('ut-'), finalized: false, statusPolls: 0 };
    this.videos.set(urn, video);
    return {
      status: 200,
      body: {
        value: {
          uploadUrlsExpireAt: Date.now() + 86400_000,
          video: urn,
          uploadInstructions: parts.map((p, i) => ({
            uploadUrl: `${this.baseUrl}/upload/video/${encodeURIComponent(urn)}/${i}`,
            firstByte: p.firstByte,
            lastByte: p.lastByte,
          })),
          uploadToken: video.uploadToken,
        },
      },
    };
  }

  private putVideoPart(req: FakeRequest): FakeResponse {
    const video = this.videos.get(req.params.id);
    const part = video?.parts[Number(req.params.part)];
    if (!video || !part) return this.error(404, 'upload not found');
    const expected = part.lastByte - part.firstByte + 1;
    if (req.raw.length !== expected) return this.error(400, `part ${req.params.part} must be ${expected} bytes, got ${req.raw.length}`);
    part.received = req.raw.length;
    part.etag = `/ambry-video/signedId/${this.nextId('etag-')}`;
    return { status: 200, headers: { etag: part.etag } };
  }

  private finalizeVideo(req: FakeRequest): FakeResponse {
    const fin = (req.body as { finalizeUploadRequest?: { video?: string; uploadToken?: string; uploadedPartIds?: string[] } })?.finalizeUploadRequest;
    const video = this.videos.get(fin?.video ?? '');
    if (!video) return this.error(404, 'video not found');
    const etags = video.parts.map((p) => p.etag);
    if (JSON.stringify(etags) !== JSON.stringify(fin?.uploadedPartIds ?? [])) return this.error(400, 'uploadedPartIds do not match the uploaded parts');
    if (fin?.uploadToken !== video.uploadToken) return this.error(400, 'uploadToken does not match');
    video.finalized = true;
    return { status: 200 };
  }

  private videoStatus(req: FakeRequest): FakeResponse {
    const video = this.videos.get(req.params.urn);
    if (!video) return this.error(404, 'video not found', 'NOT_FOUND');
    if (video.finalized) video.statusPolls += 1;
    const status = !video.finalized ? 'WAITING_UPLOAD' : this.isAvailable(video) ? 'AVAILABLE' : 'PROCESSING';
    return { status: 200, body: { id: video.urn, owner: video.owner, status, duration: 12 } };
  }

  private isAvailable(video: FakeVideo): boolean {
    return video.finalized && video.statusPolls >= this.processingPolls;
  }

  private token(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as Record<string, string>;
    if (!body.client_id || !body.client_secret) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    if (body.grant_type !== 'refresh_token' || this.refreshTokens.get(body.refresh_token) !== 'valid') {
      return {
        status: 400,
        body: { error: 'invalid_request', error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked' },
      };
    }
    const accessToken = this.nextId('li-at-');
    this.setToken(accessToken);
    // LinkedIn keeps the same refresh token (its lifetime is not extended); it is returned again.
    return {
      status: 200,
      body: {
        access_token: accessToken,
        expires_in: 5184000,
        refresh_token: body.refresh_token,
        refresh_token_expires_in: 31000000,
        scope: 'openid,profile,w_member_social',
      },
    };
  }

  private seq = 0;
  private nextNumber(): string {
    this.seq += 1;
    return `7${String(Date.now()).slice(-9)}${String(this.seq).padStart(4, '0')}`;
  }
}

/** LinkedIn's 401 body: serviceErrorCode 65602 expired, 65601 revoked, 65600 invalid. */
export function linkedInAuthError(state: TokenState | 'missing'): FakeResponse {
  const [serviceErrorCode, code, message] =
    state === 'expired'
      ? [65602, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired']
      : state === 'revoked'
        ? [65601, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user']
        : [65600, 'INVALID_ACCESS_TOKEN', 'Invalid access token'];
  return { status: 401, body: { status: 401, serviceErrorCode, code, message } };
}
