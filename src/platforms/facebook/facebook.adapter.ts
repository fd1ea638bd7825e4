import type { PlatformAdapter, PlatformCredentials, PublishRequest, PublishResult, UnpublishTarget, ValidationResult } from '../platform-adapter';
import { PLATFORM_CONTENT_RULES } from '@app/rules';
import { beforeCreate, failedValidation, AdapterBase } from '../adapter-kit';
import { GraphClient } from '../meta-graph';

const LABEL = PLATFORM_CONTENT_RULES.facebook.label;
/** Page permissions posting needs; a page token cannot list its own permissions. */
const REQUIRED_PERMISSIONS = ['pages_manage_posts', 'pages_read_engagement', 'pages_show_list'];

interface Created {
  id: string;
  permalink_url?: string;
}

/**
 * Facebook Pages via the Graph API with a page access token (`externalId` is the page id).
 * Text goes to the page feed; images are uploaded unpublished and attached to one feed post;
 * a video is published from its public URL. Page tokens do not expire, so there is no refresh.
 */
export class FacebookAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'facebook' as const;
  readonly rules = PLATFORM_CONTENT_RULES.facebook;

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const client = this.client(credentials);
    const pageId = credentials.externalId;
    const video = request.media.find((m) => m.kind === 'video');

    if (video) {
      // One call both uploads (Facebook pulls file_url) and publishes: it is the create call.
      const created = await client.post<Created>(`/${pageId}/videos?fields=id,permalink_url`, {
        file_url: video.url,
        description: request.content,
        published: true,
      });
      return { postedId: created.id, publishedUrl: absoluteUrl(created.permalink_url) ?? `https://www.facebook.com/${pageId}/videos/${created.id}` };
    }

    // Unpublished photos are invisible until attached, so uploading them is safe to retry.
    const photoIds = await beforeCreate(async () => {
      const ids: string[] = [];
      for (const image of request.media) {
        const photo = await client.post<{ id: string }>(`/${pageId}/photos`, { url: image.url, published: false });
        ids.push(photo.id);
      }
      return ids;
    });

    // The create call: the feed post goes live here.
    const created = await client.post<Created>(`/${pageId}/feed?fields=id,permalink_url`, {
      message: request.content,
      attached_media: photoIds.length ? photoIds.map((id) => ({ media_fbid: id })) : undefined,
      published: true,
    });
    return { postedId: created.id, publishedUrl: absoluteUrl(created.permalink_url) ?? `https://www.facebook.com/${created.id}` };
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      const me = await this.client(credentials).get<{ id: string; name: string; picture?: { data?: { url?: string } } }>('/me', {
        fields: 'id,name,picture',
      });
      return {
        ok: true,
        username: me.name,
        permissions: REQUIRED_PERMISSIONS,
        message: 'Connection is valid',
        displayName: me.name,
        profileImageUrl: me.picture?.data?.url ?? null,
        tokenExpiresAt: credentials.accessTokenExpiresAt ?? null,
      };
    } catch (err) {
      return failedValidation(credentials, { label: LABEL, error: err });
    }
  }

  /** A page feed post with the same message created at or after `since`. */
  async findPublished(credentials: PlatformCredentials, request: PublishRequest, since: Date): Promise<PublishResult | null> {
    const answer = await this.client(credentials).get<{ data?: Array<{ id: string; message?: string; permalink_url?: string }> }>(
      `/${credentials.externalId}/feed`,
      { fields: 'id,message,permalink_url,created_time', since: Math.floor(since.getTime() / 1000) - 1, limit: 25 },
    );
    const match = (answer.data ?? []).find((p) => (p.message ?? '').trim() === request.content.trim());
    return match ? { postedId: match.id, publishedUrl: absoluteUrl(match.permalink_url) ?? `https://www.facebook.com/${match.id}` } : null;
  }

  /** `DELETE /{page-post-id}` with the Page token (feed posts and videos alike); a post already gone counts as deleted. */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    await this.client(credentials).delete(`/${target.postedId}`);
  }

  private client(credentials: PlatformCredentials): GraphClient {
    return new GraphClient(this.endpoints.facebookApiUrl, credentials.accessToken, this.endpoints.requestTimeoutMs, LABEL);
  }
}

/** Video permalinks come back site-relative (`/reel/123`). */
function absoluteUrl(url: string | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `https://www.facebook.com${url}` : url;
}
