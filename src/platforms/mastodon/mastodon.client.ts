import { platformFetch, readJson } from '../platform-http';
import { classifyMastodonError } from './mastodon.errors';

export interface MastodonAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** One Mastodon instance reached with one account's bearer token. */
export class MastodonClient {
  constructor(
    readonly baseUrl: string,
    private readonly accessToken: string,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Calls the instance and returns status + JSON; non-2xx answers become PlatformErrors unless
   * `accept` says the caller handles that status itself (e.g. 422 while media processes).
   */
  async call<T>(
    method: string,
    path: string,
    init: { body?: RequestInit['body']; headers?: Record<string, string>; accept?: (status: number, body: unknown) => boolean } = {},
  ): Promise<MastodonAnswer<T>> {
    const res = await platformFetch(`${this.baseUrl}${path}`, {
      method,
      body: init.body,
      headers: { authorization: `Bearer ${this.accessToken}`, accept: 'application/json', ...init.headers },
      timeoutMs: this.timeoutMs,
    });
    const body = await readJson<T>(res);
    if (!res.ok && !init.accept?.(res.status, body)) throw classifyMastodonError(res.status, res.headers, body);
    return { status: res.status, body: body as T, headers: res.headers };
  }
}
