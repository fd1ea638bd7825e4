import { platformFetch, readJson } from '../platform-http';
import { classifyGraphError } from './graph.errors';

export type GraphParams = Record<string, string | number | boolean | object | null | undefined>;

/**
 * Calls to one Meta Graph host (graph.instagram.com, graph.threads.net, graph.facebook.com).
 * Parameters go the way Meta documents them: query string for GET, form body for POST, with
 * the token as `access_token`; structured values (attached_media, children) are sent as JSON.
 */
export class GraphClient {
  constructor(
    readonly baseUrl: string,
    private readonly accessToken: string,
    private readonly timeoutMs: number,
    /** Platform name used in error messages ("Instagram", "Threads", "Facebook"). */
    readonly label: string,
  ) {}

  get<T>(path: string, params: GraphParams = {}): Promise<T> {
    const query = encode({ ...params, access_token: this.accessToken });
    return this.send<T>(`${this.baseUrl}${path}?${query}`, { method: 'GET' });
  }

  post<T>(path: string, params: GraphParams = {}): Promise<T> {
    return this.send<T>(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encode({ ...params, access_token: this.accessToken }),
    });
  }

  private async send<T>(url: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<T> {
    const res = await platformFetch(url, { ...init, timeoutMs: this.timeoutMs });
    const body = await readJson(res);
    if (!res.ok || (body as { error?: unknown } | null)?.error) {
      throw classifyGraphError(this.label, { status: res.status, headers: res.headers, body });
    }
    return body as T;
  }
}

function encode(params: GraphParams): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    form.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}
