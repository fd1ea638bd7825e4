import type { ChosenServer } from './chosen-server';
import type { PlatformError } from './platform-adapter';
import { parseJsonLeniently, platformFetchText } from './platform-http';

/** A platform's answer: status, headers and the JSON body (null when empty or not JSON). */
export interface JsonAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface JsonClientOptions {
  /** Headers every call carries (authorization, API version). */
  headers?: Record<string, string>;
  timeoutMs: number;
  /** A server a person chose (Mastodon instance): every call goes through its guard. */
  chosenServer?: ChosenServer;
  /** The platform's error mapping for an answer that is refused. */
  classify: (answer: JsonAnswer<unknown>) => PlatformError;
  /** A 2xx answer that is still an error (Meta Graph's `error` body). */
  isError?: (answer: JsonAnswer<unknown>) => boolean;
}

export interface JsonRequest {
  method?: string;
  /** Sent as `application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: URLSearchParams;
  /** Sent as `application/octet-stream`. */
  bytes?: Uint8Array;
  /** Sent as is (multipart FormData, or a body whose type `headers` names). */
  body?: RequestInit['body'];
  headers?: Record<string, string>;
  /** Refused statuses the caller handles itself (e.g. Mastodon's 422 while media processes). */
  accept?: (status: number, body: unknown) => boolean;
}

/**
 * The one JSON client of the platform adapters: a request (platformFetchText) with the account's
 * headers and timeout (platformFetch's error vocabulary), JSON read leniently, refusals mapped by
 * the platform's own classifier. Each platform's client is this with its headers and classifier.
 */
export class PlatformJsonClient {
  constructor(private readonly options: JsonClientOptions) {}

  async request<T>(url: string, init: JsonRequest = {}): Promise<JsonAnswer<T>> {
    const headers: Record<string, string> = { ...this.options.headers };
    let body: RequestInit['body'] | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = init.form.toString();
    } else if (init.bytes) {
      headers['content-type'] = 'application/octet-stream';
      body = init.bytes;
    }
    Object.assign(headers, init.headers);
    const res = await platformFetchText(url, {
      method: init.method ?? 'GET',
      headers,
      body,
      timeoutMs: this.options.timeoutMs,
      chosenServer: this.options.chosenServer,
    });
    const answer: JsonAnswer<T> = {
      status: res.status,
      // Built when a classifier asks (most answers are read for their body only).
      get headers() {
        return res.headers;
      },
      body: parseJsonLeniently<T>(res.text) as T,
    };
    const refused = !res.ok || (this.options.isError?.(answer) ?? false);
    if (refused && !(!res.ok && init.accept?.(res.status, answer.body))) throw this.options.classify(answer);
    return answer;
  }
}
