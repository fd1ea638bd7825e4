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

/**
 * Threads API (graph.threads.net/v1.0): TEXT/IMAGE/VIDEO/CAROUSEL containers with reply_to_id and
 * reply_control, status polling, threads_publish, permalink, /me, /me/threads, /me/replies and the
 * unversioned `refresh_access_token` (th_refresh_token).
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
    this.graph('GET', '/:id', (req) => this.read(req));
    this.graph('DELETE', '/:id', (req) => this.remove(req));
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
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
