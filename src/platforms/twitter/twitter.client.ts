import type { PlatformEndpoints } from '../platform-endpoints';
import { platformFetch, readJson } from '../platform-http';
import { classifyTwitterError } from './twitter.errors';

/** Authenticated calls to X with one timeout and one error mapping. */
export class TwitterClient {
  constructor(
    private readonly endpoints: PlatformEndpoints,
    private readonly accessToken: string,
  ) {}

  get apiUrl(): string {
    return this.endpoints.twitterApiUrl;
  }

  get uploadUrl(): string {
    return this.endpoints.twitterUploadUrl;
  }

  /** JSON in, JSON out; `body` objects are sent as JSON, FormData as multipart. */
  async request<T>(url: string, init: { method?: string; body?: object | FormData } = {}): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.accessToken}` };
    let body: FormData | string | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const res = await platformFetch(url, {
      method: init.method ?? 'GET',
      headers,
      body,
      timeoutMs: this.endpoints.requestTimeoutMs,
    });
    const json = await readJson(res);
    if (!res.ok) throw classifyTwitterError({ status: res.status, headers: res.headers, body: json });
    return json as T;
  }
}
