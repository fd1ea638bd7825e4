import type { PlatformEndpoints } from '../platform-endpoints';
import { PlatformJsonClient } from '../platform-json-client';
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
    const body = init.body instanceof FormData ? { body: init.body } : init.body !== undefined ? { json: init.body } : {};
    return (await this.json.request<T>(url, { method: init.method ?? 'GET', ...body })).body;
  }
}
