import type { PlatformEndpoints } from '../platform-endpoints';
import { PlatformJsonClient, type JsonAnswer } from '../platform-json-client';
import { classifyLinkedInError } from './linkedin.errors';

export type LinkedInAnswer<T> = JsonAnswer<T>;

/**
 * Authenticated calls to LinkedIn's versioned REST API: every call carries `LinkedIn-Version`
 * (LinkedIn supports each monthly version for a year) and `X-Restli-Protocol-Version: 2.0.0`,
 * one timeout, one error mapping.
 */
export class LinkedInClient {
  private readonly json: PlatformJsonClient;

  constructor(
    private readonly endpoints: PlatformEndpoints,
    accessToken: string,
  ) {
    this.json = new PlatformJsonClient({
      headers: {
        authorization: `Bearer ${accessToken}`,
        'linkedin-version': endpoints.linkedinVersion,
        'x-restli-protocol-version': '2.0.0',
      },
      timeoutMs: endpoints.requestTimeoutMs,
      classify: classifyLinkedInError,
    });
  }

  get restUrl(): string {
    return `${this.endpoints.linkedinApiUrl}/rest`;
  }

  /** `accept`: refused statuses the caller handles itself (a delete's 404). */
  request<T>(
    url: string,
    init: { method?: string; json?: unknown; bytes?: Buffer; accept?: (status: number, body: unknown) => boolean } = {},
  ): Promise<LinkedInAnswer<T>> {
    return this.json.request<T>(url, init);
  }
}
