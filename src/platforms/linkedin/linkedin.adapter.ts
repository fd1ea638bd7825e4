import {
  PlatformError,
  type MediaItem,
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
import { codePointLength, LINKEDIN_DOCUMENT_TITLE_LIMIT, linkedInDocumentTitle, PLATFORM_CONTENT_RULES } from '@app/rules';
import { platformFetch, readJson } from '../platform-http';
import { beforeCreate, failedValidation, refreshOAuthToken, AdapterBase, type ContentRequest, refreshUnavailable, watchedRefresh } from '../adapter-kit';
import { linkedInAuthor } from './linkedin.author';
import { LinkedInClient } from './linkedin.client';
import { classifyLinkedInError } from './linkedin.errors';
import { uploadLinkedInDocument, uploadLinkedInImage, uploadLinkedInVideo } from './linkedin.media';
import { linkedInAccountMetrics, linkedInPostMetrics } from './linkedin.metrics';
import { LinkedInSocial } from './linkedin.social';
import { toLinkedInCommentary } from './linkedin.text';

const LABEL = PLATFORM_CONTENT_RULES.linkedin.label;

interface UserInfo {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  email?: string;
}

export { linkedInAuthor } from './linkedin.author';

/**
 * LinkedIn Posts API (versioned REST): text, one image, a multi-image grid (2–20), one video or
 * one document (PDF, with a title), with commentary escaped as little text.
 */
export class LinkedInAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'linkedin' as const;
  readonly rules = PLATFORM_CONTENT_RULES.linkedin;

  protected override ownContentRules({ settings }: ContentRequest): string | null {
    const title = settings.documentTitle;
    if (title === undefined || title === null) return null;
    if (typeof title !== 'string') return 'LinkedIn documentTitle must be text';
    const length = codePointLength(title);
    if (length > LINKEDIN_DOCUMENT_TITLE_LIMIT) {
      return `LinkedIn documentTitle must be at most ${LINKEDIN_DOCUMENT_TITLE_LIMIT} characters (currently ${length})`;
    }
    return null;
  }

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const client = new LinkedInClient(this.endpoints, credentials.accessToken);
    const author = linkedInAuthor(credentials);

    // Uploads are invisible until the post exists, so they are safe to retry.
    const content = await beforeCreate(async () => {
      // Alone in its post (the content rules): uploaded through the Documents API, shown with its title.
      const document = request.media.find((m) => m.kind === 'document');
      if (document) {
        return { media: { id: await uploadLinkedInDocument(client, author, document), title: linkedInDocumentTitle(request.settings, document.fileName) } };
      }
      const video = request.media.find((m) => m.kind === 'video');
      if (video) return { media: { id: await uploadLinkedInVideo(client, this.endpoints, author, video), ...altTextOf(video) } };
      const images: Array<{ id: string; altText?: string }> = [];
      for (const image of request.media) images.push({ id: await uploadLinkedInImage(client, author, image), ...altTextOf(image) });
      if (images.length === 0) return undefined;
      if (images.length === 1) return { media: images[0] };
      return { multiImage: { images } };
    });

    const post = {
      author,
      commentary: toLinkedInCommentary(request.content),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      ...(content ? { content } : {}),
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    };
    // The create call: its timeout stays outcome-unknown.
    const answer = await client.request(`${client.restUrl}/posts`, { method: 'POST', json: post });
    const urn = answer.headers.get('x-restli-id');
    if (!urn) {
      // The post is live but we cannot name it; report it as unknown so the publisher does not repost.
      throw new PlatformError('PUBLISH_OUTCOME_UNKNOWN', 'LinkedIn created the post without returning its id', {
        retryable: false,
        httpStatus: answer.status,
        outcomeUnknown: true,
      });
    }
    return { postedId: urn, publishedUrl: `https://www.linkedin.com/feed/update/${urn}` };
  }

  /**
   * A first comment: the Comments API call the LinkedIn comment routes make, as the post's author.
   * A comment created without an id is PUBLISH_OUTCOME_UNKNOWN (never resent).
   */
  async publishComment(credentials: PlatformCredentials, request: CommentRequest): Promise<PublishResult> {
    const postUrn = request.parent.postedId;
    const comment = await new LinkedInSocial(this.endpoints).createComment(credentials, postUrn, request.content);
    return {
      postedId: comment.commentUrn,
      publishedUrl: `https://www.linkedin.com/feed/update/${postUrn}?commentUrn=${encodeURIComponent(comment.commentUrn)}`,
    };
  }

  /**
   * Reconciliation: the author's latest posts (`GET /rest/posts?q=author`, newest first; members
   * need r_member_social, organisations r_organization_social) — one with this commentary created
   * at or after `since`.
   */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const client = new LinkedInClient(this.endpoints, credentials.accessToken);
    const author = linkedInAuthor(credentials);
    const { body } = await client.request<{ elements?: Array<{ id?: string; commentary?: string; createdAt?: number }> }>(
      `${client.restUrl}/posts?author=${encodeURIComponent(author)}&q=author&count=50&sortBy=CREATED`,
    );
    const commentary = toLinkedInCommentary(request.content);
    const match = (body?.elements ?? []).find((p) => p.id && p.commentary === commentary && (p.createdAt ?? 0) >= since.getTime() - 1000);
    return match ? { postedId: match.id!, publishedUrl: `https://www.linkedin.com/feed/update/${match.id}` } : null;
  }

  /**
   * `DELETE /rest/posts/{url-encoded URN}` → 204, with the versioned headers. A post LinkedIn no
   * longer has (404, 410, with LinkedIn's JSON error body: not a wrong API address) is already
   * what we want.
   */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    const client = new LinkedInClient(this.endpoints, credentials.accessToken);
    await client.request(`${client.restUrl}/posts/${encodeURIComponent(target.postedId)}`, {
      method: 'DELETE',
      accept: (status, body) => (status === 404 || status === 410) && body !== null && typeof body === 'object',
    });
  }

  /** memberCreatorPostAnalytics reads one post per call (one call per counter). */
  readonly metricsBatchSize = 1;

  /** Member posts' lifetime counters (r_member_postAnalytics). */
  async postMetrics(credentials: PlatformCredentials, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
    memberOnly(credentials);
    return linkedInPostMetrics(new LinkedInClient(this.endpoints, credentials.accessToken), posts);
  }

  /** The member's follower total (r_member_profileAnalytics). */
  async accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    memberOnly(credentials);
    return linkedInAccountMetrics(new LinkedInClient(this.endpoints, credentials.accessToken));
  }

  /** OpenID userinfo: works for every member token and tells us who it belongs to. */
  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      const res = await platformFetch(`${this.endpoints.linkedinApiUrl}/v2/userinfo`, {
        headers: { authorization: `Bearer ${credentials.accessToken}` },
        timeoutMs: this.endpoints.requestTimeoutMs,
      });
      const body = await readJson<UserInfo>(res);
      if (!res.ok || !body) throw classifyLinkedInError({ status: res.status, headers: res.headers, body });
      const isOrganization = linkedInAuthor(credentials).startsWith('urn:li:organization:');
      return {
        ok: true,
        username: body.name ?? body.email ?? body.sub,
        // userinfo does not list scopes; these are the ones posting needs.
        permissions: ['openid', 'profile', isOrganization ? 'w_organization_social' : 'w_member_social'],
        message: 'Connection is valid',
        displayName: body.name ?? null,
        profileImageUrl: body.picture ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: LABEL, error: err });
    }
  }

  /**
   * Programmatic refresh exists only for LinkedIn-approved partner apps; others have no refresh
   * token and must reconnect every 60 days. Refreshing does not extend the refresh token's own
   * lifetime, but LinkedIn may return one, which we keep.
   */
  async refresh(credentials: PlatformCredentials): Promise<RefreshedTokens> {
    const refreshToken = credentials.refreshToken;
    if (!refreshToken) return refreshUnavailable('LinkedIn token cannot be refreshed for this app; reconnect the account');
    const client = this.endpoints.clients.linkedin;
    return watchedRefresh(credentials, () =>
      refreshOAuthToken({
        platform: 'LinkedIn',
        url: `${this.endpoints.linkedinOAuthUrl}/oauth/v2/accessToken`,
        form: { refresh_token: refreshToken, client_id: client?.clientId ?? '', client_secret: client?.clientSecret ?? '' },
        previousRefreshToken: refreshToken,
        timeoutMs: this.endpoints.requestTimeoutMs,
      }),
    );
  }
}

/** Page posts have their own statistics API (organizationalEntityShareStatistics), not read here. */
function memberOnly(credentials: PlatformCredentials): void {
  if (linkedInAuthor(credentials).startsWith('urn:li:organization:')) {
    throw new PlatformError('PLATFORM_VALIDATION_ERROR', 'LinkedIn metrics are read for member accounts only, not for pages', {
      retryable: false,
      category: 'configuration',
    });
  }
}

/** `altText` of content.media and multiImage.images[], only when the user gave one. */
function altTextOf(item: MediaItem): { altText?: string } {
  return item.altText ? { altText: item.altText } : {};
}
