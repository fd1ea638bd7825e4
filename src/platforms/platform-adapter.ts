import type { Readable } from 'node:stream';
import type { MediaFacts, PlatformContentRules } from '@app/rules';
import type { ErrorCategory } from './error-category';

/** What an adapter needs of a connection: decrypted tokens and identity. Never logged. */
export interface PlatformCredentials {
  /** The platform's own account id (Bluesky: the DID); the compound id is built from it (`compoundPlatformId`). */
  externalId: string;
  accessToken: string;
  refreshToken?: string | null;
  accessTokenExpiresAt?: Date | null;
  username?: string | null;
  /** Mastodon instance base URL or Bluesky PDS base URL (e.g. `https://bsky.social`). */
  instanceUrl?: string | null;
  /** Telegram: `bot`, `channel`, ...; the bot token is the access token. */
  type?: string | null;
  /**
   * Called when an adapter had to refresh tokens in the middle of a call (Bluesky answers
   * `ExpiredToken` and rotates the refresh JWT on refreshSession): the caller persists them, or
   * the rotated refresh token is lost.
   */
  onTokensRefreshed?: (tokens: RefreshedTokens) => Promise<void> | void;
}

/** One media file attached to a post, reachable both as a public URL and as bytes. */
export interface MediaItem extends MediaFacts {
  /** Public URL the platform can fetch (Meta, TikTok pull, Pinterest). */
  url: string;
  /** Opens the bytes for upload; each call returns a fresh stream. */
  open(): Promise<Readable>;
  /** The user's description of the file for screen readers (sent where the platform takes it). */
  altText?: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
  frameRate?: number;
}

export interface PublishRequest {
  content: string;
  media: MediaItem[];
  /** Merged platformSettings for this platform (tiktok, instagram, youtube, threads keys). */
  settings: Record<string, unknown>;
  /** Stable per attempt chain of one platform post: adapters pass it where the platform dedupes. */
  idempotencyKey: string;
  /** Platform-native id of the previous part when publishing a reply chain (threads). */
  replyToId?: string;
}

export interface PublishResult {
  /** Platform-native id of the created post. */
  postedId: string;
  publishedUrl: string;
}

export interface ValidationResult {
  ok: boolean;
  username: string;
  permissions: string[];
  message: string;
  /** Expiry reported by the platform, when it tells. */
  tokenExpiresAt?: Date | null;
  displayName?: string | null;
  profileImageUrl?: string | null;
}

export interface RefreshedTokens {
  accessToken: string;
  refreshToken?: string | null;
  accessTokenExpiresAt?: Date | null;
}

export type PlatformErrorCode =
  | 'PLATFORM_AUTH_EXPIRED'
  | 'RATE_LIMITED'
  | 'INVALID_CONTENT'
  | 'CONTENT_TOO_LARGE'
  | 'PLATFORM_SERVER_ERROR'
  | 'NETWORK_ERROR'
  | 'TIMEOUT_ERROR'
  | 'PLATFORM_VALIDATION_ERROR'
  | 'PUBLISH_OUTCOME_UNKNOWN'
  | 'UNKNOWN_ERROR';

/**
 * Every failure an adapter reports. `requestSent` tells the publisher whether the platform may
 * have acted on the request (a timeout after sending): such an attempt is never retried blindly.
 */
export class PlatformError extends Error {
  constructor(
    readonly code: PlatformErrorCode,
    message: string,
    readonly options: {
      retryable: boolean;
      httpStatus?: number;
      /** Milliseconds to wait before retrying (Retry-After, reset headers). */
      retryAfterMs?: number;
      /** The platform's own error text or code, for logs. */
      platformError?: string | null;
      /** True when the request may have reached the platform and the outcome is unknown. */
      outcomeUnknown?: boolean;
      /** For reply chains: ids already live when a later part failed. */
      publishedIds?: string[];
      /** Where the platform tells more than the code (a missing scope, a refused file): see error-category.ts. */
      category?: ErrorCategory;
    } = { retryable: false },
  ) {
    super(message);
    this.name = 'PlatformError';
  }
  get retryable(): boolean {
    return this.options.retryable;
  }
  get httpStatus(): number | undefined {
    return this.options.httpStatus;
  }
}

/** Adapter behaviour is uniform so the publisher, test-connection and token upkeep need no switch. */
export interface PlatformAdapter {
  readonly platform: string;
  readonly rules: PlatformContentRules;
  /** Returns a clear message when the post cannot be published on this platform, else null. */
  checkContent(request: Pick<PublishRequest, 'content' | 'media' | 'settings'>): string | null;
  publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult>;
  /** Health check used by test-connection. Never throws for auth problems: returns ok=false. */
  validate(credentials: PlatformCredentials): Promise<ValidationResult>;
  /**
   * false: test-connection never validates this platform's connections, although publishing
   * works (the spec: "Pinterest connections also exist (no health validator)").
   */
  readonly healthValidator?: false;
  /** Why test-connection cannot check a connection of this type (e.g. not a bot), or null. */
  connectionTestRefusal?(connectionType: string | null): string | null;
  /** Present where the platform has token refresh. */
  refresh?(credentials: PlatformCredentials): Promise<RefreshedTokens>;
  /**
   * Reconciliation after an attempt with unknown outcome: finds a post of this account with the
   * same content created at or after `since`, where the platform lets us look.
   */
  findPublished?(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null>;
  /**
   * Present where the platform's API deletes a post. Deletes every id given (a reply chain's
   * parts, last first); an id the platform no longer has counts as deleted. Throws PlatformError.
   */
  unpublish?(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void>;
  /** How many posts one `postMetrics` call takes (X 100, Bluesky 25; 1 where the API reads one post per call). */
  readonly metricsBatchSize?: number;
  /**
   * Present where the platform's API gives per-post metrics: the counters of each post asked for,
   * as of now. Throws PlatformError (a missing scope with category `permission_missing`, a 429 as
   * RATE_LIMITED with `retryAfterMs`).
   */
  postMetrics?(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer>;
  /** Present where the platform gives account metrics (followers and what else it counts), as of now. */
  accountMetrics?(credentials: PlatformCredentials): Promise<MetricValues>;
  /**
   * Present where the platform lets the author comment under their own post (a reply on X,
   * Threads, Bluesky, Mastodon; a comment on LinkedIn, Facebook, Instagram, YouTube): the
   * comment's id and address. Throws PlatformError; `outcomeUnknown` when it may have been created.
   */
  publishComment?(credentials: PlatformCredentials, request: CommentRequest): Promise<PublishResult>;
}

/**
 * A post's or an account's counters. The shared names where a counter is one of them (`likes`,
 * `reposts`, `replies`, `impressions`, `views`; accounts: `followers`, `following`, `posts`), the
 * platform's other counters under the platform's own field names. A counter the platform does not
 * give is absent, never 0.
 */
export type MetricValues = Record<string, number>;

/** One published post to read metrics of. */
export interface PostMetricsRequest {
  postedId: string;
  publishedUrl?: string | null;
  publishedAt?: Date | null;
}

/** Each post's counters by `postedId`; a post the platform no longer has or will not show is in `missing`, with why. */
export interface PostMetricsAnswer {
  metrics: Map<string, MetricValues>;
  missing: Map<string, string>;
}

/** A first comment to publish under a published post. */
export interface CommentRequest {
  content: string;
  /** The published post (for a reply chain, its first part). */
  parent: { postedId: string; publishedUrl?: string | null };
  /** Stable across attempts of one comment, where the platform dedupes on it. */
  idempotencyKey: string;
}

/** A published platform post to delete: its id and, for a reply chain, every part's id in order. */
export interface UnpublishTarget {
  postedId: string;
  partIds?: string[];
  publishedUrl?: string | null;
}
