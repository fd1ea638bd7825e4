import {
  CommentRequest,
  MetricValues,
  PlatformAdapter,
  PlatformCredentials,
  PostMetricsAnswer,
  PostMetricsRequest,
  PlatformError,
  PublishRequest,
  PublishResult,
  RefreshedTokens,
  UnpublishTarget,
  ValidationResult,
} from '../platform-adapter';
import { PLATFORM_CONTENT_RULES } from '@app/rules';
import { beforeCreate, failedValidation, pollTiming, AdapterBase, refreshUnavailable, watchedRefresh, unpublishOrder } from '../adapter-kit';
import { isRecordGone } from './bluesky.errors';
import { BLUESKY_METRICS_BATCH, readBlueskyAccountMetrics, readBlueskyPostMetrics } from './bluesky.metrics';
import { uploadBlueskyImages, uploadBlueskyVideo } from './bluesky.media';
import { detectFacets } from './bluesky.richtext';
import { BlueskySession, readJwtClaims, refreshBlueskySession } from './bluesky.session';

const DEFAULT_PDS = 'https://bsky.social';
const POST_COLLECTION = 'app.bsky.feed.post';

interface StrongRef {
  uri: string;
  cid: string;
}

interface PostRecordValue {
  text: string;
  createdAt: string;
  reply?: { root: StrongRef; parent: StrongRef };
}

/** `at://did/app.bsky.feed.post/rkey` → its parts. */
export function parseAtUri(uri: string): { repo: string; collection: string; rkey: string } {
  const m = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!m) throw new PlatformError('PLATFORM_VALIDATION_ERROR', `Not a Bluesky post URI: ${uri}`, { retryable: false });
  return { repo: m[1], collection: m[2], rkey: m[3] };
}

export const blueskyPostUrl = (uri: string): string => {
  const { repo, rkey } = parseAtUri(uri);
  return `https://bsky.app/profile/${repo}/post/${rkey}`;
};

/**
 * Bluesky (AT Protocol) on the account's PDS (`instanceUrl`, default bsky.social). The access
 * token is the session's accessJwt and the refresh token its refreshJwt; `externalId` is the DID.
 * A post is one `createRecord` of `app.bsky.feed.post` with facets for links and hashtags and an
 * images or video embed. `postedId` is the post's at:// URI.
 */
export class BlueskyAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'bluesky' as const;
  readonly rules = PLATFORM_CONTENT_RULES.bluesky;

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const session = this.session(credentials);
    const polling = pollTiming(this.endpoints);
    const images = request.media.filter((m) => m.kind === 'image');
    const video = request.media.find((m) => m.kind === 'video');

    const embed = await beforeCreate(async () => {
      if (video) return uploadBlueskyVideo(session, video, this.endpoints.blueskyVideoUrl, polling);
      if (images.length > 0) return uploadBlueskyImages(session, images);
      return undefined;
    });
    const reply = request.replyToId ? await beforeCreate(() => this.replyRefs(session, request.replyToId!)) : undefined;
    const facets = detectFacets(request.content);

    const record = {
      $type: POST_COLLECTION,
      text: request.content,
      createdAt: new Date().toISOString(),
      ...(facets.length > 0 ? { facets } : {}),
      ...(embed ? { embed } : {}),
      ...(reply ? { reply } : {}),
    };
    const created = await session.call<StrongRef>('com.atproto.repo.createRecord', {
      method: 'POST',
      json: { repo: session.did, collection: POST_COLLECTION, record },
    });
    return { postedId: created.uri, publishedUrl: blueskyPostUrl(created.uri) };
  }

  /**
   * `com.atproto.repo.deleteRecord` for each part's record, last first. `postedId` is the post's
   * at:// URI (a reply target may carry `|cid`); its last segment is the rkey. The PDS treats a
   * record that is not there as deleted, and so do we.
   */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    const session = this.session(credentials);
    for (const id of unpublishOrder(target)) {
      const { repo, collection, rkey } = parseAtUri(id.split('|')[0]);
      await session.call('com.atproto.repo.deleteRecord', { method: 'POST', json: { repo, collection, rkey }, accept: isRecordGone });
    }
  }

  /**
   * A first comment: a reply whose root and parent are both the post ({uri, cid}; the cid is read
   * from the post's record, as for any reply).
   */
  publishComment(credentials: PlatformCredentials, request: CommentRequest): Promise<PublishResult> {
    return this.publish(credentials, {
      content: request.content,
      media: [],
      settings: {},
      idempotencyKey: request.idempotencyKey,
      replyToId: request.parent.postedId,
    });
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    const session = this.session(credentials);
    try {
      const info = await session.call<{ did: string; handle: string; active?: boolean; status?: string }>('com.atproto.server.getSession', {
        method: 'GET',
      });
      if (info.active === false) return failedValidation(credentials, `Bluesky account is not active (${info.status ?? 'deactivated'})`);
      const claims = readJwtClaims(session.currentAccessToken);
      return {
        ok: true,
        username: info.handle,
        permissions: claims.scope ? [claims.scope] : ['com.atproto.access'],
        message: 'Connection is valid',
        tokenExpiresAt: claims.expiresAt,
      };
    } catch (err) {
      return failedValidation(credentials, { label: 'Bluesky', error: err });
    }
  }

  /** refreshSession rotates the refresh JWT: the returned one replaces the stored one. */
  refresh(credentials: PlatformCredentials): Promise<RefreshedTokens> {
    const refreshJwt = credentials.refreshToken;
    if (!refreshJwt) return refreshUnavailable('Bluesky connection has no refresh token');
    return watchedRefresh(credentials, () =>
      refreshBlueskySession(this.pdsUrl(credentials), refreshJwt, this.endpoints.requestTimeoutMs, this.endpoints.instanceGuard),
    );
  }

  /** Lists the account's latest post records and matches the exact text created since `since`. */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const session = this.session(credentials);
    const { records } = await session.call<{ records: Array<StrongRef & { value: PostRecordValue }> }>('com.atproto.repo.listRecords', {
      method: 'GET',
      query: { repo: session.did, collection: POST_COLLECTION, limit: '50' },
    });
    const match = records.find((r) => r.value.text === request.content && Date.parse(r.value.createdAt) >= since.getTime() - 1000);
    return match ? { postedId: match.uri, publishedUrl: blueskyPostUrl(match.uri) } : null;
  }

  readonly metricsBatchSize = BLUESKY_METRICS_BATCH;

  /** `app.bsky.feed.getPosts` (≤25 at-URIs a call): likes, reposts, replies, quoteCount, bookmarkCount. */
  postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    return readBlueskyPostMetrics(this.session(credentials), posts);
  }

  /** `app.bsky.actor.getProfile` of the account's DID. */
  accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    return readBlueskyAccountMetrics(this.session(credentials));
  }

  /**
   * A reply names the thread's root and the direct parent, both as {uri, cid}. `replyToId` is the
   * parent's URI (optionally `uri|cid`); the parent record tells us the root.
   */
  private async replyRefs(session: BlueskySession, replyToId: string): Promise<{ root: StrongRef; parent: StrongRef }> {
    const [uri] = replyToId.split('|');
    const { repo, collection, rkey } = parseAtUri(uri);
    const parent = await session.call<StrongRef & { value: PostRecordValue }>('com.atproto.repo.getRecord', {
      method: 'GET',
      query: { repo, collection, rkey },
    });
    const parentRef = { uri: parent.uri, cid: parent.cid };
    return { root: parent.value.reply?.root ?? parentRef, parent: parentRef };
  }

  private pdsUrl(credentials: PlatformCredentials): string {
    return (credentials.instanceUrl || DEFAULT_PDS).replace(/\/+$/, '');
  }

  private session(credentials: PlatformCredentials): BlueskySession {
    return new BlueskySession(this.pdsUrl(credentials), credentials, this.endpoints.requestTimeoutMs, this.endpoints.instanceGuard);
  }
}
