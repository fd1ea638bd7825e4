import type { FakeRequest, FakeResponse } from './fake-platform-server';
import { FakeOAuth } from './fake-oauth';
import { MetaGraphFake } from './meta-graph.fake';

export interface FakeThreadsPost {
  id: string;
  owner: string;
  mediaType: string;
  text: string;
  mediaUrls: string[];
  replyToId: string | null;
  replyControl: string | null;
  permalink: string;
  timestamp: string;
}

const REPLY_CONTROLS = ['everyone', 'accounts_you_follow', 'mentioned_only'];
const MEDIA_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'];
const USER_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'clicks', 'followers_count', 'follower_demographics'];

/**
 * Threads API (graph.threads.net/v1.0): TEXT/IMAGE/VIDEO/CAROUSEL containers with reply_to_id and
 * reply_control, status polling, threads_publish, permalink, /me, /me/threads, /me/replies and the
 * unversioned `refresh_access_token` (th_refresh_token), and insights: `/{media-id}/insights`
 * (lifetime values that grow with the post's age and with every read of it, `metricReads`) and
 * `/{user-id}/threads_insights` (profile views as a daily series, clicks per link, totals).
 */
export class ThreadsFake extends MetaGraphFake {
  readonly posts: FakeThreadsPost[] = [];
  /** Ids of every `DELETE /{threads-media-id}` answered (deleted or not found), in order; refused ones are only in `calls('DELETE')`. */
  readonly deletes: string[] = [];
  user = { id: '26000000000000001', username: 'fake.threads', name: 'Fake Threads', threads_profile_picture_url: 'https://scontent.cdninstagram.com/t.jpg' };

  constructor(version = 'v1.0') {
    super(`/${version}`);
    this.route('GET', '/refresh_access_token', (req) => this.refreshToken(req));
    this.anonymousPaths.add('/access_token');
    this.route('GET', '/access_token', (req) => this.exchangeLongLived(req));
    this.graph('GET', '/me', (req) => ({ status: 200, body: this.pick(this.user, this.fieldsOf(req)) }));
    this.graph('GET', '/me/threads', (req) => this.list(req, false));
    this.graph('GET', '/me/replies', (req) => this.list(req, true));
    this.graph('POST', '/:user/threads', (req) => this.createContainerFor(req));
    this.graph('POST', '/:user/threads_publish', (req) => this.publish(req));
    this.graph('GET', '/:id/insights', (req) => this.mediaInsights(req));
    this.graph('GET', '/:user/threads_insights', (req) => this.userInsights(req));
    this.graph('GET', '/:id', (req) => this.read(req));
    this.graph('DELETE', '/:id', (req) => this.remove(req));
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
    this.metricReads.clear();
    this.accountReads = 0;
  }

  /** How many times each post's insights were read, by media id. */
  readonly metricReads = new Map<string, number>();
  /** How many times the account's insights were read. */
  accountReads = 0;

  /** The next request matching `match` is refused as Threads refuses a token without threads_manage_insights. */
  refuseMissingScope(match: string | RegExp = '/insights'): void {
    this.refuse(match, { status: 403, code: 10, message: '(#10) Application does not have permission for this action', type: 'THApiException' });
  }

  private unknownMetric(metrics: string[], allowed: string[]): FakeResponse | null {
    const at = metrics.findIndex((m) => !allowed.includes(m));
    if (metrics.length > 0 && at === -1) return null;
    const message = `(#100) metric[${Math.max(at, 0)}] must be one of the following values: ${allowed.join(', ')}`;
    return this.graphError(400, message, 100, undefined, 'THApiException');
  }

  /** Lifetime values of one published post; an id Graph does not have is code 100/33. */
  private mediaInsights(req: FakeRequest): FakeResponse {
    const post = this.posts.find((t) => t.id === req.params.id);
    if (!post) return this.noSuchObject(req.params.id, 'get');
    const metrics = (req.query.get('metric') ?? '').split(',').filter(Boolean);
    const refused = this.unknownMetric(metrics, MEDIA_METRICS);
    if (refused) return refused;
    const reads = (this.metricReads.get(post.id) ?? 0) + 1;
    this.metricReads.set(post.id, reads);
    const age = Math.max(0, Math.floor((req.at.getTime() - Date.parse(post.timestamp.replace('+0000', 'Z'))) / 1000));
    const values: Record<string, number> = {
      views: 10 + 10 * age + 10 * reads,
      likes: 1 + age + 2 * reads,
      replies: Math.floor(age / 3) + reads,
      reposts: Math.floor(age / 2) + reads,
      quotes: Math.floor(age / 5) + reads,
      shares: Math.floor(age / 4) + reads,
    };
    const data = metrics.map((name) => ({
      name,
      period: 'lifetime',
      values: [{ value: values[name] }],
      title: name[0].toUpperCase() + name.slice(1),
      description: `The number of ${name} of your post.`,
      id: `${post.id}/insights/${name}/lifetime`,
    }));
    return { status: 200, body: { data } };
  }

  private userInsights(req: FakeRequest): FakeResponse {
    if (req.params.user !== this.user.id && req.params.user !== 'me') return this.noSuchObject(req.params.user, 'get');
    const metrics = (req.query.get('metric') ?? '').split(',').filter(Boolean);
    const refused = this.unknownMetric(metrics, USER_METRICS);
    if (refused) return refused;
    this.accountReads += 1;
    const r = this.accountReads;
    const day = (offset: number) => new Date(req.at.getTime() - offset * 86400_000).toISOString().replace(/\.\d+Z$/, '+0000');
    const base = (name: string) => ({ name, period: 'day', title: name, description: name, id: `${this.user.id}/insights/${name}/day` });
    const total = (name: string, value: number) => ({ ...base(name), total_value: { value } });
    const answers: Record<string, Record<string, unknown>> = {
      views: {
        ...base('views'),
        values: [
          { value: 5 + r, end_time: day(1) },
          { value: 7 + r, end_time: day(0) },
        ],
      },
      likes: total('likes', 40 + 2 * r),
      replies: total('replies', 9 + r),
      reposts: total('reposts', 6 + r),
      quotes: total('quotes', 2 + r),
      clicks: {
        ...base('clicks'),
        link_total_values: [
          { value: 3 + r, link_url: 'https://example.com/a' },
          { value: 1, link_url: 'https://example.com/b' },
        ],
      },
      followers_count: total('followers_count', 500 + 5 * r),
      follower_demographics: { ...base('follower_demographics'), total_value: { breakdowns: [{ dimension_keys: ['country'], results: [] }] } },
    };
    return { status: 200, body: { data: metrics.map((m) => answers[m]) } };
  }

  /** Login flow: the code gives a short-lived token (1 h) and the user id; secret in the body. */
  readonly oauth = new FakeOAuth(this, {
    clientId: 'th-client',
    clientSecret: 'th-secret',
    clientAuth: 'body',
    requirePkce: false,
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/access_token',
    issue: () => {
      const token = this.nextId('th-short-');
      this.shortLived.add(token);
      return { access_token: token, user_id: this.user.id };
    },
  });
  readonly shortLived = new Set<string>();

  /** `th_exchange_token`: a short-lived token (and the app secret) for a 60-day one. */
  private exchangeLongLived(req: FakeRequest): FakeResponse {
    const q = req.query;
    if (
      q.get('grant_type') !== 'th_exchange_token' ||
      q.get('client_secret') !== this.oauth.options.clientSecret ||
      !this.shortLived.has(q.get('access_token') ?? '')
    ) {
      return this.graphError(400, 'Invalid OAuth access token', 190, undefined, 'OAuthException');
    }
    this.shortLived.delete(q.get('access_token')!);
    const token = this.nextId('th-long-');
    this.setToken(token);
    return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 5183944 } };
  }

  private invalid(userMessage: string, subcode?: number): FakeResponse {
    return this.graphError(400, 'Invalid parameter', 100, subcode, 'THApiException', userMessage);
  }

  private async createContainerFor(req: FakeRequest): Promise<FakeResponse> {
    if (req.params.user !== this.user.id && req.params.user !== 'me') return this.graphError(400, 'Unsupported post request.', 100, 33, 'THApiException');
    const p = this.params(req);
    const type = p.media_type;
    if (!['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'].includes(type ?? '')) return this.invalid('media_type must be TEXT, IMAGE, VIDEO or CAROUSEL');
    if ((p.text ?? '').length > 500) return this.invalid('Param text must be at most 500 characters long.', 2207003);
    if (type === 'TEXT' && !p.text) return this.invalid('text is required for TEXT posts');
    if (p.alt_text !== undefined && type !== 'IMAGE' && type !== 'VIDEO') return this.invalid('alt_text is only supported for IMAGE and VIDEO items');
    if (p.reply_control && !REPLY_CONTROLS.includes(p.reply_control)) return this.invalid('reply_control is invalid');
    if (p.reply_to_id && !this.posts.some((t) => t.id === p.reply_to_id)) return this.invalid('The post you are replying to does not exist');
    if (type === 'IMAGE' || type === 'VIDEO') {
      const url = type === 'IMAGE' ? p.image_url : p.video_url;
      if (!(await this.download(url)))
        return this.graphError(400, 'Media download has failed.', 100, 2207052, 'THApiException', 'The media could not be fetched from this URL.');
    }
    if (type === 'CAROUSEL') {
      const children = (p.children ?? '').split(',').filter(Boolean);
      if (children.length < 2 || children.length > 20) return this.invalid('A carousel needs 2 to 20 items');
      for (const id of children) {
        const child = this.containers.get(id);
        if (!child || child.params.is_carousel_item !== 'true' || this.containerState(child) !== 'FINISHED')
          return this.invalid(`Child ${id} is not a finished carousel item`);
      }
    }
    return { status: 200, body: { id: this.createContainer(req.params.user, p).id } };
  }

  private publish(req: FakeRequest): FakeResponse {
    const container = this.containers.get(this.params(req).creation_id ?? '');
    if (!container) return this.invalid('creation_id does not exist');
    if (this.containerState(container) !== 'FINISHED')
      return this.graphError(
        400,
        'Media Not Ready For Publishing',
        24,
        4279009,
        'THApiException',
        'The media is not ready to be published. Please wait a moment.',
      );
    const id = this.nextNumber();
    container.publishedAs = id;
    const children = (container.params.children ?? '')
      .split(',')
      .filter(Boolean)
      .map((c) => this.containers.get(c)!);
    this.posts.push({
      id,
      owner: this.user.id,
      mediaType: container.params.media_type,
      text: container.params.text ?? '',
      mediaUrls: (children.length ? children : [container]).map((c) => c.params.image_url ?? c.params.video_url).filter(Boolean),
      replyToId: container.params.reply_to_id ?? null,
      replyControl: container.params.reply_control ?? null,
      permalink: `https://www.threads.net/@${this.user.username}/post/${this.shortcode()}`,
      timestamp: new Date().toISOString().replace('Z', '+0000'),
    });
    return { status: 200, body: { id } };
  }

  /** `DELETE /{threads-media-id}` → `{success, deleted_id}`; the post leaves the store. */
  private remove(req: FakeRequest): FakeResponse {
    this.deletes.push(req.params.id);
    const index = this.posts.findIndex((t) => t.id === req.params.id);
    if (index === -1) return this.noSuchObject(req.params.id, 'delete');
    this.posts.splice(index, 1);
    return { status: 200, body: { success: true, deleted_id: req.params.id } };
  }

  private read(req: FakeRequest): FakeResponse {
    const container = this.containers.get(req.params.id);
    if (container) {
      container.polls += 1;
      const status = this.containerState(container);
      return { status: 200, body: this.pick({ id: container.id, status, error_message: container.error }, this.fieldsOf(req)) };
    }
    const post = this.posts.find((t) => t.id === req.params.id);
    if (!post) return this.graphError(400, `Object with ID '${req.params.id}' does not exist`, 100, 33, 'THApiException');
    return { status: 200, body: this.pick({ ...post, media_type: post.mediaType, username: this.user.username }, this.fieldsOf(req)) };
  }

  private list(req: FakeRequest, replies: boolean): FakeResponse {
    const since = Number(req.query.get('since') ?? 0) * 1000;
    const data = this.posts
      .filter((t) => Boolean(t.replyToId) === replies && Date.parse(t.timestamp.replace('+0000', 'Z')) >= since)
      .reverse()
      .map((t) => this.pick({ ...t }, this.fieldsOf(req)));
    return { status: 200, body: { data, paging: {} } };
  }

  private refreshToken(req: FakeRequest): FakeResponse {
    if (req.query.get('grant_type') !== 'th_refresh_token') return this.invalid('Unsupported grant_type');
    const token = this.nextId('THAA');
    this.setToken(token);
    return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 5183944 } };
  }
}
