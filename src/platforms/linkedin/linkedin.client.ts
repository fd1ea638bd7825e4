import type { PlatformEndpoints } from '../platform-endpoints';
import { platformFetch, readJson } from '../platform-http';
import { classifyLinkedInError } from './linkedin.errors';

/** The versioned API we speak; LinkedIn supports each monthly version for a year. */

export interface LinkedInAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Authenticated calls to LinkedIn's versioned REST API: every call carries `LinkedIn-Version`
 * and `X-Restli-Protocol-Version: 2.0.0`, one timeout, one error mapping.
 */
export class LinkedInClient {
  constructor(
    private readonly endpoints: PlatformEndpoints,
    private readonly accessToken: string,
  ) {}

  get restUrl(): string {
    return `${this.endpoints.linkedinApiUrl}/rest`;
  }

  async request<T>(url: string, init: { method?: string; json?: unknown; bytes?: Buffer } = {}): Promise<LinkedInAnswer<T>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.accessToken}`,
      'linkedin-version': this.endpoints.linkedinVersion,
      'x-restli-protocol-version': '2.0.0',
    };
    let body: string | Uint8Array | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.bytes) {
      headers['content-type'] = 'application/octet-stream';
      body = init.bytes;
    }
    const res = await platformFetch(url, {
      method: init.method ?? 'GET',
      headers,
      body,
      timeoutMs: this.endpoints.requestTimeoutMs,
    });
    const json = await readJson(res);
    if (!res.ok) throw classifyLinkedInError({ status: res.status, headers: res.headers, body: json });
    return { status: res.status, headers: res.headers, body: json as T };
  }
}
