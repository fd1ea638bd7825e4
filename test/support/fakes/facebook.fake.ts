import type { FakeRequest, FakeResponse } from './fake-platform-server';
import { FakeOAuth } from './fake-oauth';
import { MetaGraphFake } from './meta-graph.fake';

export interface FakeFacebookPost {
  id: string;
  kind: 'feed' | 'video';
  message: string;
  photoIds: string[];
  mediaUrl?: string;
  permalink: string;
  createdAt: Date;
  /** Counter reads of this post (fields or insights): its counters grow with them. */
  metricReads?: number;
}

/** Post insights Graph still serves; any other name is refused as Meta refuses a removed metric. */
const FACEBOOK_POST_INSIGHTS = new Set(['post_total_media_view_unique', 'post_media_view', 'post_clicks']);

/**
 * Facebook Pages Graph API (graph.facebook.com/v21.0) with a page token: feed posts with
 * attached unpublished photos, videos from file_url, page feed listing, /me (the page).
 * Rate limits answer with code 32 (page request limit) and X-Business-Use-Case-Usage.
 */
export class FacebookFake extends MetaGraphFake {
  readonly posts: FakeFacebookPost[] = [];
  /** Comments created with `POST /{post-id}/comments`, in order (the Page is the author). */
  readonly comments: Array<{ id: string; postId: string; message: string; page: string }> = [];
  /** Ids of every `DELETE /{id}` answered (deleted or not found), in order; refused ones are only in `calls('DELETE')`. */
  readonly deletes: string[] = [];
  /** Uploaded photos by id: the page that uploaded each, and whether it was published on upload. */
  readonly photos = new Map<string, { url: string; published: boolean; attachedTo?: string; page?: string; altTextCustom?: string }>();
  page = { id: '104000000000001', name: 'Fake Page', picture: { data: { url: 'https://scontent.xx.fbcdn.net/page.jpg', is_silhouette: false } } };

  /** The Page's counters before reads: `fan_count` under 100 gets Meta's empty insights. */
  pageStats = { followers: 1520, fans: 1490 };
  private pageReads = 0;

  constructor(version = 'v21.0') {
    super(`/${version}`);
    this.rateLimitCode = 32;
    this.graph('GET', '/:id/insights', (req) => this.insights(req));
    this.graph('GET', '/me', (req) => ({ status: 200, body: this.pick(this.page, this.fieldsOf(req)) }));
    this.graph('POST', '/:page/feed', (req) => this.feed(req));
    this.graph('GET', '/:page/feed', (req) => this.listFeed(req));
    this.graph('POST', '/:page/photos', (req) => this.photo(req));
    this.graph('POST', '/:page/videos', (req) => this.video(req));
    this.graph('POST', '/:id/comments', (req) => this.comment(req));
    this.graph('GET', '/me/accounts', () => ({ status: 200, body: { data: this.managedPages, paging: {} } }));
    this.graph('GET', '/:id', (req) => this.read(req));
    this.graph('DELETE', '/:id', (req) => this.remove(req));
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
    this.pageStats = { followers: 1520, fans: 1490 };
    this.pageReads = 0;
  }

  /**
   * A post's counters as of now: they grow with its age (seconds) and with every read, so two
   * reads differ. Shares start at 0, which Graph answers by leaving `shares` out.
   */
  postCounters(post: FakeFacebookPost): { reactions: number; comments: number; shares: number; viewers: number } {
    const age = Math.floor((Date.now() - post.createdAt.getTime()) / 1000);
    const reads = post.metricReads ?? 0;
    return { reactions: 3 + 2 * reads + age, comments: 1 + reads, shares: Math.floor(reads / 2), viewers: 50 + 5 * reads + 2 * age };
  }

  /** Pages the signing-in person manages, each with its own page token (`/me/accounts`). */
  managedPages: Array<{
    id: string;
    name: string;
    access_token: string;
    picture?: { data: { url: string } };
    /** The Instagram professional account linked to the Page (asked for by Instagram through Facebook Login). */
    instagram_business_account?: { id: string; username: string; name?: string; profile_picture_url?: string };
  }> = [];
  /** Facebook Login: the token endpoint is a GET with the secret in the query; no PKCE. */
  readonly oauth = new FakeOAuth(this, {
    clientId: 'fb-client',
    clientSecret: 'fb-secret',
    clientAuth: 'body',
    requirePkce: false,
    authorizePath: `${this.prefix}/dialog/oauth`,
    tokenPath: `${this.prefix}/oauth/access_token`,
    tokenMethod: 'GET',
    issue: () => {
      const token = this.nextId('EAAuser');
      this.setToken(token);
      for (const page of this.managedPages) this.setToken(page.access_token);
      return { access_token: token, token_type: 'bearer', expires_in: 5183944 };
    },
  });

  private invalid(message: string, userMessage?: string): FakeResponse {
    return this.graphError(400, message, 100, undefined, 'OAuthException', userMessage);
  }

  private checkPage(req: FakeRequest): FakeResponse | null {
    return req.params.page === this.page.id ? null : this.graphError(403, "(#200) The user hasn't authorized the application to perform this action", 200);
  }

  private createdAnswer(post: FakeFacebookPost, req: FakeRequest): FakeResponse {
    return { status: 200, body: this.pick({ id: post.id, permalink_url: post.permalink }, this.fieldsOf(req)) };
  }

  /** `POST /{post-id}/comments {message}` with the Page token → `{id}`; the post must exist. */
  private comment(req: FakeRequest): FakeResponse {
    const post = this.posts.find((p) => p.id === req.params.id);
    if (!post) return this.noSuchObject(req.params.id, 'post comments on');
    const { message } = this.params(req);
    if (!message) return this.invalid('(#100) Missing message');
    const comment = { id: `${post.id.split('_').pop()}_${this.nextNumber()}`, postId: post.id, message, page: this.page.id };
    this.comments.push(comment);
    return { status: 200, body: { id: comment.id } };
  }

  private feed(req: FakeRequest): FakeResponse {
    const denied = this.checkPage(req);
    if (denied) return denied;
    const p = this.params(req);
    let attached: Array<{ media_fbid?: string }> = [];
    try {
      attached = p.attached_media ? JSON.parse(p.attached_media) : [];
    } catch {
      return this.invalid('(#100) param attached_media must be an array.');
    }
    if (!p.message && attached.length === 0) return this.invalid('(#100) Missing message or attachment');
    // Every attached photo was uploaded by this page, unpublished, and is attached once.
    const seen = new Set<string>();
    for (const a of attached) {
      const photo = this.photos.get(a.media_fbid ?? '');
      if (!photo || photo.published || photo.attachedTo || photo.page !== req.params.page || seen.has(a.media_fbid!)) {
        return this.invalid(`(#100) Invalid media_fbid ${a.media_fbid}`);
      }
      seen.add(a.media_fbid!);
    }
    if (attached.length === 0 && this.posts.some((post) => post.kind === 'feed' && post.message === p.message)) {
      return this.graphError(400, 'Duplicate status message', 506, 1455006, 'OAuthException', 'This status update is identical to the last one you posted.');
    }
    const postId = this.nextNumber();
    const post: FakeFacebookPost = {
      id: `${this.page.id}_${postId}`,
      kind: 'feed',
      message: p.message ?? '',
      photoIds: attached.map((a) => a.media_fbid!),
      permalink: `https://www.facebook.com/${this.page.id}/posts/${postId}`,
      createdAt: new Date(),
    };
    for (const id of post.photoIds) this.photos.get(id)!.attachedTo = post.id;
    this.posts.push(post);
    return this.createdAnswer(post, req);
  }

  private async photo(req: FakeRequest): Promise<FakeResponse> {
    const denied = this.checkPage(req);
    if (denied) return denied;
    const p = this.params(req);
    if (!(await this.download(p.url))) return this.graphError(400, '(#324) Missing or invalid image file', 324);
    const id = this.nextNumber();
    this.photos.set(id, {
      url: p.url,
      published: p.published !== 'false',
      page: req.params.page,
      ...(p.alt_text_custom !== undefined ? { altTextCustom: p.alt_text_custom } : {}),
    });
    return { status: 200, body: { id } };
  }

  private async video(req: FakeRequest): Promise<FakeResponse> {
    const denied = this.checkPage(req);
    if (denied) return denied;
    const p = this.params(req);
    if (!(await this.download(p.file_url))) return this.graphError(400, 'There was a problem uploading your video file. Please try again.', 6000, 1363030);
    const id = this.nextNumber();
    const post: FakeFacebookPost = {
      id,
      kind: 'video',
      message: p.description ?? '',
      photoIds: [],
      mediaUrl: p.file_url,
      permalink: `/reel/${id}/`,
      createdAt: new Date(),
    };
    this.posts.push(post);
    return this.createdAnswer(post, req);
  }

  private listFeed(req: FakeRequest): FakeResponse {
    const since = Number(req.query.get('since') ?? 0) * 1000;
    const data = this.posts
      .filter((post) => post.kind === 'feed' && post.createdAt.getTime() >= since)
      .reverse()
      .map((post) =>
        this.pick(
          { id: post.id, message: post.message, permalink_url: post.permalink, created_time: post.createdAt.toISOString().replace('Z', '+0000') },
          this.fieldsOf(req),
        ),
      );
    return { status: 200, body: { data, paging: {} } };
  }

  /** `DELETE /{page-post-id}` (a feed post or a video) → `{success:true}`; the post leaves the store. */
  private remove(req: FakeRequest): FakeResponse {
    this.deletes.push(req.params.id);
    const index = this.posts.findIndex((p) => p.id === req.params.id);
    if (index === -1) return this.noSuchObject(req.params.id, 'delete');
    this.posts.splice(index, 1);
    return { status: 200, body: { success: true } };
  }

  private read(req: FakeRequest): FakeResponse {
    if (req.params.id === this.page.id) return this.readPage(req);
    const post = this.posts.find((p) => p.id === req.params.id);
    if (!post) return this.graphError(400, `Unsupported get request. Object with ID '${req.params.id}' does not exist`, 100, 33, 'GraphMethodException');
    const fields = this.fieldsOf(req);
    const body = this.pick({ id: post.id, message: post.message, permalink_url: post.permalink }, fields);
    // Edges with a summary (`reactions.summary(total_count).limit(0)`) and `shares`, as Graph shapes them.
    const asked = new Set(fields.map((f) => f.split('.')[0]));
    if (asked.has('reactions') || asked.has('comments') || asked.has('shares')) {
      post.metricReads = (post.metricReads ?? 0) + 1;
      const c = this.postCounters(post);
      if (asked.has('reactions')) body.reactions = { data: [], summary: { total_count: c.reactions, viewer_reaction: 'NONE' } };
      if (asked.has('comments')) body.comments = { data: [], summary: { order: 'ranked', total_count: c.comments, can_comment: true } };
      if (asked.has('shares') && c.shares > 0) body.shares = { count: c.shares };
    }
    return { status: 200, body };
  }

  /** The Page by id: `followers_count` and `fan_count` grow by one on each read. */
  private readPage(req: FakeRequest): FakeResponse {
    this.pageReads += 1;
    const counters = { followers_count: this.pageStats.followers + this.pageReads, fan_count: this.pageStats.fans + this.pageReads };
    return { status: 200, body: this.pick({ ...this.page, ...counters }, this.fieldsOf(req)) };
  }

  /**
   * `GET /{post-id}/insights?metric=…`: lifetime values of feed posts. A removed or unknown metric
   * is refused (code 100), a video has no post insights, and a Page under 100 likes gets `data: []`.
   */
  private insights(req: FakeRequest): FakeResponse {
    const post = this.posts.find((p) => p.id === req.params.id);
    if (!post) return this.noSuchObject(req.params.id, 'get');
    if (post.kind === 'video') return this.graphError(400, '(#100) Tried accessing nonexisting field (insights) on node type (Video)', 100);
    const metrics = (req.query.get('metric') ?? '').split(',').filter(Boolean);
    const invalid = metrics.find((m) => !FACEBOOK_POST_INSIGHTS.has(m));
    if (!metrics.length || invalid) return this.graphError(400, `(#100) The value must be a valid insights metric${invalid ? `: ${invalid}` : ''}`, 100);
    if (this.pageStats.fans < 100) return { status: 200, body: { data: [], paging: {} } };
    post.metricReads = (post.metricReads ?? 0) + 1;
    const { viewers } = this.postCounters(post);
    const data = metrics.map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: name === 'post_clicks' ? Math.floor(viewers / 10) : viewers }],
      title: name,
      id: `${post.id}/insights/${name}/lifetime`,
    }));
    return { status: 200, body: { data, paging: {} } };
  }
}
