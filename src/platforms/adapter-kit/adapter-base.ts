import type { PlatformContentRules } from '@app/rules';
import type { PublishRequest } from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { checkPlatformContent } from './content-checks';

export type ContentRequest = Pick<PublishRequest, 'content' | 'media' | 'settings'>;

/**
 * What every adapter has alike: its endpoints and its content check — the shared rules of its row
 * in PLATFORM_CONTENT_RULES, then its own (`ownContentRules`, overridden only by the adapters that
 * have some), then file sizes. Publishing, health checks and refresh stay each adapter's own.
 */
export abstract class AdapterBase {
  abstract readonly rules: PlatformContentRules;

  constructor(protected readonly endpoints: PlatformEndpoints) {}

  /** The first reason the post cannot be published on this platform, or null. */
  checkContent(request: ContentRequest): string | null {
    return checkPlatformContent(this.rules, request, (r) => this.ownContentRules(r));
  }

  /** The platform's own content rules (settings, hashtags, frame rate, …): none unless overridden. */
  protected ownContentRules(_request: ContentRequest): string | null {
    return null;
  }
}
