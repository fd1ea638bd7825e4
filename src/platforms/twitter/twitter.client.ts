import type { PlatformEndpoints } from '../platform-endpoints';
import { PlatformJsonClient, type JsonAnswer } from '../platform-json-client';
import { classifyTwitterError } from './twitter.errors';

/** Authenticated calls to X with one timeout and one error mapping. */
export class TwitterClient {
  private readonly json: PlatformJsonClient;

  constructor(
    private readonly endpoints: PlatformEndpoints,
    accessToken: string,
  ) {
    this.json = new PlatformJsonClient({
      headers: { authorization: `Bearer ${accessToken}` },
      timeoutMs: endpoints.requestTimeoutMs,
      classify: classifyTwitterError,
    });
  }

  get apiUrl(): string {
    return this.endpoints.twitterApiUrl;
  }

  get uploadUrl(): string {
    return this.endpoints.twitterUploadUrl;
  }

  /** JSON in, JSON out; `body` objects are sent as JSON, FormData as multipart. */
  async request<T>(url: string, init: { method?: string; body?: object | FormData } = {}): Promise<T> {
    return (await this.answer<T>(url, init)).body;
  }

  /** As `request`, with the status, and `accept` naming refusals the caller reads itself (a 404 on delete). */
  async answer<T>(url: string, init: { method?: string; body?: object | FormData; accept?: (status: number) => boolean } = {}): Promise<JsonAnswer<T>> {
    const body = init.body instanceof FormData ? { body: init.body } : init.body !== undefined ? { json: init.body } : {};
    return this.json.request<T>(url, { method: init.method ?? 'GET', ...body, ...(init.accept ? { accept: init.accept } : {}) });
  }
}
