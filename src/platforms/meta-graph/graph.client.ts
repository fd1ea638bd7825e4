import { PlatformError } from '../platform-adapter';
import { PlatformJsonClient } from '../platform-json-client';
import { classifyGraphError, isGraphObjectGone } from './graph.errors';

export type GraphParams = Record<string, string | number | boolean | object | null | undefined>;

/**
 * Calls to one Meta Graph host (graph.instagram.com, graph.threads.net, graph.facebook.com).
 * Parameters go the way Meta documents them: query string for GET, form body for POST, with
 * the token as `access_token`; structured values (attached_media, children) are sent as JSON.
 */
export class GraphClient {
  private readonly json: PlatformJsonClient;

  constructor(
    readonly baseUrl: string,
    private readonly accessToken: string,
    timeoutMs: number,
    /** Platform name used in error messages ("Instagram", "Threads", "Facebook"). */
    readonly label: string,
  ) {
    this.json = new PlatformJsonClient({
      timeoutMs,
      classify: (answer) => classifyGraphError(label, answer),
      // Graph may answer an error with a 200 and an `error` body.
      isError: (answer) => !!(answer.body as { error?: unknown } | null)?.error,
    });
  }

  async get<T>(path: string, params: GraphParams = {}): Promise<T> {
    const query = encode({ ...params, access_token: this.accessToken });
    return (await this.json.request<T>(`${this.baseUrl}${path}?${query}`)).body;
  }

  /** A GET of an object that may be gone: null when Graph says it does not have it (404, or code 100/33). */
  async getIfExists<T>(path: string, params: GraphParams = {}): Promise<T | null> {
    const query = encode({ ...params, access_token: this.accessToken });
    const answer = await this.json.request<T>(`${this.baseUrl}${path}?${query}`, { accept: (status, body) => isGraphObjectGone(status, body) });
    return answer.status >= 300 ? null : answer.body;
  }

  async post<T>(path: string, params: GraphParams = {}): Promise<T> {
    return (await this.json.request<T>(`${this.baseUrl}${path}`, { method: 'POST', form: encode({ ...params, access_token: this.accessToken }) })).body;
  }

  /**
   * Deletes an object (`DELETE /{id}`, token in the query). An object Graph no longer has
   * resolves as well: deleting is asked for again after a lost answer, and must then succeed.
   */
  async delete(path: string): Promise<void> {
    const query = encode({ access_token: this.accessToken });
    const answer = await this.json.request<{ success?: boolean } | null>(`${this.baseUrl}${path}?${query}`, {
      method: 'DELETE',
      accept: (status, body) => isGraphObjectGone(status, body),
    });
    if (answer.status < 300 && answer.body?.success === false) {
      throw new PlatformError('UNKNOWN_ERROR', `${this.label} did not delete ${path.slice(1)}`, { retryable: false, httpStatus: answer.status });
    }
  }
}

function encode(params: GraphParams): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    form.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}
