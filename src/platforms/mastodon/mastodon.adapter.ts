import {
  CommentRequest,
  MetricValues,
  PlatformAdapter,
  PlatformCredentials,
  PlatformError,
  PostMetricsAnswer,
  PostMetricsRequest,
  PublishRequest,
  PublishResult,
  UnpublishTarget,
  ValidationResult,
} from '../platform-adapter';
import { PLATFORM_CONTENT_RULES } from '@app/rules';
import { beforeCreate, failedValidation, pollTiming, sleep, AdapterBase, unpublishOrder } from '../adapter-kit';
import { MastodonClient } from './mastodon.client';
import { isMediaStillProcessing } from './mastodon.errors';
import { uploadMastodonMedia } from './mastodon.media';
import { MASTODON_METRICS_BATCH, readMastodonAccountMetrics, readMastodonPostMetrics } from './mastodon.metrics';
import { mastodonHtmlToText, normalizeForMatch } from './mastodon.reconcile';

interface MastodonStatus {
  id: string;
  url: string | null;
  uri: string;
  content: string;
  created_at: string;
}

interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  display_name?: string;
  avatar?: string;
}

/** What a token needs for publishing; Mastodon does not report a user token's scopes. */
const NEEDED_SCOPES = ['read:accounts', 'read:statuses', 'write:media', 'write:statuses'];

/**
 * Mastodon: statuses on the connection's own instance (`instanceUrl`). Media is uploaded first
 * (processing asynchronously for video), then one `POST /api/v1/statuses` makes the post live;
 * its `Idempotency-Key` lets the instance drop a duplicate of a retried attempt.
 */
export class MastodonAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'mastodon' as const;
  readonly rules = PLATFORM_CONTENT_RULES.mastodon;

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const client = this.client(credentials);
    const polling = pollTiming(this.endpoints);
    const mediaIds: string[] = [];
    for (const item of request.media) {
      mediaIds.push(await beforeCreate(() => uploadMastodonMedia(client, item, polling)));
    }

    const form = new URLSearchParams({ status: request.content, visibility: 'public' });
    for (const id of mediaIds) form.append('media_ids[]', id);
    if (request.replyToId) form.set('in_reply_to_id', request.replyToId);

    // Posting before the instance has finished an attachment answers 422; wait and try again.
    const deadline = Date.now() + this.endpoints.processingTimeoutMs;
    for (;;) {
      const res = await client.call<MastodonStatus>('POST', '/api/v1/statuses', {
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': request.idempotencyKey },
        accept: (status, body) => isMediaStillProcessing(status, body) && Date.now() + this.endpoints.pollIntervalMs < deadline,
      });
      if (res.status < 300) return { postedId: res.body.id, publishedUrl: res.body.url ?? res.body.uri };
      await sleep(this.endpoints.pollIntervalMs);
    }
  }

  /**
   * `DELETE /api/v1/statuses/:id` on the connection's instance, each part last first.
   * `delete_media` (4.4+, ignored before) drops the attachments at once instead of keeping them a
   * day for redrafting. A status the instance does not have (404) is already deleted.
   */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    const client = this.client(credentials);
    for (const id of unpublishOrder(target)) {
      await client.call('DELETE', `/api/v1/statuses/${encodeURIComponent(id)}?delete_media=true`, { accept: (status) => status === 404 });
    }
  }

  /**
   * A first comment: a public reply to the post (`in_reply_to_id`), with the comment's own
   * Idempotency-Key, so a resend within the instance's hour returns the same status.
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
    if (!credentials.instanceUrl) return failedValidation(credentials, 'Mastodon connection has no instance URL');
    try {
      const { body } = await this.client(credentials).call<MastodonAccount>('GET', '/api/v1/accounts/verify_credentials');
      return {
        ok: true,
        username: body.acct || body.username,
        permissions: NEEDED_SCOPES,
        message: 'Connection is valid',
        displayName: body.display_name || null,
        profileImageUrl: body.avatar || null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: 'Mastodon', error: err });
    }
  }

  /** Looks for a status of this account with the same text created at or after `since`. */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const { body } = await this.client(credentials).call<MastodonStatus[]>(
      'GET',
      `/api/v1/accounts/${encodeURIComponent(credentials.externalId)}/statuses?limit=40&exclude_reblogs=true`,
    );
    const wanted = normalizeForMatch(request.content);
    const match = (body ?? []).find((s) => Date.parse(s.created_at) >= since.getTime() - 1000 && mastodonHtmlToText(s.content) === wanted);
    return match ? { postedId: match.id, publishedUrl: match.url ?? match.uri } : null;
  }

  readonly metricsBatchSize = MASTODON_METRICS_BATCH;

  /** `GET /api/v1/statuses?id[]=…` (≤20, 4.3+; one status a call before): likes, reposts, replies, quotes_count. */
  async postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    return readMastodonPostMetrics(this.client(credentials), posts);
  }

  /** `GET /api/v1/accounts/verify_credentials`: followers, following, posts. */
  async accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    return readMastodonAccountMetrics(this.client(credentials));
  }

  private client(credentials: PlatformCredentials): MastodonClient {
    if (!credentials.instanceUrl) {
      throw new PlatformError('PLATFORM_VALIDATION_ERROR', 'Mastodon connection has no instance URL', { retryable: false, category: 'configuration' });
    }
    return new MastodonClient(
      credentials.instanceUrl.replace(/\/+$/, ''),
      credentials.accessToken,
      this.endpoints.requestTimeoutMs,
      this.endpoints.instanceGuard,
    );
  }
}
