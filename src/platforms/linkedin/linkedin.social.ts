import { PlatformError, type PlatformCredentials } from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { linkedInAuthor } from './linkedin.author';
import { LinkedInClient } from './linkedin.client';

/** LinkedIn's reaction types (Reactions API `reactionType`). */
export const LINKEDIN_REACTION_TYPES = ['LIKE', 'PRAISE', 'EMPATHY', 'INTEREST', 'APPRECIATION', 'ENTERTAINMENT'] as const;
export type LinkedInReactionType = (typeof LINKEDIN_REACTION_TYPES)[number];

/** LinkedIn's own limit on comment text. */
export const LINKEDIN_COMMENT_MAX_CHARS = 1250;

export interface LinkedInReaction {
  /** The reaction's key, `urn:li:reaction:(<actor>,<entity>)`: LinkedIn's when it names one. */
  id: string;
  reactionType: LinkedInReactionType;
  /** The member or page that reacted. */
  actor: string;
  /** The post reacted to, as sent. */
  object: string;
}

export interface LinkedInComment {
  /** LinkedIn's numeric comment id. */
  id: string;
  /** `urn:li:comment:(<post or activity URN>,<id>)`. */
  commentUrn: string;
  message: string;
  actor: string;
  object: string;
  parentComment?: string;
}

interface CommentAnswer {
  id?: unknown;
  commentUrn?: unknown;
}

/** `urn:li:comment:(<parent URN>,<id>)` → its id. */
const COMMENT_URN = /^urn:li:comment:\((urn:li:[A-Za-z]+:[^,()]+),(\d+)\)$/;

export function commentIdOf(value: string): string | null {
  if (/^\d+$/.test(value)) return value;
  return COMMENT_URN.exec(value)?.[2] ?? null;
}

export function reactionUrn(actor: string, entity: string): string {
  return `urn:li:reaction:(${actor},${entity})`;
}

/**
 * LinkedIn reactions and comments (Reactions and Comments APIs, versioned REST) as the
 * connection's member or page (`linkedInAuthor`), through the adapter's client: the same
 * `LinkedIn-Version` / `X-Restli-Protocol-Version` headers, timeout and error classifier as
 * publishing. URNs in paths and query values are URL-encoded, as Rest.li 2.0 requires.
 * Scopes: `w_member_social` (pages: `w_organization_social`); LinkedIn's newer Comments pages name
 * them `*_social_feed`.
 *
 * `createComment` is also what a "first comment" under a freshly published post calls.
 */
export class LinkedInSocial {
  constructor(private readonly endpoints: PlatformEndpoints) {}

  /** `POST /rest/reactions?actor=…` `{ root, reactionType }` → 201 (the key in `x-restli-id`). */
  async createReaction(credentials: PlatformCredentials, postUrn: string, reactionType: LinkedInReactionType): Promise<LinkedInReaction> {
    const client = this.client(credentials);
    const actor = linkedInAuthor(credentials);
    const answer = await client.request(`${client.restUrl}/reactions?actor=${encodeURIComponent(actor)}`, {
      method: 'POST',
      json: { root: postUrn, reactionType },
    });
    return { id: answer.headers.get('x-restli-id') ?? reactionUrn(actor, postUrn), reactionType, actor, object: postUrn };
  }

  /** `DELETE /rest/reactions/(actor:…,entity:…)` → 204; answers the key removed. */
  async deleteReaction(credentials: PlatformCredentials, postUrn: string): Promise<string> {
    const client = this.client(credentials);
    const actor = linkedInAuthor(credentials);
    await client.request(`${client.restUrl}/reactions/(actor:${encodeURIComponent(actor)},entity:${encodeURIComponent(postUrn)})`, { method: 'DELETE' });
    return reactionUrn(actor, postUrn);
  }

  /**
   * `POST /rest/socialActions/{post URN}/comments` `{ actor, object, message: { text } }` → 201;
   * `parentComment` (a comment URN) makes it a reply. The text is sent as written (comments are
   * not little text). The id comes from `x-restli-id` (an id or a comment URN), else the body.
   */
  async createComment(credentials: PlatformCredentials, postUrn: string, message: string, options: { parentComment?: string } = {}): Promise<LinkedInComment> {
    const client = this.client(credentials);
    const actor = linkedInAuthor(credentials);
    const parent = options.parentComment ? { parentComment: options.parentComment } : {};
    const answer = await client.request<CommentAnswer | null>(`${client.restUrl}/socialActions/${encodeURIComponent(postUrn)}/comments`, {
      method: 'POST',
      json: { actor, object: postUrn, message: { text: message }, ...parent },
    });
    const header = answer.headers.get('x-restli-id');
    const body = answer.body;
    const id = (header && commentIdOf(header)) ?? (typeof body?.id === 'string' || typeof body?.id === 'number' ? String(body.id) : null);
    if (!id) {
      // The comment is live but we cannot name it: retrying would comment twice.
      throw new PlatformError('PUBLISH_OUTCOME_UNKNOWN', 'LinkedIn created the comment without returning its id', {
        retryable: false,
        httpStatus: answer.status,
        outcomeUnknown: true,
      });
    }
    const commentUrn =
      typeof body?.commentUrn === 'string' ? body.commentUrn : header && COMMENT_URN.test(header) ? header : `urn:li:comment:(${postUrn},${id})`;
    return { id, commentUrn, message, actor, object: postUrn, ...parent };
  }

  /** `DELETE /rest/socialActions/{post URN}/comments/{id}?actor=…` → 204; `commentId` is an id or a comment URN. */
  async deleteComment(credentials: PlatformCredentials, postUrn: string, commentId: string): Promise<void> {
    const id = commentIdOf(commentId);
    if (!id) throw new PlatformError('INVALID_CONTENT', `Not a LinkedIn comment id: ${commentId}`, { retryable: false });
    const client = this.client(credentials);
    const actor = linkedInAuthor(credentials);
    await client.request(`${client.restUrl}/socialActions/${encodeURIComponent(postUrn)}/comments/${id}?actor=${encodeURIComponent(actor)}`, {
      method: 'DELETE',
    });
  }

  private client(credentials: PlatformCredentials): LinkedInClient {
    return new LinkedInClient(this.endpoints, credentials.accessToken);
  }
}
