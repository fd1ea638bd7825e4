import {
  PlatformError,
  type MetricValues,
  type PlatformAdapter,
  type PlatformCredentials,
  type CommentRequest,
  type PostMetricsAnswer,
  type PostMetricsRequest,
  type PublishRequest,
  type PublishResult,
  type RefreshedTokens,
  type UnpublishTarget,
  type ValidationResult,
} from '../platform-adapter';
import { PLATFORM_CONTENT_RULES } from '@app/rules';
import { basicAuth, beforeCreate, failedValidation, refreshOAuthToken, AdapterBase, refreshUnavailable, unpublishOrder, watchedRefresh } from '../adapter-kit';
import { TwitterClient } from './twitter.client';
import { TWEET_NOT_FOUND, twitterErrorText } from './twitter.errors';
import { uploadTwitterMedia } from './twitter.media';
import { readTweetMetrics, readTwitterAccountMetrics, TWITTER_METRICS_BATCH } from './twitter.metrics';

/** Scopes our OAuth 2.0 connection asks for; X does not report them on /2/users/me. */
const REQUIRED_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];

interface TweetAnswer {
  data: { id: string; text: string };
}
interface DeleteAnswer {
  data?: { deleted?: boolean };
  errors?: Array<{ type?: string; detail?: string; message?: string }>;
  type?: string;
}
interface UserAnswer {
  data: { id: string; username: string; name?: string; profile_image_url?: string };
}
interface TimelineAnswer {
  data?: Array<{ id: string; text: string; created_at?: string; referenced_tweets?: Array<{ type: string; id: string }> }>;
}

/**
 * X (API v2) with an OAuth 2.0 user token: posts via `POST /2/tweets`, media via the v2 media
 * upload endpoints, replies for reply chains, refresh via `POST /2/oauth2/token`.
 */
export class TwitterAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'twitter' as const;
  readonly rules = PLATFORM_CONTENT_RULES.twitter;

  /** Length is not checked: the publisher splits long content into a reply chain (autoThreads). */
  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const client = new TwitterClient(this.endpoints, credentials.accessToken);

    // Uploads first, one at a time: nothing is public until POST /2/tweets.
    const mediaIds = await beforeCreate(async () => {
      const ids: string[] = [];
      for (const item of request.media) ids.push(await uploadTwitterMedia(client, this.endpoints, item));
      return ids;
    });

    const body: Record<string, unknown> = { text: request.content };
    if (mediaIds.length > 0) body.media = { media_ids: mediaIds };
    if (request.replyToId) body.reply = { in_reply_to_tweet_id: request.replyToId };

    // The create call: a timeout here keeps outcomeUnknown so the publisher reconciles first.
    const answer = await client.request<TweetAnswer>(`${client.apiUrl}/2/tweets`, { method: 'POST', body });
    return { postedId: answer.data.id, publishedUrl: this.tweetUrl(credentials, answer.data.id) };
  }

  /** A first comment: a reply to the post (`reply.in_reply_to_tweet_id`), through the same create call. */
  publishComment(credentials: PlatformCredentials, request: CommentRequest): Promise<PublishResult> {
    return this.publish(credentials, {
      content: request.content,
      media: [],
      settings: {},
      idempotencyKey: request.idempotencyKey,
      replyToId: request.parent.postedId,
    });
  }

  /**
   * `DELETE /2/tweets/:id` for each part, last first. A tweet X no longer has (404, or a
   * resource-not-found problem) is already what we want; other refusals are X's errors.
   */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    const client = new TwitterClient(this.endpoints, credentials.accessToken);
    for (const id of unpublishOrder(target)) {
      const res = await client.answer<DeleteAnswer | null>(`${client.apiUrl}/2/tweets/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        accept: (status) => status === 404,
      });
      const gone = res.status === 404 || res.body?.type === TWEET_NOT_FOUND || (res.body?.errors ?? []).some((e) => e.type === TWEET_NOT_FOUND);
      if (gone || res.body?.data?.deleted === true) continue;
      const text = twitterErrorText(res.body);
      throw new PlatformError('UNKNOWN_ERROR', `X did not delete tweet ${id}${text ? `: ${text}` : ''}`, {
        retryable: false,
        httpStatus: res.status,
        platformError: text,
      });
    }
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    const client = new TwitterClient(this.endpoints, credentials.accessToken);
    try {
      const me = await client.request<UserAnswer>(`${client.apiUrl}/2/users/me?user.fields=name,username,profile_image_url`);
      return {
        ok: true,
        username: me.data.username,
        permissions: REQUIRED_SCOPES,
        message: 'Connection is valid',
        displayName: me.data.name ?? null,
        profileImageUrl: me.data.profile_image_url ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: 'X', error: err });
    }
  }

  /**
   * OAuth 2.0 refresh. X rotates refresh tokens: the answer's refresh_token replaces ours and the
   * old one stops working, so it must be stored.
   */
  async refresh(credentials: PlatformCredentials): Promise<RefreshedTokens> {
    const refreshToken = credentials.refreshToken;
    if (!refreshToken) return refreshUnavailable('No X refresh token stored; reconnect the account');
    const client = this.endpoints.clients.twitter;
    // Confidential clients authenticate with Basic; public (PKCE) clients send only client_id.
    return watchedRefresh(credentials, () =>
      refreshOAuthToken({
        platform: 'X',
        url: `${this.endpoints.twitterApiUrl}/2/oauth2/token`,
        form: { refresh_token: refreshToken, ...(client?.clientId ? { client_id: client.clientId } : {}) },
        headers: client?.clientSecret ? { authorization: basicAuth(client.clientId, client.clientSecret) } : undefined,
        previousRefreshToken: refreshToken,
        timeoutMs: this.endpoints.requestTimeoutMs,
      }),
    );
  }

  /** Looks through the account's tweets since `since` for one with the same text (and reply target). */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const client = new TwitterClient(this.endpoints, credentials.accessToken);
    const query = new URLSearchParams({
      start_time: new Date(since.getTime() - 1000).toISOString(),
      max_results: '100',
      'tweet.fields': 'created_at,referenced_tweets',
    });
    const timeline = await client.request<TimelineAnswer>(`${client.apiUrl}/2/users/${encodeURIComponent(credentials.externalId)}/tweets?${query}`);
    const wanted = comparableText(request.content);
    const match = (timeline.data ?? []).find(
      (tweet) =>
        comparableText(tweet.text) === wanted &&
        (!request.replyToId || (tweet.referenced_tweets ?? []).some((r) => r.type === 'replied_to' && r.id === request.replyToId)),
    );
    return match ? { postedId: match.id, publishedUrl: this.tweetUrl(credentials, match.id) } : null;
  }

  readonly metricsBatchSize = TWITTER_METRICS_BATCH;

  /** `GET /2/tweets?ids=…` (≤100 a call): public counters, and the private ones for posts under 30 days. */
  postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    return readTweetMetrics(new TwitterClient(this.endpoints, credentials.accessToken), posts);
  }

  /** `GET /2/users/me?user.fields=public_metrics`. */
  accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    return readTwitterAccountMetrics(new TwitterClient(this.endpoints, credentials.accessToken));
  }

  private tweetUrl(credentials: PlatformCredentials, id: string): string {
    return credentials.username ? `https://x.com/${credentials.username}/status/${id}` : `https://x.com/i/web/status/${id}`;
  }
}

/**
 * X returns text HTML-escaped, with links rewritten to t.co and media links appended, so both
 * sides drop links, unescape and collapse whitespace before comparing.
 */
export function comparableText(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
