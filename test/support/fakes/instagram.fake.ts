import type { FakeRequest, FakeResponse } from './fake-platform-server';
import { FakeOAuth } from './fake-oauth';
import { MetaGraphFake } from './meta-graph.fake';

export interface FakeInstagramMedia {
  id: string;
  owner: string;
  caption: string;
  mediaType: string;
  mediaUrls: string[];
  permalink: string;
  timestamp: string;
  /** Counter reads of this media (fields or insights): its counters grow with them. */
  metricReads?: number;
}

/** Media insights by product type; asking a type for another metric is refused as Meta does. */
const INSTAGRAM_INSIGHTS: Record<string, string[]> = {
  FEED: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions'],
  REELS: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions'],
  STORY: ['views', 'reach', 'shares', 'total_interactions', 'replies', 'navigation'],
};

/**
 * Instagram Graph API with Instagram Login (graph.instagram.com/v21.0): media containers (image,
 * REELS/STORIES video, carousel), status_code polling, media_publish, permalink, account media,
 * /me, and the unversioned `refresh_access_token` (ig_refresh_token).
 */
export class InstagramFake extends MetaGraphFake {
  readonly posts: FakeInstagramMedia[] = [];
  /** Comments created with `POST /{ig-media-id}/comments?message=…`, in order. */
  readonly comments: Array<{ id: string; mediaId: string; message: string }> = [];
  user = {
    id: '17841400000000001',
    user_id: '17841400000000001',
    username: 'fake.insta',
    name: 'Fake Insta',
    profile_picture_url: 'https://scontent.cdninstagram.com/p.jpg',
  };

  /** The account's counters before reads (each read of them adds one follower). */
  accountStats = { followers: 3200, follows: 180 };
  private accountReads = 0;
  /** Media whose insights Meta withholds for too few viewers (its code 10). */
  readonly tooFewViewers = new Set<string>();

  constructor(version = 'v21.0') {
    super(`/${version}`);
    this.rateLimitCode = 4;
    this.graph('GET', '/:id/insights', (req) => this.insights(req));
    this.route('GET', '/refresh_access_token', (req) => this.refreshToken(req));
    this.anonymousPaths.add('/access_token');
    this.route('GET', '/access_token', (req) => this.exchangeLongLived(req));
    this.graph('GET', '/me', (req) => ({ status: 200, body: this.pick(this.user, this.fieldsOf(req)) }));
    this.graph('POST', '/:user/media', (req) => this.createMedia(req));
    this.graph('POST', '/:user/media_publish', (req) => this.publish(req));
    this.graph('POST', '/:id/comments', (req) => this.comment(req));
    this.graph('GET', '/:user/media', (req) => this.listMedia(req));
    this.graph('GET', '/:id', (req) => this.read(req));
  }

  /** Login flow: the code gives a short-lived token (1 h) and the user id; secret in the body. */
  readonly oauth = new FakeOAuth(this, {
    clientId: 'ig-client',
    clientSecret: 'ig-secret',
    clientAuth: 'body',
    requirePkce: false,
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/access_token',
    issue: () => {
      const token = this.nextId('ig-short-');
      this.shortLived.add(token);
      return { access_token: token, user_id: this.user.id };
    },
  });
  readonly shortLived = new Set<string>();

  /** `ig_exchange_token`: a short-lived token (and the app secret) for a 60-day one. */
  private exchangeLongLived(req: FakeRequest): FakeResponse {
    const q = req.query;
    if (
      q.get('grant_type') !== 'ig_exchange_token' ||
      q.get('client_secret') !== this.oauth.options.clientSecret ||
      !this.shortLived.has(q.get('access_token') ?? '')
    ) {
      return this.graphError(400, 'Invalid OAuth access token', 190, undefined, 'OAuthException');
    }
    this.shortLived.delete(q.get('access_token')!);
    const token = this.nextId('ig-long-');
    this.setToken(token);
    return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 5183944 } };
  }

  private async createMedia(req: FakeRequest): Promise<FakeResponse> {
    if (req.params.user !== this.user.id) return this.graphError(400, 'Unsupported post request.', 100, 33, 'GraphMethodException');
    const p = this.params(req);
    // Alt text is for image containers only (feed images and carousel images).
    if (p.alt_text !== undefined && (p.video_url || p.media_type === 'STORIES' || p.media_type === 'CAROUSEL')) {
      return this.graphError(400, 'Invalid parameter', 100, undefined, 'OAuthException', 'alt_text is only supported for images.');
    }
    if (p.media_type === 'CAROUSEL') {
      const children = (p.children ?? '').split(',').filter(Boolean);
      if (children.length < 2 || children.length > 10)
        return this.graphError(400, 'Invalid parameter', 100, 2207006, 'OAuthException', 'A carousel needs 2 to 10 items.');
      for (const id of children) {
        const child = this.containers.get(id);
        if (!child || child.params.is_carousel_item !== 'true' || this.containerState(child) !== 'FINISHED') {
          return this.graphError(400, 'Invalid parameter', 100, 2207009, 'OAuthException', `Child ${id} is not a finished carousel item.`);
        }
      }
    } else {
      const url = p.video_url ?? p.image_url;
      // A carousel's video item is VIDEO (a reel or story cannot be a carousel item).
      if (p.is_carousel_item === 'true' && p.video_url && p.media_type !== 'VIDEO') {
        return this.graphError(400, 'Invalid parameter', 100, 2207023, 'OAuthException', 'Carousel video items take media_type VIDEO.');
      }
      if (p.video_url && !['REELS', 'STORIES', 'VIDEO'].includes(p.media_type ?? '')) {
        return this.graphError(400, 'Invalid parameter', 100, 2207023, 'OAuthException', 'The media type is unknown. Use REELS or STORIES for video.');
      }
      if (!url) return this.graphError(400, 'Invalid parameter', 100, undefined, 'OAuthException', 'image_url or video_url is required.');
      if (!(await this.download(url))) {
        return this.graphError(400, "Media download has failed. The media URI doesn't meet our requirements.", 9004, 2207052);
      }
    }
    if ((p.caption ?? '').length > 2200) return this.graphError(400, 'Invalid parameter', 100, 2207010, 'OAuthException', 'The caption is too long.');
    return { status: 200, body: { id: this.createContainer(req.params.user, p).id } };
  }

  /** `POST /{ig-media-id}/comments?message=…` → `{id}`; the media must exist. */
  private comment(req: FakeRequest): FakeResponse {
    const media = this.posts.find((m) => m.id === req.params.id);
    if (!media) return this.noSuchObject(req.params.id, 'comment on');
    const message = this.params(req).message;
    if (!message) return this.graphError(400, '(#100) The parameter message is required', 100);
    const comment = { id: this.nextNumber(), mediaId: media.id, message };
    this.comments.push(comment);
    return { status: 200, body: { id: comment.id } };
  }

  private publish(req: FakeRequest): FakeResponse {
    const container = this.containers.get(this.params(req).creation_id ?? '');
    if (!container) return this.graphError(400, 'Invalid parameter', 100, undefined, 'OAuthException', 'creation_id does not exist.');
    if (this.containerState(container) !== 'FINISHED') {
      return this.graphError(
        400,
        'Media ID is not available',
        9007,
        2207027,
        'OAuthException',
        'The media is not ready for publishing, please wait for a moment',
      );
    }
    const id = this.nextNumber();
    container.publishedAs = id;
    const children = (container.params.children ?? '')
      .split(',')
      .filter(Boolean)
      .map((c) => this.containers.get(c)!);
    this.posts.push({
      id,
      owner: container.owner,
      caption: container.params.caption ?? '',
      mediaType: container.params.media_type ?? 'IMAGE',
      mediaUrls: (children.length ? children : [container]).map((c) => c.params.image_url ?? c.params.video_url),
      permalink: `https://www.instagram.com/${container.params.media_type === 'REELS' ? 'reel' : 'p'}/${this.shortcode()}/`,
      timestamp: new Date().toISOString().replace('Z', '+0000'),
    });
    return { status: 200, body: { id } };
  }

  override reset(): void {
    super.reset();
    this.accountStats = { followers: 3200, follows: 180 };
    this.accountReads = 0;
    this.tooFewViewers.clear();
  }

  /** What Instagram calls the media's product: FEED, REELS or STORY. */
  productType(media: FakeInstagramMedia): string {
    return media.mediaType === 'REELS' ? 'REELS' : media.mediaType === 'STORIES' ? 'STORY' : 'FEED';
  }

  /** A media's counters as of now: they grow with its age (seconds) and with every read, so two reads differ. */
  counters(media: FakeInstagramMedia): Record<string, number> {
    const age = Math.floor((Date.now() - Date.parse(media.timestamp.replace('+0000', 'Z'))) / 1000);
    const reads = media.metricReads ?? 0;
    const likes = 10 + 3 * reads + age;
    const comments = 2 + reads;
    const shares = 1 + reads;
    const saved = reads;
    return {
      likes,
      comments,
      shares,
      saved,
      views: 200 + 20 * reads + 5 * age,
      reach: 120 + 10 * reads + 3 * age,
      total_interactions: likes + comments + shares + saved,
    };
  }

  /** `GET /{ig-media-id}/insights?metric=…`: lifetime values; a metric the product type lacks is refused (code 100). */
  private insights(req: FakeRequest): FakeResponse {
    const media = this.posts.find((m) => m.id === req.params.id);
    if (!media) return this.noSuchObject(req.params.id, 'get');
    const allowed = INSTAGRAM_INSIGHTS[this.productType(media)];
    const metrics = (req.query.get('metric') ?? '').split(',').filter(Boolean);
    const refused = metrics.find((m) => !allowed.includes(m));
    if (!metrics.length || refused) {
      return this.graphError(400, `(#100) The Media Insights API does not support the ${refused ?? ''} metric for this media product type.`, 100, 2108006);
    }
    if (this.tooFewViewers.has(media.id)) return this.graphError(400, '(#10) Not enough viewers for the media to show insights', 10);
    media.metricReads = (media.metricReads ?? 0) + 1;
    const counters = this.counters(media);
    const data = metrics.map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: counters[name] ?? 0 }],
      title: name,
      id: `${media.id}/insights/${name}/lifetime`,
    }));
    return { status: 200, body: { data } };
  }

  private read(req: FakeRequest): FakeResponse {
    // The account itself, by id (how a Page token reads it: Facebook Login).
    if (req.params.id === this.user.id) {
      const fields = this.fieldsOf(req);
      const counted = fields.some((f) => ['followers_count', 'follows_count', 'media_count'].includes(f));
      if (counted) this.accountReads += 1;
      const counters = {
        followers_count: this.accountStats.followers + this.accountReads,
        follows_count: this.accountStats.follows,
        media_count: this.posts.filter((m) => m.owner === this.user.id).length,
      };
      return { status: 200, body: this.pick({ ...this.user, ...counters }, fields) };
    }
    const container = this.containers.get(req.params.id);
    if (container) {
      container.polls += 1;
      const state = this.containerState(container);
      const status =
        state === 'ERROR'
          ? `Error: ${container.error}`
          : state === 'FINISHED'
            ? 'Finished: Media has been uploaded and it is complete.'
            : 'In Progress: Media is still being processed.';
      return { status: 200, body: this.pick({ id: container.id, status_code: state, status }, this.fieldsOf(req)) };
    }
    const post = this.posts.find((m) => m.id === req.params.id);
    if (!post) return this.graphError(400, `Unsupported get request. Object with ID '${req.params.id}' does not exist`, 100, 33, 'GraphMethodException');
    const fields = this.fieldsOf(req);
    if (fields.includes('like_count') || fields.includes('comments_count')) post.metricReads = (post.metricReads ?? 0) + 1;
    const counters = this.counters(post);
    // Stories have no like or comment counters: Graph leaves the fields out.
    const story = this.productType(post) === 'STORY';
    const extra = {
      media_type: post.mediaType,
      media_product_type: this.productType(post),
      ...(story ? {} : { like_count: counters.likes, comments_count: counters.comments }),
    };
    return { status: 200, body: this.pick({ ...post, ...extra }, fields) };
  }

  private listMedia(req: FakeRequest): FakeResponse {
    const data = this.posts
      .filter((m) => m.owner === req.params.user)
      .reverse()
      .map((m) => this.pick({ ...m }, this.fieldsOf(req)));
    return { status: 200, body: { data, paging: {} } };
  }

  private refreshToken(req: FakeRequest): FakeResponse {
    if (req.query.get('grant_type') !== 'ig_refresh_token') return this.graphError(400, 'Unsupported grant_type', 100);
    // The old token keeps working until it expires; a new long-lived token is issued.
    const token = this.nextId('IGAA');
    this.setToken(token);
    return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 5183944 } };
  }
}
