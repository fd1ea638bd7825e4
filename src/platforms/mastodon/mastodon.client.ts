import type { OutboundGuard } from '../../common/outbound/outbound-guard';
import { PlatformJsonClient, type JsonAnswer } from '../platform-json-client';
import { classifyMastodonError } from './mastodon.errors';

export type MastodonAnswer<T> = JsonAnswer<T>;

/** One Mastodon instance reached with one account's bearer token. */
export class MastodonClient {
  private readonly json: PlatformJsonClient;

  constructor(
    readonly baseUrl: string,
    accessToken: string,
    timeoutMs: number,
    /** The instances' guard: every call checked and pinned, redirects refused. */
    guard: OutboundGuard,
  ) {
    this.json = new PlatformJsonClient({
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      timeoutMs,
      chosenServer: { guard, label: 'Mastodon' },
      classify: (a) => classifyMastodonError(a.status, a.headers, a.body),
    });
  }

  /**
   * Calls the instance and returns status + JSON; non-2xx answers become PlatformErrors unless
   * `accept` says the caller handles that status itself (e.g. 422 while media processes).
   */
  async call<T>(
    method: string,
    path: string,
    init: { body?: RequestInit['body']; headers?: Record<string, string>; accept?: (status: number, body: unknown) => boolean } = {},
  ): Promise<MastodonAnswer<T>> {
    return this.json.request<T>(`${this.baseUrl}${path}`, { method, ...init });
  }
}
